import fs from "node:fs";
import path from "node:path";
import { openInside } from "./open-inside.js";
import { ToolInputError } from "./tool-errors.js";

/**
 * What every tool agrees on about files in the workspace: which are sources, which are tests, which are
 * binary, and how a path inside the indexed root is written in the graph.
 */

const SOURCE_FILE = /\.(?:[cm]?tsx?|[cm]?jsx?)$/;
const TEST_FILE = /\.(?:test|spec)\.[cm]?[jt]sx?$/;
const TEST_FOLDERS: ReadonlySet<string> = new Set(["__tests__", "test", "tests"]);

/** A file the indexer may have indexed (TypeScript, or JavaScript under allowJs). */
export function isSourcePath(relative: string): boolean {
  return SOURCE_FILE.test(relative);
}

/**
 * The one test-file rule of every tool (impact, callers, callees, paths, zoom): a file named `*.test.*` or
 * `*.spec.*`, or under a folder named `__tests__`, `test` or `tests`.
 */
export function isTestPath(relative: string): boolean {
  return (
    TEST_FILE.test(relative) ||
    relative
      .split("/")
      .slice(0, -1)
      .some((folder) => TEST_FOLDERS.has(folder))
  );
}

/** The graph's path of a file or folder (relative to the indexed root, `/`-separated), or undefined outside it. */
export function graphPathOf(root: string, absolute: string): string | undefined {
  const relative = path.relative(root, absolute);
  if (relative.startsWith("..") || path.isAbsolute(relative)) return undefined;
  return relative.split(path.sep).join("/");
}

/** The folder a graph path is in ("" for the root). */
export function folderOf(graphPath: string): string {
  const slash = graphPath.lastIndexOf("/");
  return slash < 0 ? "" : graphPath.slice(0, slash);
}

/** Sorts after every string that starts with a given prefix (UTF-8 byte order: SQLite's BINARY collation). */
export const AFTER_EVERY_SUFFIX = "\u{10FFFF}";

/**
 * The graph paths under a folder as a key range for SQL (`path >= low AND path < high`): `dir/` up to `dir0`,
 * since `0` follows `/`; every path for the root ("").
 */
export function folderKeyRange(dir: string): { readonly low: string; readonly high: string } {
  return dir === "" ? { low: "", high: AFTER_EVERY_SUFFIX } : { low: `${dir}/`, high: `${dir}0` };
}

/** How much of a file the binary check looks at, as git does. */
const BINARY_SNIFF_BYTES = 8000;

/** A NUL byte in the first 8000 bytes makes a file binary (git's and ripgrep's rule). */
function looksBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0);
}

/** Whether a validated file (canonical, inside `root`) is binary, reading only its first bytes (open-inside.ts). */
export function isBinaryFile(absolute: string, root: string, shownAs: string): boolean {
  const head = Buffer.alloc(BINARY_SNIFF_BYTES);
  const fd = openInside(absolute, root, shownAs);
  try {
    return looksBinary(head.subarray(0, fs.readSync(fd, head, 0, head.length, 0)));
  } finally {
    fs.closeSync(fd);
  }
}

export interface CappedText {
  readonly text: string;
  readonly totalBytes: number;
  /** Bytes left out after the cap (0 when the whole file is in `text`). */
  readonly omittedBytes: number;
}

/**
 * The first `maxBytes` of a validated text file (canonical, inside `root`), cut at a line end when one is near; a
 * binary file is a ToolInputError. Opened by open-inside.ts (never through a link swapped in after validation);
 * reads at most `maxBytes + 1` bytes (and the first 8000 for the binary check), whatever the file's size.
 * `shownAs` names the file in the message.
 */
export function readCappedText(absolute: string, root: string, maxBytes: number, shownAs: string): CappedText {
  const fd = openInside(absolute, root, shownAs);
  let bytes: Buffer;
  let totalBytes: number;
  try {
    totalBytes = fs.fstatSync(fd).size;
    // One byte past the cap tells whether the cut falls inside a UTF-8 sequence.
    const buffer = Buffer.alloc(Math.min(totalBytes, Math.max(maxBytes + 1, BINARY_SNIFF_BYTES)));
    let filled = 0;
    for (let read = -1; read !== 0 && filled < buffer.length; filled += read) read = fs.readSync(fd, buffer, filled, buffer.length - filled, filled);
    bytes = buffer.subarray(0, filled);
  } finally {
    fs.closeSync(fd);
  }
  if (looksBinary(bytes)) {
    throw new ToolInputError(`${shownAs} is a binary file (it contains NUL bytes); only text files can be read.`);
  }
  // bytes holds the whole file when it is within the cap (a file that shrank meanwhile is what was read).
  if (bytes.length <= maxBytes) return { text: bytes.toString("utf8"), totalBytes: bytes.length, omittedBytes: 0 };
  const lastNewline = bytes.lastIndexOf(0x0a, maxBytes - 1);
  const end = lastNewline >= maxBytes / 2 ? lastNewline + 1 : maxBytes;
  // Never cut inside a UTF-8 sequence: back up over continuation bytes.
  let cut = end;
  while (cut > 0 && cut < bytes.length && ((bytes[cut] ?? 0) & 0xc0) === 0x80) cut -= 1;
  return { text: bytes.subarray(0, cut).toString("utf8"), totalBytes, omittedBytes: Math.max(0, totalBytes - cut) };
}
