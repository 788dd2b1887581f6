import type { DeclarationSite } from "../../model/edit-ports.js";
import { indentationAt, lineEndOf, lineStartOf, normalizeContent, reindent, type SourceText } from "./source-text.js";

/**
 * Where an edit goes and what it writes, from the declaration's site in the text being edited. Pure: every
 * byte outside the changed range is the file's own. A plan is the new text, or why the edit is not done.
 */

export type EditOperation = "replace" | "insert_before" | "insert_after" | "delete";

export type EditPlan =
  | {
      readonly ok: true;
      readonly body: string;
      /** The inserted or replacing text as written (re-indented), for its own syntax check; "" for a delete. */
      readonly written: string;
    }
  | { readonly ok: false; readonly why: string };

export interface EditRequest {
  readonly operation: EditOperation;
  readonly site: DeclarationSite;
  /** The content as the caller gave it (unused by delete). */
  readonly content: string;
  /** Lines (from 0) of the normalized content that start inside a string or template literal. */
  readonly literalLines: ReadonlySet<number>;
}

const LEADING_COMMENT = /^\s*(?:\/\/[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/)/;

/** Whether content starts with a comment, and whether (after its comments) it starts with a decorator. */
function contentHead(content: string): { readonly comment: boolean; readonly decorator: boolean } {
  let rest = content;
  const comment = LEADING_COMMENT.test(rest);
  for (let match = LEADING_COMMENT.exec(rest); match !== null; match = LEADING_COMMENT.exec(rest))
    rest = rest.slice(match[0].length);
  return { comment, decorator: /^\s*@/.test(rest) };
}

function isCommaSeparated(site: DeclarationSite): boolean {
  return site.container === "object" || site.container === "enum";
}

/** The offset just after a comma that follows `end` (white space between), or undefined when none does. */
function commaAfter(body: string, end: number): number | undefined {
  const match = /^[ \t\r\n]*,/.exec(body.slice(end, end + 200));
  return match === null ? undefined : end + match[0].length;
}

function isBlank(line: string): boolean {
  return line.trim() === "";
}

/** The text of the line before the one that starts at `lineStart` ("" at the start of the file, undefined then). */
function lineBefore(body: string, lineStart: number): string | undefined {
  if (lineStart === 0) return undefined;
  const previousStart = lineStartOf(body, lineStart - 1);
  return body.slice(previousStart, lineEndOf(body, previousStart));
}

/** The text of the line after the one that ends at `lineEnd` (undefined at the end of the file). */
function lineAfter(body: string, lineEnd: number): string | undefined {
  const newline = body.indexOf("\n", lineEnd);
  if (newline < 0 || newline + 1 === body.length) return undefined;
  return body.slice(newline + 1, lineEndOf(body, newline + 1));
}

/** A line that opens or closes a block (`{`, `}`, `};`, `})`) or is missing: no blank line is wanted next to it. */
function isEdge(line: string | undefined): boolean {
  return line === undefined || /^\s*[}\])]/.test(line) || /[{[(]\s*$/.test(line);
}

/**
 * The blank-line convention around a declaration: a blank line between it and its neighbours when the file
 * has one on either side of it; none when both neighbours are code right next to it; when it has no
 * neighbour to go by (first and last in its block), a blank line between statements and class members,
 * none between object, enum and interface members.
 */
function wantsBlankLine(body: string, site: DeclarationSite, lineStart: number, lineEnd: number): boolean {
  const before = lineBefore(body, lineStart);
  const after = lineAfter(body, lineEnd);
  if ((before !== undefined && isBlank(before)) || (after !== undefined && isBlank(after))) return true;
  if (!isEdge(before) || !isEdge(after)) return false;
  return site.container === "statements" || site.container === "class";
}

function withTrailingComma(text: string): string {
  return /,\s*(?:\/\/[^\n]*)?$/.test(text) ? text : `${text},`;
}

export function planEdit(source: SourceText, request: EditRequest): EditPlan {
  const { site } = request;
  if (site.notEditable !== undefined) return { ok: false, why: `it cannot be edited as a whole: ${site.notEditable}` };
  const { body, eol } = source;
  const indent = indentationAt(body, site.commentStart);
  if (request.operation === "delete") return planDelete(body, site);
  const content = normalizeContent(request.content);
  if (content === "") return { ok: false, why: "the content is empty; to remove the declaration, use the delete tool" };
  const lines = reindent(content, indent, source.indentUnit, request.literalLines);
  const written = lines.join(eol);
  switch (request.operation) {
    case "replace":
      return planReplace(body, site, content, written.slice(indent.length));
    case "insert_before":
      return planInsertBefore(body, site, isCommaSeparated(site) ? withTrailingComma(written) : written, eol);
    case "insert_after":
      return planInsertAfter(body, site, isCommaSeparated(site) ? withTrailingComma(written) : written, eol);
  }
}

function planReplace(body: string, site: DeclarationSite, content: string, written: string): EditPlan {
  const head = contentHead(content);
  const decorated = site.startAfterDecorators > site.start;
  if (head.comment && decorated && !head.decorator) {
    return {
      ok: false,
      why: "the content brings its own comments but not the decorators the declaration has; give the decorators in the content too (or leave the comments out to keep both)",
    };
  }
  const from = head.comment ? site.commentStart : head.decorator ? site.start : site.startAfterDecorators;
  return { ok: true, body: body.slice(0, from) + written + body.slice(site.end), written };
}

function planInsertBefore(body: string, site: DeclarationSite, written: string, eol: string): EditPlan {
  const lineStart = lineStartOf(body, site.commentStart);
  if (body.slice(lineStart, site.commentStart).trim() !== "") {
    return { ok: false, why: `other code shares its first line; whole lines cannot be inserted before it` };
  }
  const blank = wantsBlankLine(body, site, lineStart, lineEndOf(body, site.end));
  const before = lineBefore(body, lineStart);
  const separate = blank && before !== undefined && !isBlank(before) && !isEdge(before);
  const inserted = (separate ? eol : "") + written + eol + (blank ? eol : "");
  return { ok: true, body: body.slice(0, lineStart) + inserted + body.slice(lineStart), written };
}

function planInsertAfter(body: string, site: DeclarationSite, written: string, eol: string): EditPlan {
  const comma = isCommaSeparated(site) ? commaAfter(body, site.end) : undefined;
  const end = comma ?? site.end;
  const lineEnd = lineEndOf(body, end);
  if (!/^[ \t]*(?:\/\/.*)?$/.test(body.slice(end, lineEnd))) {
    return { ok: false, why: `other code follows it on its last line; whole lines cannot be inserted after it` };
  }
  const blank = wantsBlankLine(body, site, lineStartOf(body, site.commentStart), lineEnd);
  const after = lineAfter(body, lineEnd);
  const separate = blank && after !== undefined && !isBlank(after) && !isEdge(after);
  const inserted = eol + (blank ? eol : "") + written + (separate ? eol : "");
  const missingComma = isCommaSeparated(site) && comma === undefined ? "," : "";
  return {
    ok: true,
    body: body.slice(0, site.end) + missingComma + body.slice(site.end, lineEnd) + inserted + body.slice(lineEnd),
    written,
  };
}

function planDelete(body: string, site: DeclarationSite): EditPlan {
  let start = site.commentStart;
  let end = (isCommaSeparated(site) ? commaAfter(body, site.end) : undefined) ?? site.end;
  const lineStart = lineStartOf(body, start);
  const lineEnd = lineEndOf(body, end);
  const ownsLines = body.slice(lineStart, start).trim() === "" && /^[ \t]*(?:\/\/.*)?$/.test(body.slice(end, lineEnd));
  if (ownsLines) {
    start = lineStart;
    const newline = body.indexOf("\n", lineEnd);
    end = newline < 0 ? body.length : newline + 1;
    const before = lineBefore(body, start);
    const after = lineAfter(body, end - 1);
    // Two blank lines would meet, or a blank line would follow an opening brace: drop the one after.
    if (after !== undefined && isBlank(after) && (before === undefined || isBlank(before) || isEdge(before))) {
      const next = body.indexOf("\n", end);
      end = next < 0 ? body.length : next + 1;
    } else if (before !== undefined && isBlank(before) && (after === undefined || /^\s*[}\])]/.test(after))) {
      // A blank line would be left before a closing brace or the end of the file: drop it.
      start = lineStartOf(body, start - 1);
    } else if (newline < 0 && start > 0) {
      // The last line of a file without a final newline: take the line ending before it instead.
      start = body[start - 2] === "\r" ? start - 2 : start - 1;
    }
  } else {
    end += /^[ \t]*/.exec(body.slice(end))?.[0].length ?? 0;
  }
  return { ok: true, body: body.slice(0, start) + body.slice(end), written: "" };
}
