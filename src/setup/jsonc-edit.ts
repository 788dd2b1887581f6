/**
 * A surgical editor for JSON with comments (JSONC): it sets one member of a nested object and leaves every
 * other byte of the file as it was (comments, formatting, key order, trailing commas). No IO.
 */

export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

interface Member {
  readonly key: string;
  /** Offset of the key's opening quote. */
  readonly start: number;
  readonly value: Node;
}

type Node =
  | { readonly kind: "object"; readonly start: number; readonly end: number; readonly members: readonly Member[] }
  | { readonly kind: "other"; readonly start: number; readonly end: number };

export class JsoncSyntaxError extends Error {}

/** Parses JSONC into objects with offsets (everything that is not an object is kept as a span). */
class Parser {
  private at = 0;

  constructor(private readonly text: string) {}

  document(): Node | undefined {
    this.skip();
    if (this.at >= this.text.length) return undefined;
    const node = this.value();
    this.skip();
    if (this.at < this.text.length) this.fail("unexpected text after the top-level value");
    return node;
  }

  private fail(what: string): never {
    const line = this.text.slice(0, this.at).split("\n").length;
    throw new JsoncSyntaxError(`${what} (line ${line})`);
  }

  /** Skips whitespace and comments. */
  private skip(): void {
    for (;;) {
      const rest = this.text.slice(this.at, this.at + 2);
      if (/^[\s\uFEFF]/.test(rest)) this.at += 1;
      else if (rest === "//") {
        const end = this.text.indexOf("\n", this.at);
        this.at = end < 0 ? this.text.length : end + 1;
      } else if (rest === "/*") {
        const end = this.text.indexOf("*/", this.at + 2);
        if (end < 0) this.fail("unterminated comment");
        this.at = end + 2;
      } else return;
    }
  }

  private value(): Node {
    const char = this.text[this.at];
    if (char === "{") return this.object();
    const start = this.at;
    if (char === "[") this.array();
    else if (char === '"') this.string();
    else {
      const literal = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(this.text.slice(this.at));
      if (literal === null) this.fail("expected a value");
      this.at += literal[0].length;
    }
    return { kind: "other", start, end: this.at };
  }

  private string(): string {
    const start = this.at;
    this.at += 1;
    for (;;) {
      const char = this.text[this.at];
      if (char === undefined || char === "\n") this.fail("unterminated string");
      this.at += char === "\\" ? 2 : 1;
      if (char === '"') break;
    }
    try {
      return JSON.parse(this.text.slice(start, this.at)) as string;
    } catch {
      this.fail("invalid string (a control character or a bad escape)");
    }
  }

  private array(): void {
    this.at += 1;
    this.items("]", () => void this.value());
  }

  private object(): Node {
    const start = this.at;
    this.at += 1;
    const members: Member[] = [];
    this.items("}", () => {
      if (this.text[this.at] !== '"') this.fail("expected a quoted key");
      const keyStart = this.at;
      const key = this.string();
      this.skip();
      if (this.text[this.at] !== ":") this.fail("expected ':'");
      this.at += 1;
      this.skip();
      members.push({ key, start: keyStart, value: this.value() });
    });
    return { kind: "object", start, end: this.at, members };
  }

  /** Comma-separated items up to `close` (a trailing comma allowed, as JSONC readers do). */
  private items(close: string, item: () => void): void {
    for (;;) {
      this.skip();
      if (this.text[this.at] === close) break;
      item();
      this.skip();
      if (this.text[this.at] === ",") this.at += 1;
      else if (this.text[this.at] !== close) this.fail(`expected ',' or '${close}'`);
    }
    this.at += 1;
  }
}

interface Layout {
  readonly newline: string;
  readonly unit: string;
}

function layoutOf(text: string): Layout {
  const indented = /\n([ \t]+)\S/.exec(text);
  return { newline: text.includes("\r\n") ? "\r\n" : "\n", unit: indented?.[1] ?? "  " };
}

/** The whitespace before the first non-blank character of the line holding `offset`. */
function indentAt(text: string, offset: number): string {
  const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))?.[0] ?? "";
}

/** Objects on several lines, arrays of scalars on one (`["serve", "-r", "."]`), as people write MCP configs. */
function formatJson(value: JsonValue, indent: string, layout: Layout): string {
  if (Array.isArray(value)) {
    const items = value as readonly JsonValue[];
    if (items.every((item) => item === null || typeof item !== "object"))
      return `[${items.map((item) => JSON.stringify(item)).join(", ")}]`;
    const inner = indent + layout.unit;
    return `[${items.map((item) => `${layout.newline}${inner}${formatJson(item, inner, layout)}`).join(",")}${layout.newline}${indent}]`;
  }
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as { readonly [key: string]: JsonValue });
    if (entries.length === 0) return "{}";
    const inner = indent + layout.unit;
    const members = entries.map(
      ([key, item]) => `${layout.newline}${inner}${JSON.stringify(key)}: ${formatJson(item, inner, layout)}`,
    );
    return `{${members.join(",")}${layout.newline}${indent}}`;
  }
  return JSON.stringify(value);
}

function nest(path: readonly string[], value: JsonValue): JsonValue {
  return path.reduceRight<JsonValue>((inner, key) => ({ [key]: inner }), value);
}

export interface JsoncEdit {
  /** The file's text with the member set. */
  readonly text: string;
  /** The member's current value as written in the file, when it was there. */
  readonly previous?: string;
  /** Whether the member's current value equals the new one (then `text` is the file unchanged). */
  readonly unchanged: boolean;
}

function splice(text: string, start: number, end: number, insert: string): string {
  return text.slice(0, start) + insert + text.slice(end);
}

/** Adds `"key": value` as the last member of an object, after its last member (and a trailing comma) or into an empty one. */
function addMember(
  text: string,
  object: Extract<Node, { kind: "object" }>,
  key: string,
  value: JsonValue,
  layout: Layout,
): string {
  const last = object.members.at(-1);
  if (last === undefined) {
    const outer = indentAt(text, object.start);
    const inner = outer + layout.unit;
    const member = `${JSON.stringify(key)}: ${formatJson(value, inner, layout)}`;
    const between = text.slice(object.start + 1, object.end - 1);
    // An empty object is rewritten whole; one holding only comments keeps them, after the new member.
    if (between.trim() === "")
      return splice(
        text,
        object.start + 1,
        object.end - 1,
        `${layout.newline}${inner}${member}${layout.newline}${outer}`,
      );
    return splice(text, object.start + 1, object.start + 1, `${layout.newline}${inner}${member}`);
  }
  const indent = indentAt(text, last.start);
  const member = `${JSON.stringify(key)}: ${formatJson(value, indent, layout)}`;
  const trailingComma = /^[ \t]*,/.exec(text.slice(last.value.end));
  if (trailingComma !== null) {
    const at = last.value.end + trailingComma[0].length;
    return splice(text, at, at, `${layout.newline}${indent}${member},`);
  }
  // A comment after the last member on its line stays with it: the new member goes on the next line.
  const lineComment = /^[ \t]*(?:\/\/[^\r\n]*|\/\*[^\r\n]*?\*\/[ \t]*)(?=\r?\n)/.exec(text.slice(last.value.end));
  if (lineComment !== null) {
    const lineEnd = last.value.end + lineComment[0].length;
    return splice(
      splice(text, lineEnd, lineEnd, `${layout.newline}${indent}${member}`),
      last.value.end,
      last.value.end,
      ",",
    );
  }
  return splice(text, last.value.end, last.value.end, `,${layout.newline}${indent}${member}`);
}

function sameJson(written: string, value: JsonValue): boolean {
  try {
    return JSON.stringify(JSON.parse(written)) === JSON.stringify(value);
  } catch {
    return false; // comments inside the old value: count it as different, and show it
  }
}

/**
 * Sets `path` (object keys from the top) to `value`, creating the objects on the way, and changes nothing
 * else in the file. An empty file becomes a new object. Throws JsoncSyntaxError for a file that does not
 * parse or whose path runs through something other than an object.
 */
export function setJsoncMember(text: string, path: readonly string[], value: JsonValue): JsoncEdit {
  const layout = layoutOf(text);
  const root = new Parser(text).document();
  if (root === undefined) {
    const fresh = `${formatJson(nest(path, value), "", layout)}${layout.newline}`;
    return { text: text + fresh, unchanged: false };
  }
  let node: Node = root;
  for (const [index, key] of path.entries()) {
    if (node.kind !== "object")
      throw new JsoncSyntaxError(`"${path.slice(0, index).join(".") || "the file"}" is not an object`);
    const member: Member | undefined = node.members.findLast((candidate) => candidate.key === key);
    const rest = path.slice(index + 1);
    if (member === undefined) return { text: addMember(text, node, key, nest(rest, value), layout), unchanged: false };
    if (rest.length === 0) {
      const previous = text.slice(member.value.start, member.value.end);
      if (sameJson(previous, value)) return { text, previous, unchanged: true };
      const replaced = splice(
        text,
        member.value.start,
        member.value.end,
        formatJson(value, indentAt(text, member.start), layout),
      );
      return { text: replaced, previous, unchanged: false };
    }
    node = member.value;
  }
  throw new JsoncSyntaxError("an empty path names no member");
}
