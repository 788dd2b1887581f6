import { parseSync } from "oxc-parser";
import { isOxcNode, type OxcNode } from "../../model/oxc-node.js";

/**
 * The members of a type alias's object type (`type Options = { a: string; b?: () => void }`, or the object parts of
 * an intersection `Base & { … }`), one per member, read with oxc-parser from the alias's own lines. The graph
 * keeps such members in the alias's one-line signature only (cut at 240 characters); zoom shows them on their
 * own lines. Pure: a text in, members out.
 */

/** One member of an object type: its one-line text, lines and doc summary. */
export interface TypeMember {
  /** Property, Method, or Signature (an index, call or construct signature, which has no name). */
  readonly kind: "Property" | "Method" | "Signature";
  readonly name: string;
  readonly signature: string;
  readonly startLine: number;
  readonly endLine: number;
  readonly doc: string;
}

/** A type alias whose type has object members: its signature with each object type written `{…}`, and the members. */
export interface TypeAliasMembers {
  readonly signature: string;
  readonly members: readonly TypeMember[];
}

/** Members and signatures are one line each, cut as the graph cuts signatures. */
const MAX_SIGNATURE_LENGTH = 240;
const MAX_DOC_LENGTH = 200;

interface OxcComment {
  readonly type: string;
  readonly value: string;
  readonly start: number;
  readonly end: number;
}

function nodesOf(value: unknown): OxcNode[] {
  return Array.isArray(value) ? value.filter(isOxcNode) : [];
}

function langOf(fileName: string): "ts" | "tsx" | "dts" {
  if (/\.d\.[cm]?ts$/.test(fileName)) return "dts";
  return /\.[cm]?[jt]sx$/.test(fileName) ? "tsx" : "ts";
}

function oneLine(text: string, max: number): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length <= max ? line : `${line.slice(0, max - 1)}…`;
}

/** The text from start to end without the comments in it and with each cut range written `{…}`. */
function textBetween(
  text: string,
  start: number,
  end: number,
  comments: readonly OxcComment[],
  cuts: readonly OxcNode[] = [],
): string {
  const skipped = [
    ...comments
      .filter((comment) => comment.start >= start && comment.end <= end)
      .map((comment) => ({ ...comment, with: " " })),
    ...cuts.map((cut) => ({ start: cut.start, end: cut.end, with: "{…}" })),
  ].sort((a, b) => a.start - b.start);
  let out = "";
  let at = start;
  for (const skip of skipped) {
    if (skip.start < at) continue;
    out += text.slice(at, skip.start) + skip.with;
    at = skip.end;
  }
  return oneLine(`${out}${text.slice(at, end)}`.replace(/\s*[;,]\s*$/, ""), MAX_SIGNATURE_LENGTH);
}

/** The first sentence of the `/** … *\/` comment right before a member (only blanks between), or "". */
function docBefore(text: string, start: number, after: number, comments: readonly OxcComment[]): string {
  const comment = comments.findLast((candidate) => candidate.end <= start && candidate.start >= after);
  if (comment === undefined || comment.type !== "Block" || !comment.value.startsWith("*")) return "";
  if (text.slice(comment.end, start).trim() !== "") return "";
  const lines: string[] = [];
  for (const raw of comment.value.slice(1).split("\n")) {
    const line = raw.replace(/^\s*\*?\s?/, "");
    if (/^@\w/.test(line.trim())) break;
    lines.push(line);
  }
  const description = oneLine(lines.join(" "), Number.POSITIVE_INFINITY);
  return oneLine(/^(.*?[.!?])(?:\s|$)/.exec(description)?.[1] ?? description, MAX_DOC_LENGTH);
}

function memberName(member: OxcNode, text: string): string {
  const key = member.key;
  if (!isOxcNode(key)) return "";
  if (member.computed === true) return `[${oneLine(text.slice(key.start, key.end), MAX_SIGNATURE_LENGTH)}]`;
  if (typeof key.name === "string") return key.name;
  return typeof key.value === "string" || typeof key.value === "number"
    ? String(key.value)
    : oneLine(text.slice(key.start, key.end), MAX_SIGNATURE_LENGTH);
}

const MEMBER_KINDS: Readonly<Record<string, TypeMember["kind"]>> = {
  TSPropertySignature: "Property",
  TSMethodSignature: "Method",
  TSIndexSignature: "Signature",
  TSCallSignatureDeclaration: "Signature",
  TSConstructSignatureDeclaration: "Signature",
};

/** The alias named `name` among the statements, and the statement that holds it (`export type …` starts at `export`). */
function findAlias(
  body: readonly OxcNode[],
  name: string,
): { readonly statement: OxcNode; readonly alias: OxcNode } | undefined {
  for (const statement of body) {
    const declaration = statement.type === "ExportNamedDeclaration" ? statement.declaration : statement;
    if (!isOxcNode(declaration) || declaration.type !== "TSTypeAliasDeclaration") continue;
    const id = declaration.id;
    if (isOxcNode(id) && id.name === name) return { statement, alias: declaration };
  }
  return undefined;
}

/** The object types an alias's members come from: its type when that is one, or the object parts of an intersection. */
function objectTypesOf(type: OxcNode): OxcNode[] {
  if (type.type === "TSTypeLiteral") return [type];
  if (type.type === "TSIntersectionType") return nodesOf(type.types).filter((part) => part.type === "TSTypeLiteral");
  return [];
}

/** How many of the sorted offsets are below `offset`. */
function newlinesBefore(sorted: readonly number[], offset: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((sorted[middle] ?? 0) < offset) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The members of the type alias `name` declared in `text` (the alias's lines, the first of them line
 * `firstLine` of its file), or undefined when the text holds no such alias (it changed since it was indexed, or
 * does not parse) or its type has no object members.
 */
export function typeAliasMembers(
  fileName: string,
  text: string,
  firstLine: number,
  name: string,
): TypeAliasMembers | undefined {
  const parsed = parseSync(fileName, text, { lang: langOf(fileName), sourceType: "module" });
  const found = findAlias(nodesOf(parsed.program.body), name);
  const type = found?.alias.typeAnnotation;
  if (found === undefined || !isOxcNode(type)) return undefined;
  const objects = objectTypesOf(type);
  if (objects.length === 0) return undefined;
  const comments = parsed.comments as readonly OxcComment[];
  const newlineStarts: number[] = [];
  for (let at = text.indexOf("\n"); at >= 0; at = text.indexOf("\n", at + 1)) newlineStarts.push(at);
  const lineAt = (offset: number): number => firstLine + newlinesBefore(newlineStarts, offset);
  const members = objects.flatMap((object) =>
    nodesOf(object.members).map((member, index, all): TypeMember => {
      const previousEnd = index === 0 ? object.start : (all[index - 1]?.end ?? object.start);
      return {
        kind: MEMBER_KINDS[member.type] ?? "Signature",
        name: memberName(member, text),
        signature: textBetween(text, member.start, member.end, comments),
        startLine: lineAt(member.start),
        endLine: lineAt(member.end - 1),
        doc: docBefore(text, member.start, previousEnd, comments),
      };
    }),
  );
  if (members.length === 0) return undefined;
  return { signature: textBetween(text, found.statement.start, found.statement.end, comments, objects), members };
}
