import { ts } from "../../../engine/ts6/typescript6.js";

/**
 * Comments inside a declaration's surface do not change what other files see of it in a TypeScript file: a
 * surface is hashed without them, so that editing a comment in a header, or anywhere in a declaration whose
 * type is inferred, does not send the change to the files that use it (ADR 0004). JavaScript files keep their
 * comments (doc comments declare types there), and so do JSX files (text between tags is not trivia).
 */

/** A comment of a file: [start, end) offsets. */
interface CommentRange {
  readonly start: number;
  readonly end: number;
}

/** Whether comments can be left out of this file's surfaces. */
export function surfacesWithoutComments(sourceFile: ts.SourceFile): boolean {
  return sourceFile.languageVariant === ts.LanguageVariant.Standard && /\.[cm]?ts$/.test(sourceFile.fileName);
}

/**
 * Every comment of the file that lies in the trivia before a token that starts or ends a node or a list of
 * nodes, sorted. Each such position starts trivia, so what is read there is a comment, never text of a string,
 * template or regular expression; a comment found nowhere else (between two punctuation tokens that bound no
 * node or list: rare) stays in the surface, which only makes a change look bigger than it is.
 */
function commentsOf(sourceFile: ts.SourceFile): CommentRange[] {
  const text = sourceFile.text;
  const found = new Map<number, number>();
  const note = (pos: number, end: number): void => {
    found.set(pos, end);
  };
  // The trivia's comments on the token's own line are its "trailing" ones, those after a line break "leading".
  const read = (position: number): void => {
    ts.forEachTrailingCommentRange(text, position, note);
    ts.forEachLeadingCommentRange(text, position, note);
  };
  const visit = (node: ts.Node): void => {
    read(node.pos);
    read(node.end);
    ts.forEachChild(node, visit, (nodes) => {
      read(nodes.pos);
      read(nodes.end);
      for (const child of nodes) visit(child);
    });
  };
  visit(sourceFile);
  return [...found].map(([start, end]) => ({ start, end })).sort((a, b) => a.start - b.start);
}

/** The comments of each file, computed once per parse, when a surface may hold one. */
const commentsByFile = new WeakMap<ts.SourceFile, readonly CommentRange[]>();

/** The text of `[start, end)` with each comment inside it replaced by a space. */
export function textWithoutComments(sourceFile: ts.SourceFile, start: number, end: number): string {
  const text = sourceFile.text.slice(start, end);
  if (!text.includes("//") && !text.includes("/*")) return text;
  let comments = commentsByFile.get(sourceFile);
  if (comments === undefined) {
    comments = commentsOf(sourceFile);
    commentsByFile.set(sourceFile, comments);
  }
  let result = "";
  let at = start;
  for (const comment of comments) {
    if (comment.end <= start || comment.start < at) continue;
    if (comment.end > end) break;
    result += `${sourceFile.text.slice(at, comment.start)} `;
    at = comment.end;
  }
  return result + sourceFile.text.slice(at, end);
}
