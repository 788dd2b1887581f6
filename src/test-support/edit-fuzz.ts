import { EDIT_SYNTAX } from "../ingestion/edit/edit-syntax.js";
import type { DeclarationContainer, DeclarationSite } from "../model/edit-ports.js";
import { planEdit, type EditOperation } from "../tools/edit/edit-plan.js";
import { decodeSource, lineEndOf, lineStartOf, normalizeContent } from "../tools/edit/source-text.js";

/**
 * Random edits of real files, checked for the edit tools' promises: a valid edit keeps every other
 * declaration byte-identical, touches nothing beyond the target's lines and the blank lines next to them,
 * and leaves the file parseable; invalid content is refused before anything is written. Shared by the
 * property test (sample projects and ts-graph's own sources) and `npm run bench:edit` (a corpus).
 */

/** Content that parses as what each container holds, in JavaScript as in TypeScript. */
export function validContent(container: DeclarationContainer, seed: number): string {
  switch (container) {
    case "statements":
      return seed % 2 === 0
        ? `const __edit${seed} = ${seed};`
        : `function __edit${seed}(a) {\n    if (a) {\n        return a + ${seed};\n    }\n    return \`x\n  y${seed}\`;\n}`;
    case "class":
      return `__edit${seed}() {\n  return ${seed};\n}`;
    case "interface":
      return `__edit${seed}: number;`;
    case "object":
      return `__edit${seed}() {\n  return ${seed};\n}`;
    case "enum":
      return `__Edit${seed} = ${seed}`;
  }
}

/** Ways to break content: each leaves it unparseable wherever it goes. */
const BREAKERS: readonly ((content: string) => string)[] = [
  (content) => `${content}\n{`,
  (content) => `(${content}`,
  (content) => `${content} )`,
  (content) => `${content}\n\`unterminated`,
];

export function invalidContent(container: DeclarationContainer, seed: number): string {
  const breaker = BREAKERS[seed % BREAKERS.length] as (content: string) => string;
  return breaker(validContent(container, seed));
}

export type FuzzOutcome =
  | { readonly status: "refused"; readonly why: string }
  | { readonly status: "applied"; readonly problems: readonly string[] };

function commonPrefix(a: string, b: string, limitFromEnd: number): number {
  let length = 0;
  while (length < a.length - limitFromEnd && length < b.length - limitFromEnd && a[length] === b[length]) length += 1;
  return length;
}

function commonSuffix(a: string, b: string, limitFromStart: number): number {
  let length = 0;
  while (
    length < a.length - limitFromStart &&
    length < b.length - limitFromStart &&
    a[a.length - 1 - length] === b[b.length - 1 - length]
  )
    length += 1;
  return length;
}

/** The text of every declaration that does not overlap [from, to), as a multiset. */
function textsOutside(body: string, sites: Iterable<DeclarationSite>, from: number, to: number): Map<string, number> {
  const texts = new Map<string, number>();
  for (const site of sites) {
    if (site.end > from && site.commentStart < to) continue;
    const text = body.slice(site.start, site.end);
    texts.set(text, (texts.get(text) ?? 0) + 1);
  }
  return texts;
}

/** The editable declarations of a file's text, in source order. */
export function editableSites(file: string, body: string): DeclarationSite[] {
  return [...EDIT_SYNTAX.declarations(file, body).values()]
    .filter((site) => site.notEditable === undefined)
    .sort((a, b) => a.start - b.start);
}

/**
 * Applies one planned edit (in memory) and checks it. A valid edit may be refused only for a stated reason
 * (the declaration shares a line with other code); an applied one must keep the promises above.
 */
export function fuzzEdit(
  file: string,
  bytes: Buffer,
  site: DeclarationSite,
  operation: EditOperation,
  content: string,
): FuzzOutcome {
  const decoded = decodeSource(bytes);
  if (!decoded.ok) return { status: "refused", why: decoded.why };
  const { body } = decoded.source;
  const contentErrors =
    operation === "delete" ? [] : EDIT_SYNTAX.syntaxErrors(file, normalizeContent(content), site.container);
  if (contentErrors.length > 0) return { status: "refused", why: "content does not parse" };
  const plan = planEdit(decoded.source, {
    operation,
    site,
    content,
    literalLines: EDIT_SYNTAX.literalLines(file, normalizeContent(content)),
  });
  if (!plan.ok) return { status: "refused", why: plan.why };
  if (EDIT_SYNTAX.syntaxErrors(file, plan.body).length > EDIT_SYNTAX.syntaxErrors(file, body).length)
    return { status: "refused", why: "file does not parse" };
  const problems: string[] = [];
  // Nothing changed before the line above the target's first line, nor after the line below its last.
  // Repeated text makes the changed window ambiguous: its start is checked where it is latest (common prefix
  // first), its end where it is earliest (common suffix first).
  const prefix = commonPrefix(body, plan.body, 0);
  const suffixFirst = commonSuffix(body, plan.body, 0);
  const firstLine = lineStartOf(body, site.commentStart);
  const allowedFrom = firstLine === 0 ? 0 : lineStartOf(body, firstLine - 1);
  const afterLast = body.indexOf("\n", lineEndOf(body, site.end));
  const allowedTo =
    afterLast < 0
      ? body.length
      : body.indexOf("\n", afterLast + 1) < 0
        ? body.length
        : body.indexOf("\n", afterLast + 1) + 1;
  if (prefix < allowedFrom) problems.push(`changed at ${prefix}, before the allowed ${allowedFrom}`);
  const changedTo = body.length - suffixFirst;
  if (changedTo > allowedTo) problems.push(`changed up to ${changedTo}, after the allowed ${allowedTo}`);
  // Every other declaration is still there, byte for byte.
  const before = textsOutside(body, EDIT_SYNTAX.declarations(file, body).values(), site.commentStart, site.end);
  const after = new Map<string, number>();
  for (const other of EDIT_SYNTAX.declarations(file, plan.body).values()) {
    const text = plan.body.slice(other.start, other.end);
    after.set(text, (after.get(text) ?? 0) + 1);
  }
  for (const [text, count] of before) {
    if ((after.get(text) ?? 0) < count) problems.push(`lost or changed: ${JSON.stringify(text.slice(0, 80))}`);
  }
  return { status: "applied", problems };
}
