import crypto from "node:crypto";
import os from "node:os";
import path from "node:path";

/**
 * The journal of a write of source files (pure: its shape, its text, and what recovering it means). The edit
 * tools write it before they replace any file: for each file, its path, its bytes before and after the edit,
 * and the temporary file its new bytes go to first. A process killed mid-write leaves it; the next ts-graph
 * command on the root finishes the write from it (edit-recovery.ts).
 */

/** Where a root's journals live: ts-graph's own folder of the root, whatever `--db` says (src/file-writes/README.md). */
export const JOURNAL_FOLDER = path.join(".ts-graph", "edits");

const FORMAT = "ts-graph-edit-journal";

/** A file's bytes as the journal holds them: UTF-8 text when the bytes are exactly that, else base64. */
export interface JournaledBytes {
  readonly sha1: string;
  readonly text?: string;
  readonly base64?: string;
}

export interface JournaledFile {
  /** Relative to the root, '/'-separated. */
  readonly path: string;
  /** The temporary file the new bytes are written to before the rename, relative to the root. */
  readonly temporary: string;
  readonly before: JournaledBytes;
  readonly after: JournaledBytes;
}

export interface EditJournal {
  readonly format: typeof FORMAT;
  readonly version: 1;
  readonly pid: number;
  readonly host: string;
  readonly startedAt: string;
  /** What the edit was (`rename src/a.ts:total → sum`), for the messages of its recovery. */
  readonly action: string;
  readonly files: readonly JournaledFile[];
}

function sha1Of(bytes: Buffer): string {
  return crypto.createHash("sha1").update(bytes).digest("hex");
}

function journaled(bytes: Buffer): JournaledBytes {
  const text = bytes.toString("utf8");
  return Buffer.from(text, "utf8").equals(bytes)
    ? { sha1: sha1Of(bytes), text }
    : { sha1: sha1Of(bytes), base64: bytes.toString("base64") };
}

/** The bytes a journal entry holds, or undefined when they do not match its hash (a damaged journal). */
export function bytesOf(entry: JournaledBytes): Buffer | undefined {
  const bytes =
    entry.text !== undefined
      ? Buffer.from(entry.text, "utf8")
      : entry.base64 !== undefined
        ? Buffer.from(entry.base64, "base64")
        : undefined;
  return bytes !== undefined && sha1Of(bytes) === entry.sha1 ? bytes : undefined;
}

/** A root-relative, '/'-separated path. */
function rootRelative(root: string, absolute: string): string {
  return path.relative(root, absolute).split(path.sep).join("/");
}

export function journalOf(
  root: string,
  action: string,
  files: readonly {
    readonly absolute: string;
    readonly temporary: string;
    readonly before: Buffer;
    readonly after: Buffer;
  }[],
): EditJournal {
  return {
    format: FORMAT,
    version: 1,
    pid: process.pid,
    host: os.hostname(),
    startedAt: new Date().toISOString(),
    action,
    files: files.map((file) => ({
      path: rootRelative(root, file.absolute),
      temporary: rootRelative(root, file.temporary),
      before: journaled(file.before),
      after: journaled(file.after),
    })),
  };
}

const isBytes = (value: unknown): value is JournaledBytes =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as JournaledBytes).sha1 === "string" &&
  (typeof (value as JournaledBytes).text === "string" || typeof (value as JournaledBytes).base64 === "string");

const isFile = (value: unknown): value is JournaledFile =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as JournaledFile).path === "string" &&
  typeof (value as JournaledFile).temporary === "string" &&
  isBytes((value as JournaledFile).before) &&
  isBytes((value as JournaledFile).after);

/** Reads a journal's text; undefined when it is not one this version wrote whole. */
export function parseJournal(text: string): EditJournal | undefined {
  try {
    const value = JSON.parse(text) as Partial<EditJournal>;
    if (
      value.format !== FORMAT ||
      value.version !== 1 ||
      typeof value.pid !== "number" ||
      typeof value.host !== "string"
    )
      return undefined;
    if (
      typeof value.startedAt !== "string" ||
      typeof value.action !== "string" ||
      !Array.isArray(value.files) ||
      !value.files.every(isFile)
    )
      return undefined;
    return value as EditJournal;
  } catch {
    return undefined;
  }
}

/** What a file holds now, against its journal entry. */
export type FileState = "before" | "after" | "changed";

export function stateOf(entry: JournaledFile, current: Buffer | undefined): FileState {
  if (current === undefined) return "changed";
  const hash = sha1Of(current);
  return hash === entry.after.sha1 ? "after" : hash === entry.before.sha1 ? "before" : "changed";
}

/**
 * The recovery rule. The journal is flushed to disk before the first file is touched, with every file's new
 * bytes: from then on the edit can always be finished, so it is rolled forward (every file gets its bytes
 * after). Only a write that failed in its own process (an error, not a kill) and had started to put the old
 * bytes back (`rollingBack`) is rolled back. A file that holds neither its bytes before nor after was changed
 * by someone else since: nothing is written, and the caller says what to do.
 */
export type RecoveryPlan =
  | { readonly kind: "forward" | "back"; readonly rewrite: readonly number[] }
  | { readonly kind: "blocked"; readonly changed: readonly number[] };

export function recoveryPlan(states: readonly FileState[], rollingBack: boolean): RecoveryPlan {
  const changed = states.flatMap((state, index) => (state === "changed" ? [index] : []));
  if (changed.length > 0) return { kind: "blocked", changed };
  const kind = rollingBack ? "back" : "forward";
  const wrong = kind === "forward" ? "before" : "after";
  return { kind, rewrite: states.flatMap((state, index) => (state === wrong ? [index] : [])) };
}
