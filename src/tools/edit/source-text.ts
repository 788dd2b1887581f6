/**
 * A source file as the edit tools see it: its text without the byte order mark, and what must survive an
 * edit unchanged (the BOM, the line endings, the indentation style). Pure: bytes in, bytes out.
 */

const BOM = "\uFEFF";

export interface SourceText {
  /** The text after the BOM, as TypeScript parses it; every offset of an edit is into this. */
  readonly body: string;
  readonly bom: boolean;
  /** The line ending new lines get: the one most of the file's lines end with. */
  readonly eol: "\n" | "\r\n";
  /** One level of indentation in this file: a tab, or some spaces. */
  readonly indentUnit: string;
}

export type DecodedSource =
  | { readonly ok: true; readonly source: SourceText }
  | { readonly ok: false; readonly why: string };

/** The text of a file's bytes, refused when decoding would not give the same bytes back (not UTF-8, or binary). */
export function decodeSource(bytes: Uint8Array): DecodedSource {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.subarray(0, 8000).includes(0)) return { ok: false, why: "it is a binary file (it contains NUL bytes)" };
  const text = buffer.toString("utf8");
  if (!Buffer.from(text, "utf8").equals(buffer))
    return { ok: false, why: "it is not valid UTF-8, and rewriting it would change bytes it does not mean to" };
  const bom = text.startsWith(BOM);
  const body = bom ? text.slice(1) : text;
  return { ok: true, source: { body, bom, eol: lineEndingOf(body), indentUnit: indentUnitOf(body) } };
}

/** The bytes of a file whose text is now `body`, with the BOM it had. */
export function encodeSource(source: SourceText, body: string): Buffer {
  return Buffer.from((source.bom ? BOM : "") + body, "utf8");
}

function lineEndingOf(body: string): "\n" | "\r\n" {
  const crlf = body.match(/\r\n/g)?.length ?? 0;
  const lf = (body.match(/\n/g)?.length ?? 0) - crlf;
  return crlf > lf ? "\r\n" : "\n";
}

/**
 * The file's indentation step: a tab when more lines start with a tab than with spaces, else the smallest
 * indentation of two or more spaces (doc comment lines, ` * …`, aside), else two spaces.
 */
function indentUnitOf(body: string): string {
  let tabs = 0;
  let spaced = 0;
  let smallest = Infinity;
  for (const match of body.matchAll(/^([ \t]+)(\S)/gm)) {
    const indent = match[1] ?? "";
    if (indent.startsWith("\t")) tabs += 1;
    else if (match[2] !== "*") {
      spaced += 1;
      if (indent.length >= 2) smallest = Math.min(smallest, indent.length);
    }
  }
  if (tabs > spaced) return "\t";
  return " ".repeat(smallest === Infinity ? 2 : smallest);
}

/** Where the line holding `offset` starts. */
export function lineStartOf(body: string, offset: number): number {
  return body.lastIndexOf("\n", offset - 1) + 1;
}

/** Where the line holding `offset` ends: its line ending (`\r\n` or `\n`), or the end of the text. */
export function lineEndOf(body: string, offset: number): number {
  const newline = body.indexOf("\n", offset);
  if (newline < 0) return body.length;
  return newline > 0 && body[newline - 1] === "\r" ? newline - 1 : newline;
}

/** The whitespace before the first character of the line holding `offset`. */
export function indentationAt(body: string, offset: number): string {
  const start = lineStartOf(body, offset);
  return /^[ \t]*/.exec(body.slice(start, offset))?.[0] ?? "";
}

/** Content as given by a caller: line endings made `\n`, leading blank lines and trailing white space taken off. */
export function normalizeContent(content: string): string {
  return content
    .replace(/\r\n?/g, "\n")
    .replace(/^(?:[ \t]*\n)+/, "")
    .replace(/\s+$/, "");
}

/** Width of leading white space, a tab counting as `tabWidth` columns. */
function widthOf(whitespace: string, tabWidth: number): number {
  let width = 0;
  for (const character of whitespace) width += character === "\t" ? tabWidth : 1;
  return width;
}

/**
 * Re-indents normalized content to a target: its least indented line at `indent`, and each further level
 * of its own indentation one `unit` of the file (tabs or spaces as the file uses). Content copied from
 * the middle of a line (first line flush, the rest indented, the last as indented as the least of them)
 * counts from the rest. Lines that start inside a string or template literal (`literalLines`, from 0)
 * are left as they are: re-indenting them would change the string. Returns the lines, the first included.
 */
export function reindent(content: string, indent: string, unit: string, literalLines: ReadonlySet<number>): string[] {
  const lines = content.split("\n");
  const usesTabs = lines.some((line, index) => !literalLines.has(index) && line.startsWith("\t"));
  const tabWidth = 4;
  const measured = lines.map((line, index) => {
    if (literalLines.has(index) || line.trim() === "") return undefined;
    return widthOf(/^[ \t]*/.exec(line)?.[0] ?? "", tabWidth);
  });
  const widths = measured.filter((width): width is number => width !== undefined);
  const rest = measured.slice(1).filter((width): width is number => width !== undefined);
  const lastWidth = [...measured].reverse().find((width) => width !== undefined);
  const flushFirst = measured[0] === 0 && rest.length > 0 && Math.min(...rest) > 0 && lastWidth === Math.min(...rest);
  const base = flushFirst ? Math.min(...rest) : Math.min(...widths, Infinity);
  const relative = widths.map((width) => width - base).filter((width) => width >= 2);
  const step = usesTabs ? tabWidth : Math.min(...relative, Infinity) === Infinity ? 2 : Math.min(...relative);
  return lines.map((line, index) => {
    const width = measured[index];
    if (literalLines.has(index)) return line;
    if (width === undefined) return "";
    const own = index === 0 && flushFirst ? 0 : Math.max(width - base, 0);
    const levels = Math.floor(own / step);
    return indent + unit.repeat(levels) + " ".repeat(own - levels * step) + line.trimStart();
  });
}
