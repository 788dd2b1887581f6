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
const DECLARATION_LINE = /^ {4}(<top level>|\S+) \d+(?:-\d+)?(?:\s|$)/;
/** Entries listed briefly, by name only, several to a line: `    Cart.add, Cart.clear, <top level>`. */
const BRIEF_ITEM = String.raw`(?:<top level>|[^\s,]+)`;
const BRIEF_LINE = new RegExp(`^ {4}${BRIEF_ITEM}(?:, ${BRIEF_ITEM})*$`);

/**
 * The declarations of a `callers`, `callees`, `impact` or `paths` text answer: each `    Name A-B …` line under
 * the `  file` line it belongs to, and each name of a brief line (`    Name, Other`). The sections listed apart (value uses of `callers`, "tests to run" of `impact`,
 * the history) are skipped; a `depth N` header inside one of them stays in it.
 */
export function groupedDeclarations(text: string): string[] {
  const items = new Set<string>();
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
        items.add(name === "<top level>" ? file : declarationItem(file, name));
      continue;
    }
    const declaration = DECLARATION_LINE.exec(line);
    if (declaration?.[1] === undefined) continue;
    // `ZodEnum#variable`: a const sharing its name with an interface or type alias (truth.ts names it alike).
    items.add(declaration[1] === "<top level>" ? file : declarationItem(file, declaration[1]));
  }
  return [...items];
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
