import fs from "node:fs";
import path from "node:path";
import { openInside } from "./open-inside.js";
import { ToolInputError } from "../tool-errors.js";

/**
 * What every tool agrees on about files in the workspace: which are sources, which are binary, and how a path inside the indexed root is written in the graph.
 */

const SOURCE_FILE = /\.(?:[cm]?tsx?|[cm]?jsx?)$/;

/** A file the indexer may have indexed (TypeScript, or JavaScript under allowJs). */
export function isSourcePath(relative: string): boolean {
  return SOURCE_FILE.test(relative);
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
    for (let read = -1; read !== 0 && filled < buffer.length; filled += read)
      read = fs.readSync(fd, buffer, filled, buffer.length - filled, filled);
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

/** Some lines of a file, as readLineSpan read them. */
export interface LineSpan {
  /** The file's length in lines (a last line without a newline counts); with countStopped, the lines counted. */
  readonly totalLines: number;
  /** The file is longer than MAX_LINE_SCAN_BYTES: reading stopped there, and with it the lines and their count. */
  readonly countStopped: boolean;
  /** Lines `from` onward (at most to `to`), their line ends left out, until `maxBytes` of them were read. */
  readonly lines: readonly string[];
  /** The one line read is longer than maxBytes and holds only its first bytes. */
  readonly lineCut: boolean;
}

/** How much of a file readLineSpan reads at a time. */
const CHUNK_BYTES = 64 * 1024;

/** How far readLineSpan reads a file to find its lines and count them (a big log is not read to its end). */
export const MAX_LINE_SCAN_BYTES = 64 * 1024 * 1024;

/**
 * The text of collected bytes; when the collection stopped (`full`: one byte past the cap read), the cap's worth,
 * cut back to a whole UTF-8 sequence.
 */
function decodeCollected(bytes: Buffer, full: boolean): string {
  if (!full) return bytes.toString("utf8");
  let cut = bytes.length - 1;
  while (cut > 0 && ((bytes[cut] ?? 0) & 0xc0) === 0x80) cut -= 1;
  return bytes.subarray(0, cut).toString("utf8");
}

/**
 * Lines `from` to `to` (1-based, inclusive; `to` undefined for the end) of a validated text file, holding at most
 * `maxBytes` of them in memory, and the file's line count: the file is read once, a chunk at a time, up to
 * MAX_LINE_SCAN_BYTES. Opened by open-inside.ts as readCappedText; a binary file is a ToolInputError. A `\r` ending a
 * line is left out.
 */
export function readLineSpan(
  absolute: string,
  root: string,
  from: number,
  to: number | undefined,
  maxBytes: number,
  shownAs: string,
): LineSpan {
  const fd = openInside(absolute, root, shownAs);
  const chunk = Buffer.alloc(CHUNK_BYTES);
  const collected: Buffer[] = [];
  let collectedBytes = 0;
  let full = false;
  let line = 1;
  let lastByte = 0x0a;
  let offset = 0;
  let countStopped = false;
  try {
    for (
      let read = fs.readSync(fd, chunk, 0, chunk.length, 0);
      read > 0;
      read = fs.readSync(fd, chunk, 0, chunk.length, offset)
    ) {
      if (offset >= MAX_LINE_SCAN_BYTES) {
        countStopped = true;
        break;
      }
      const bytes = chunk.subarray(0, read);
      if (offset === 0 && looksBinary(bytes)) {
        throw new ToolInputError(`${shownAs} is a binary file (it contains NUL bytes); only text files can be read.`);
      }
      for (let start = 0; start < bytes.length; ) {
        const newline = bytes.indexOf(0x0a, start);
        const end = newline < 0 ? bytes.length : newline + 1;
        if (!full && line >= from && (to === undefined || line <= to)) {
          const take = Math.min(end - start, maxBytes + 1 - collectedBytes);
          collected.push(Buffer.from(bytes.subarray(start, start + take)));
          collectedBytes += take;
          full = collectedBytes > maxBytes;
        }
        if (newline >= 0) line += 1;
        start = end;
      }
      lastByte = bytes[bytes.length - 1] ?? lastByte;
      offset += read;
    }
  } finally {
    fs.closeSync(fd);
  }
  // A count stopped inside a line counts the lines begun.
  const totalLines = lastByte === 0x0a ? line - 1 : line;
  const pieces = decodeCollected(Buffer.concat(collected), full).split("\n");
  // Complete: the last piece is what follows the last newline read (empty, or a last line without one).
  // Stopped (full, or the scan's end): it is a line begun and not finished, dropped unless it is the only one.
  const stopped = full || countStopped;
  const lineCut = stopped && pieces.length === 1 && pieces[0] !== "";
  const kept = stopped ? (lineCut ? pieces : pieces.slice(0, -1)) : pieces.at(-1) === "" ? pieces.slice(0, -1) : pieces;
  return {
    totalLines,
    countStopped,
    lines: kept.map((text) => (text.endsWith("\r") ? text.slice(0, -1) : text)),
    lineCut,
  };
}
