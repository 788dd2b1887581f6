/**
 * The body hash of a declaration (docs/ci.md, docs/snapshot.md): what `ts-graph diff` matches a moved or
 * renamed declaration by. A pure function of the file's text and the declaration's lines and name, so that
 * a snapshot (which hashes at export) and a graph read next to its sources (which hashes at diff time) agree.
 */
import crypto from "node:crypto";

/** A character that may continue an identifier: an occurrence of a name next to one is part of another word. */
function isIdentifierPart(code: number): boolean {
  return (
    (code >= 97 && code <= 122) ||
    (code >= 65 && code <= 90) ||
    (code >= 48 && code <= 57) ||
    code === 95 ||
    code === 36 ||
    code > 127
  );
}

/** Every occurrence of `name` in `text` that is a whole word (no identifier character either side), replaced. */
export function replaceName(text: string, name: string, replacement: string): string {
  if (name === "") return text;
  let out = "";
  let copied = 0;
  for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + name.length)) {
    const end = at + name.length;
    if (
      (at > 0 && isIdentifierPart(text.charCodeAt(at - 1))) ||
      (end < text.length && isIdentifierPart(text.charCodeAt(end)))
    )
      continue;
    out += text.slice(copied, at) + replacement;
    copied = end;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** A file's lines with white space collapsed to single spaces and trimmed: computed once per file, shared by its declarations. */
export function normalizedLines(text: string): readonly string[] {
  return text.split("\n").map((line) => {
    const trimmed = line.trim();
    // Most lines have single spaces only, once trimmed: the test is cheaper than the replacement.
    return /\s\s|[^\S ]/.test(trimmed) ? trimmed.replace(/\s+/g, " ") : trimmed;
  });
}

export interface BodySpan {
  readonly name: string;
  readonly startLine: number;
  readonly endLine: number;
}

/**
 * A hash of lines startLine..endLine (1-based, of `normalizedLines`) with white space collapsed (empty lines
 * dropped, lines joined by one space) and the declaration's own name blanked out: 16 hex digits.
 */
export function bodyHash(lines: readonly string[], span: BodySpan): string {
  const kept: string[] = [];
  for (let index = span.startLine - 1; index < span.endLine && index < lines.length; index += 1) {
    const line = lines[index];
    if (line !== undefined && line !== "") kept.push(line);
  }
  return crypto
    .createHash("sha1")
    .update(replaceName(kept.join(" "), span.name, "\u0000"))
    .digest("hex")
    .slice(0, 16);
}

export interface HashedDeclaration extends BodySpan {
  readonly kind: string;
  readonly file: string;
}

/**
 * Body hashes read from files' texts (`text` gives a file's text as it was indexed, or undefined when that
 * cannot be known): undefined for a File node and for a declaration whose file's text is unknown. Each
 * file is split and normalized once.
 */
export function bodyHasher(
  text: (file: string) => string | undefined,
): (node: HashedDeclaration) => string | undefined {
  const linesOf = new Map<string, readonly string[] | undefined>();
  return (node) => {
    if (node.kind === "File") return undefined;
    let lines = linesOf.get(node.file);
    if (lines === undefined && !linesOf.has(node.file)) {
      const found = text(node.file);
      lines = found === undefined ? undefined : normalizedLines(found);
      linesOf.set(node.file, lines);
    }
    return lines === undefined ? undefined : bodyHash(lines, node);
  };
}
