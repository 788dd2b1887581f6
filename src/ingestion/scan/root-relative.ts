import path from "node:path";

/** How a path inside (or beside) the root is written in the database: relative, `/` separators, marked. */
const ROOT_MARK = "<root>";

/**
 * Rewrites every string in a JSON-like value that is an absolute path under (or next to) root as a path
 * relative to it (`<root>/src`, `<root>/../shared`). What the database keeps about the projects then
 * reads the same in any checkout of the same sources, so a graph restored into another folder is reused
 * (docs/ci.md). Paths of other drives or far away keep their absolute form: they do not move with the root.
 */
export function rootRelativeValue(value: unknown, root: string): unknown {
  if (typeof value === "string") return rootRelativePath(value, root);
  if (Array.isArray(value)) return value.map((item) => rootRelativeValue(item, root));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, rootRelativeValue(item, root)]));
  }
  return value;
}

/** An absolute path within one folder of root, written relative to it; any other string as it is. */
export function rootRelativePath(text: string, root: string): string {
  if (!path.isAbsolute(text)) return text;
  const relative = path.relative(root, text);
  if (path.isAbsolute(relative) || relative.startsWith(`..${path.sep}..`)) return text;
  return relative === "" ? ROOT_MARK : `${ROOT_MARK}/${relative.split(path.sep).join("/")}`;
}

/** The absolute path a root-relative path stands for in the checkout at root. */
export function absoluteFromRoot(text: string, root: string): string {
  if (text === ROOT_MARK) return root;
  if (text.startsWith(`${ROOT_MARK}/`)) return path.join(root, ...text.slice(ROOT_MARK.length + 1).split("/"));
  return text;
}
