/**
 * What a grep/sed agent reads around a match: the declaration holding a line, found from indentation alone
 * (the lines above with less indentation, back to the top-level one), the way one reads `sed -n 'A,Bp'` upwards.
 */

const TOP_LEVEL =
  /^(?:export\s+)?(?:default\s+)?(?:declare\s+)?(?:abstract\s+)?(?:async\s+)?(?:function\s*\*?|class|interface|enum|namespace|type|const|let|var)\s+([\w$]+)/;
const MEMBER =
  /^\s+(?:(?:public|private|protected|static|readonly|async|override|abstract|declare|get|set)\s+)*\*?(#?[\w$]+)\??\s*(?:<[^>]*>)?\s*[(:=]/;
const NOT_A_MEMBER = new Set([
  "if",
  "for",
  "while",
  "switch",
  "catch",
  "return",
  "function",
  "else",
  "do",
  "try",
  "new",
  "await",
  "throw",
  "const",
  "let",
  "var",
  "yield",
  "case",
  "typeof",
  "super",
  "this",
]);

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

function isOpener(line: string): boolean {
  const trimmed = line.trim();
  return trimmed !== "" && !/^(?:[})\]]|\/\/|\/?\*|@)/.test(trimmed);
}

export interface Enclosing {
  /** The qualified name (`Class.member`, `schema.method`, `fn`), or undefined for top-level code. */
  readonly name: string | undefined;
  /** 0-based index of the line where reading starts: the top-level line, or the member's head. */
  readonly head: number;
  /** 0-based index of the head of the declaration named (the member's head for a member). */
  readonly declaredAt: number;
}

/** The declaration that holds line `index` (0-based) of a file's lines. */
export function enclosingDeclaration(lines: readonly string[], index: number): Enclosing {
  const chain: number[] = [index];
  let indent = indentOf(lines[index] ?? "");
  for (let i = index - 1; i >= 0 && indent > 0; i -= 1) {
    const line = lines[i] ?? "";
    if (!isOpener(line) || indentOf(line) >= indent) continue;
    indent = indentOf(line);
    chain.push(i);
  }
  const top = chain[chain.length - 1] ?? index;
  const topLine = lines[top] ?? "";
  const topName = indentOf(topLine) === 0 ? TOP_LEVEL.exec(topLine)?.[1] : undefined;
  if (topName === undefined) return { name: undefined, head: top, declaredAt: top };
  const holder = /^(?:export\s+)?(?:default\s+)?(?:declare\s+)?(?:abstract\s+)?(class|interface|const|let|var)\b/.exec(
    topLine,
  )?.[1];
  const inner = chain[chain.length - 2];
  const holdsMembers =
    holder === "class" || holder === "interface" || (holder !== undefined && /=\s*\{\s*$/.test(topLine));
  if (holdsMembers && inner !== undefined) {
    const member = MEMBER.exec(lines[inner] ?? "")?.[1];
    if (member !== undefined && !NOT_A_MEMBER.has(member))
      return { name: `${topName}.${member}`, head: inner, declaredAt: inner };
  }
  return { name: topName, head: top, declaredAt: top };
}
