import path from "node:path";
import { describeNode, type SymbolNode } from "../inputs/symbol-address.js";
import { echoed, plural } from "../answer/text.js";
import type { ToolContext, ToolResult } from "../tool-contract.js";
import type { CodeReference, DeclarationSite, EditSupport } from "../../model/edit-ports.js";
import { ToolInputError } from "../tool-errors.js";
import { loneSurrogateIn, overloadChoice, renameBy, withoutLoneSurrogates } from "./content-rules.js";
import {
  checkSyntax,
  finishEdit,
  readTarget,
  recoverBeforeEdit,
  referencesList,
  requireEditSupport,
  type EditTarget,
  type PreparedFile,
} from "./edit-flow.js";
import { planEdit, type EditOperation } from "./edit-plan.js";
import { locateForEdit } from "./locate.js";
import { incomingReferences } from "./query.js";
import { normalizeContent } from "./source-text.js";
import { unifiedDiff } from "./unified-diff.js";

import type { DeleteInput, RenameInput } from "./handler.js";

export interface DeclarationEditInput {
  readonly symbol: string;
  readonly file?: string | undefined;
  readonly line?: number | undefined;
  readonly expectedHash?: string | undefined;
  readonly dryRun: boolean;
  readonly content?: string;
  readonly replaceLoneSurrogates?: boolean;
  readonly allowRename?: boolean;
}

interface Prepared {
  readonly node: SymbolNode;
  readonly support: EditSupport;
  readonly target: EditTarget;
  readonly site: DeclarationSite;
  /** The root's interrupted edits this call finished first, as notes (edit-flow.ts, recoverBeforeEdit). */
  readonly recovered: readonly string[];
}

/** The target, its text as it is now, and the edit support; first, the root's interrupted edits finished. */
async function prepare(context: ToolContext, input: DeclarationEditInput): Promise<Omit<Prepared, "site">> {
  const recovered = recoverBeforeEdit(context);
  const support = await requireEditSupport(context);
  const node = await locateForEdit(context, input, support);
  const target = readTarget(context, node.file, input.expectedHash);
  return { node, support, target, recovered };
}

/** The target with its site in the text as it is now. */
async function prepareSite(context: ToolContext, input: DeclarationEditInput): Promise<Prepared> {
  const prepared = await prepare(context, input);
  return { ...prepared, site: siteOf(prepared.support, prepared.target, prepared.node) };
}

function siteOf(support: EditSupport, target: EditTarget, node: SymbolNode) {
  const { site } = support.syntax.locate(target.file, target.source.body, node);
  if (site === undefined) {
    throw new ToolInputError(
      `${node.key} is not declared in ${target.file} as it is on disk; re-index (ts-graph index) and retry.`,
    );
  }
  return site;
}

/** The content to write, with lone surrogates refused (or replaced when asked). */
function contentOf(input: DeclarationEditInput, node: SymbolNode, operation: EditOperation): string {
  const content = input.content ?? "";
  const lone = loneSurrogateIn(content);
  if (lone === undefined) return content;
  if (input.replaceLoneSurrogates === true) return withoutLoneSurrogates(content);
  throw new ToolInputError(
    `Cannot ${operation.replace("_", " ")} ${describeNode(node)}: the content holds a lone UTF-16 surrogate (${lone.unit}) at line ${lone.line}, column ${lone.column}, which UTF-8 cannot encode. Give the whole character (both halves of its surrogate pair), write it as an escape inside a string (\\u${lone.unit.slice(2)}), or pass replaceLoneSurrogates to write U+FFFD instead. Nothing was written.`,
    { reason: "lone-surrogate", ...lone },
  );
}

/** A replace's site (an overloaded declaration's implementation alone, unless the content brings signatures) and what it kept. */
function replaceSite(
  support: EditSupport,
  target: EditTarget,
  node: SymbolNode,
  site: DeclarationSite,
  input: DeclarationEditInput,
  content: string,
) {
  const declared = support.syntax.contentDeclarations(target.file, normalizeContent(content), site.container);
  const name = nameOf(node);
  const renamed = renameBy(declared, name);
  if (renamed !== undefined && input.allowRename !== true) {
    throw new ToolInputError(
      `Cannot replace ${describeNode(node)}: ${renamed}. Give content that declares ${name}, rename it with rename_symbol (which changes its references too), or pass allowRename to replace it anyway. Nothing was written.`,
      { reason: "renamed", declared: declared.names },
    );
  }
  const choice = overloadChoice(site, declared, name);
  if (!choice.ok)
    throw new ToolInputError(`Cannot replace ${describeNode(node)}: ${choice.why}. Nothing was written.`, {
      reason: "overloads",
    });
  return choice;
}

export async function runDeclarationEdit(
  operation: EditOperation,
  input: DeclarationEditInput,
  context: ToolContext,
  prepared?: Prepared,
  notes: string[] = [],
): Promise<ToolResult> {
  const { node, support, target, site: located, recovered } = prepared ?? (await prepareSite(context, input));
  notes.unshift(...recovered);
  let site = located;
  const content = operation === "delete" ? "" : contentOf(input, node, operation);
  if (operation === "replace") {
    const choice = replaceSite(support, target, node, site, input, content);
    site = choice.site;
    if (choice.note !== undefined) notes.push(choice.note);
  }
  const plan = planEdit(target.source, {
    operation,
    site,
    content,
    literalLines:
      operation === "delete" ? new Set() : support.syntax.literalLines(target.file, normalizeContent(content)),
  });
  if (!plan.ok)
    throw new ToolInputError(
      `Cannot ${operation.replace("_", " ")} ${describeNode(node)}: ${plan.why}. Nothing was written.`,
    );
  checkSyntax(
    support,
    target,
    plan.body,
    operation === "delete" ? undefined : { text: content, container: site.container },
  );
  const file: PreparedFile = { target, body: plan.body, diff: unifiedDiff(target.file, target.source.body, plan.body) };
  return finishEdit(context, support, {
    action: `${operation} ${node.key}`,
    dryRun: input.dryRun,
    files: [file],
    notes,
  });
}

/** The references to a declaration the language service finds outside it (uses the graph has no edge for), as a refusal's list. */
function codeReferencesOf(context: ToolContext, support: EditSupport, prepared: Prepared): CodeUses {
  const { target, site } = prepared;
  let all: readonly CodeReference[];
  try {
    all = support.language().references(target.absolute, site.nameStart);
  } catch (failure) {
    return { error: failure instanceof Error ? failure.message : String(failure) };
  }
  const outside = all.filter(
    (reference) =>
      reference.file !== target.absolute || reference.start < site.commentStart || reference.start >= site.end,
  );
  // One entry a line: `export { x as y }` names the declaration twice.
  const found = [...new Map(outside.map((reference) => [`${reference.file}:${reference.line}`, reference])).values()];
  const relative = (file: string): string => path.relative(context.root, file).split(path.sep).join("/");
  const shown = found
    .slice(0, 20)
    .map((reference) => `\n  - ${relative(reference.file)}:${reference.line}: ${reference.text.slice(0, 120)}`);
  const more = found.length > 20 ? `\n  - … ${plural(found.length - 20, "more")}` : "";
  const uses = found.map((reference) => ({
    file: relative(reference.file),
    line: reference.line,
    text: reference.text,
  }));
  return { listed: shown.join("") + more, uses };
}

type CodeUses =
  | {
      readonly listed: string;
      readonly uses: readonly { readonly file: string; readonly line: number; readonly text: string }[];
    }
  | { readonly error: string };

/** delete_symbol's edit (handler.ts loads this module on the first edit). */
export async function runDelete(input: DeleteInput, context: ToolContext): Promise<ToolResult> {
  const prepared = await prepareSite(context, input);
  const { node, support } = prepared;
  if (!input.force) {
    const references = incomingReferences(context.db, node);
    if (references.length > 0) {
      throw new ToolInputError(
        `${node.key} is referred to by ${plural(references.length, "edge")}; delete or change them first, or pass force to delete anyway. Nothing was written.${referencesList(references)}`,
        { reason: "referenced", references },
      );
    }
    const found = codeReferencesOf(context, support, prepared);
    if ("error" in found) {
      const note = `uses the graph has no edge for (\`export default\`, re-exports) were not looked for: the language service failed (${found.error})`;
      return runDeclarationEdit("delete", input, context, prepared, [note]);
    }
    if (found.uses.length > 0) {
      throw new ToolInputError(
        `${node.key} is used on ${plural(found.uses.length, "line")} the graph has no edge for (an export of it such as \`export default\`, a re-export, a default import); deleting it would break them. Change them first, or pass force to delete anyway. Nothing was written.${found.listed}`,
        { reason: "referenced", references: [], uses: found.uses },
      );
    }
  }
  return runDeclarationEdit("delete", input, context, prepared);
}

/** The old name as the code spells it: the last part of the qualified name, without a `#variant`. */
function nameOf(node: SymbolNode): string {
  return node.qualifiedName.slice(node.qualifiedName.lastIndexOf(".") + 1).replace(/#.*$/, "");
}

/** rename_symbol's edit (handler.ts loads this module on the first edit). */
export async function runRename(input: RenameInput, context: ToolContext): Promise<ToolResult> {
  const { node, support, target, recovered } = await prepare(context, input);
  const site = siteOf(support, target, node);
  const oldName = nameOf(node);
  if (input.newName === oldName) throw new ToolInputError(`${node.key} is already called ${oldName}.`);
  const plan = support
    .language()
    .planRename(target.absolute, site.nameStart, input.newName, { strings: input.strings, comments: input.comments });
  if (plan.status === "refused")
    throw new ToolInputError(
      `Cannot rename ${node.key} to ${echoed(input.newName)}: ${plan.reason}. Nothing was written.`,
      { reason: "refused" },
    );
  const byFile = new Map<string, typeof plan.locations>();
  for (const location of plan.locations) byFile.set(location.file, [...(byFile.get(location.file) ?? []), location]);
  await context.ensureFresh([...byFile.keys()]);
  const files: PreparedFile[] = [...byFile].map(([absolute, locations]) => {
    const fileTarget = absolute === target.absolute ? target : readTarget(context, absolute, undefined);
    let body = fileTarget.source.body;
    for (const location of [...locations].sort((a, b) => b.start - a.start)) {
      const old = body.slice(location.start, location.start + location.length);
      if (old !== oldName && !(input.strings || input.comments)) {
        throw new ToolInputError(
          `${fileTarget.file} changed while the rename was being planned (found ${echoed(old)} where ${oldName} was); nothing was written. Retry.`,
        );
      }
      body =
        body.slice(0, location.start) +
        location.prefix +
        input.newName +
        location.suffix +
        body.slice(location.start + location.length);
    }
    checkSyntax(support, fileTarget, body);
    const renameEdits = locations.map((location) => ({
      start: location.start,
      length: location.length,
      text: location.prefix + input.newName + location.suffix,
    }));
    return {
      target: fileTarget,
      body,
      diff: unifiedDiff(fileTarget.file, fileTarget.source.body, body),
      changes: locations.length,
      renameEdits,
    };
  });
  files.sort((a, b) => a.target.file.localeCompare(b.target.file));
  const notes = [
    ...recovered,
    `${plural(plan.locations.length, "place")} in ${plural(files.length, "file")}${input.strings || input.comments ? "" : "; strings and comments left alone (strings, comments to include them)"}`,
  ];
  // Strings renamed too can change what a string-keyed access names: the graph update then re-extracts.
  const rename = input.strings ? undefined : { oldName, newName: input.newName };
  return finishEdit(context, support, {
    action: `rename ${node.key} → ${input.newName}`,
    dryRun: input.dryRun,
    files,
    notes,
    rename,
  });
}
