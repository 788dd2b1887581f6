import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { crashPoint } from "../db/crash-points.js";
import { JOURNAL_FOLDER, type EditJournal } from "./edit-journal.js";
import { removeQuietly, syncFolder, writeFlushed } from "./durable-files.js";

/**
 * A root's journal files, in `<root>/.ts-graph/edits/`: `edit-<pid>-<hex>.journal` (complete, flushed),
 * `.partial` while it is being written (renamed to `.journal` once flushed), and `.back`, the mark a write that
 * failed in its own process leaves before it puts the old bytes back (the journal is then rolled back).
 */

export const JOURNAL_SUFFIX = ".journal";
export const PARTIAL_SUFFIX = ".partial";
export const BACK_SUFFIX = ".back";
const JOURNAL_NAME = /^edit-(\d+)-[0-9a-f]{8}\.(journal|partial|back)$/;

export function journalFolderOf(root: string): string {
  return path.join(root, JOURNAL_FOLDER);
}

/** A journal written and flushed (its file and its folder entry) before anything else of its write happens. */
export interface OpenJournal {
  /** The journal's path without its suffix. */
  readonly base: string;
  readonly file: string;
}

export function writeJournal(root: string, journal: EditJournal): OpenJournal {
  const folder = journalFolderOf(root);
  const base = path.join(folder, `edit-${journal.pid}-${crypto.randomBytes(4).toString("hex")}`);
  const partial = base + PARTIAL_SUFFIX;
  try {
    fs.mkdirSync(folder, { recursive: true });
    writeFlushed(partial, JSON.stringify(journal), 0o600);
    crashPoint("edit");
    fs.renameSync(partial, base + JOURNAL_SUFFIX);
  } catch (error) {
    removeQuietly(partial);
    const why = error instanceof Error ? error.message : String(error);
    throw new Error(
      `the edit's journal could not be written in ${folder} (${why}); nothing was written. Make that folder writable and retry.`,
    );
  }
  syncFolder(folder);
  return { base, file: base + JOURNAL_SUFFIX };
}

/** Marks a journal to be rolled back (flushed before the first old bytes are put back). */
export function markRollingBack(journal: OpenJournal): void {
  writeFlushed(journal.base + BACK_SUFFIX, "", 0o600);
  syncFolder(path.dirname(journal.base));
}

/** Removes a journal, its mark first (a journal left without its mark is rolled forward, which is then a no-op). */
export function removeJournal(journal: OpenJournal): void {
  removeQuietly(journal.base + BACK_SUFFIX);
  removeQuietly(journal.file);
}

export interface JournalEntry {
  readonly pid: number;
  readonly base: string;
  readonly kind: "journal" | "partial" | "back";
}

/** The journal files of a root (none when the folder does not exist). */
export function listJournalFiles(root: string): JournalEntry[] {
  const folder = journalFolderOf(root);
  let names: string[];
  try {
    names = fs.readdirSync(folder);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const match = JOURNAL_NAME.exec(name);
    if (match === null) return [];
    const kind = match[2] as JournalEntry["kind"];
    return [{ pid: Number(match[1]), base: path.join(folder, name.slice(0, name.length - kind.length - 1)), kind }];
  });
}
