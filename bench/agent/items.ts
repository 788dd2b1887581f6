/**
 * The items of an answer, in one spelling for the tool, the compiler and the grep agent alike:
 * `<file>#<qualified name>` for a declaration (`src/a.ts#Cart.total`), the bare path for a file.
 * Parsing here reads the CLI's default text answers (src/tools/<slice>/format.ts); nothing else.
 */

/** A declaration item: its file (root-relative, '/'-separated) and its qualified name. */
export function declarationItem(file: string, qualifiedName: string): string {
  return `${file}#${qualifiedName}`;
}

const FILE_LINE = /^ {2}(\S+\.[cm]?tsx?)(?:\s|$)/;
const DECLARATION_LINE = /^ {4}(<top level>|\S+) (\d+)(?:-(\d+))?(?:\s|$)/;
/** Entries listed briefly, by name only, several to a line: `    Cart.add, Cart.clear, <top level>`. */
const BRIEF_ITEM = String.raw`(?:<top level>|[^\s,]+)`;
const BRIEF_LINE = new RegExp(`^ {4}${BRIEF_ITEM}(?:, ${BRIEF_ITEM})*$`);

/** A declaration an answer lists: its item as the CLI names it, and the lines it prints for it (none on a brief line). */
export interface AnsweredDeclaration {
  readonly item: string;
  readonly file: string;
  readonly lines?: { readonly start: number; readonly end: number };
}

/**
 * The declarations of a `callers`, `callees`, `impact` or `paths` text answer: each `    Name A-B …` line under
 * the `  file` line it belongs to (with its lines), and each name of a brief line (`    Name, Other`). The sections
 * listed apart (value uses of `callers`, "tests to run" of `impact`, the history) are skipped; a `depth N` header
 * inside one of them stays in it. Top-level code is the file.
 */
export function answeredDeclarations(text: string): AnsweredDeclaration[] {
  const found: AnsweredDeclaration[] = [];
  let file: string | undefined;
  let skipped = false;
  for (const line of text.split("\n")) {
    if (/^\S/.test(line)) {
      // Sections listed apart from the answer: value uses (callers), test files (impact), the git history.
      if (/^(?:tests to run|used as a value|also changes with it)/.test(line)) skipped = true;
      else if (!/^depth \d/.test(line)) skipped = false;
      file = undefined;
      continue;
    }
    if (skipped) continue;
    const fileMatch = FILE_LINE.exec(line);
    if (fileMatch?.[1] !== undefined) {
      file = fileMatch[1];
      continue;
    }
    if (file === undefined) continue;
    if (BRIEF_LINE.test(line)) {
      for (const name of line.trim().split(", "))
        found.push({ item: name === "<top level>" ? file : declarationItem(file, name), file });
      continue;
    }
    const declaration = DECLARATION_LINE.exec(line);
    const name = declaration?.[1];
    if (name === undefined) continue;
    if (name === "<top level>") {
      found.push({ item: file, file });
      continue;
    }
    const start = Number(declaration?.[2]);
    const end = declaration?.[3] === undefined ? start : Number(declaration[3]);
    // `ZodEnum#variable`, `Ensure#function`: a declaration sharing its name with another of its scope.
    found.push({ item: declarationItem(file, name), file, lines: { start, end } });
  }
  return found;
}

/** The items of a `callers`, `callees`, `impact` or `paths` text answer as the CLI names them ({@link answeredDeclarations}). */
export function groupedDeclarations(text: string): string[] {
  return [...new Set(answeredDeclarations(text).map((declaration) => declaration.item))];
}

/**
 * A truth item's declarations in one file, from the compiler's syntax tree: the lines from the first one's start
 * (after its doc comment; a variable's statement) to the last one's end, and the line of each one's name.
 */
export interface DeclarationSpan {
  readonly item: string;
  readonly start: number;
  readonly end: number;
  readonly nameLines: readonly number[];
}

/**
 * The truth's item for a declaration an answer lists, matched by where it is declared, not by its name: the item
 * one of whose declarations in the answer's file has its name on the lines the answer prints, those lines lying
 * within the item's declarations (the innermost such item). So the CLI's `Ensure#function 6-8`, the function of an
 * interface-and-function pair, is the truth's merged item `Ensure`, and `Tagged#function 15`, a `const` bound to an
 * arrow beside an interface, the truth's `Tagged#variable`. A declaration printed without lines (a brief line), or
 * that no item's declaration matches, keeps the CLI's name.
 */
export function truthItemOf(answered: AnsweredDeclaration, spans: readonly DeclarationSpan[]): string {
  const lines = answered.lines;
  if (lines === undefined) return answered.item;
  let best: DeclarationSpan | undefined;
  for (const span of spans) {
    if (span.start > lines.start || span.end < lines.end) continue;
    if (!span.nameLines.some((line) => line >= lines.start && line <= lines.end)) continue;
    if (best === undefined || span.end - span.start < best.end - best.start) best = span;
  }
  return best?.item ?? answered.item;
}

/** The test files an `impact` text answer lists under "tests to run". */
export function testsToRun(text: string): string[] {
  const items: string[] = [];
  let inside = false;
  for (const line of text.split("\n")) {
    if (/^\S/.test(line)) inside = line.startsWith("tests to run");
    else if (inside) {
      const match = FILE_LINE.exec(line);
      if (match?.[1] !== undefined) items.push(match[1]);
    }
  }
  return items;
}

/** The subtypes a `hierarchy --direction down` text answer lists: `  class X  file:line`, notes in parentheses after. */
export function subtypes(text: string): string[] {
  const items: string[] = [];
  for (const line of text.split("\n")) {
    const match = /^\s+(?:abstract class|class|interface|type) (\S+) {2}(\S+):\d+(?: \(.*\))?$/.exec(line);
    if (match?.[1] !== undefined && match[2] !== undefined) items.push(declarationItem(match[2], match[1]));
  }
  return [...new Set(items)];
}

const DECLARED_NAME =
  /\b(?:function\*?|class|interface|type|enum|namespace|module|const|let|var)\s+([\w$]+)|^\s*(?:export\s+)?(?:declare\s+)?([\w$]+)\s*[:=(<]/;

/**
 * The names a `zoom <file>` (level 0) text answer lists: `3 <signature>` lines (a kind label first where the
 * signature does not say it: `3 Function const f = memo(…)`); the name is the identifier after the declaring
 * keyword (`const schema`, `function f`), `default` for a default export. (Level 1 writes ranges: `3-6`.)
 */
export function exportedNames(text: string): string[] {
  const names: string[] = [];
  for (const line of text.split("\n")) {
    const reexport = /^ {2}([\w$]+) ← /.exec(line);
    if (reexport?.[1] !== undefined) {
      names.push(reexport[1]);
      continue;
    }
    const match = /^\d+(?:-\d+)? (?:(?:Function|Class|Interface|TypeAlias|Enum|Variable|Namespace) )?(.*)$/.exec(line);
    if (match?.[1] === undefined) continue;
    const signature = match[1];
    if (/^export default\b(?!\s+(?:abstract\s+)?(?:async\s+)?(?:function|class)\s+[\w$])/.test(signature)) {
      names.push("default");
      continue;
    }
    const exportedAs = /\(exported as ([\w$]+)\)$/.exec(signature)?.[1];
    if (exportedAs !== undefined) {
      names.push(exportedAs);
      continue;
    }
    const named = DECLARED_NAME.exec(signature);
    const name = named?.[1] ?? named?.[2];
    if (name !== undefined) names.push(/^export default\b/.test(signature) ? "default" : name);
  }
  return [...new Set(names)];
}
