import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { bytesOf, parseJournal, recoveryPlan, stateOf, type EditJournal, type FileState } from "./edit-journal.js";
import {
  ABANDONED_AFTER_MS,
  isAbandoned,
  isTemporaryName,
  removeAbandonedTemporaries,
  removeQuietly,
  replaceFile,
} from "./durable-files.js";
import { BACK_SUFFIX, JOURNAL_SUFFIX, PARTIAL_SUFFIX, listJournalFiles, type JournalEntry } from "./journal-files.js";

/**
 * Finishes the writes of source files that a killed process left half done (journaled-write.ts): every
 * journal of a root whose process is gone is rolled forward (or back, edit-journal.ts `recoveryPlan`), its
 * temporary files and those of dead processes in its folders are removed, then the journal. Every edit tool
 * and every index run (`index`, `serve`, the daemon, `--index`) calls it first.
 */

export interface RecoveryReport {
  /** One line per journal recovered: what was interrupted and what the files hold now. */
  readonly finished: readonly string[];
  /** One message per journal that could not be recovered, saying why and what to do. Its files were left alone. */
  readonly blocked: readonly string[];
}

const NOTHING: RecoveryReport = { finished: [], blocked: [] };

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

/** The files an edit tool writes: TypeScript and JavaScript sources. */
const SOURCE_FILE = /\.(?:[cm]?ts|tsx|[cm]?js|jsx)$/;
/** Folders and files no edit writes: git's, ts-graph's own (its database, journals, config), installed packages. */
const NEVER_WRITTEN = /(?:^|\/)(?:\.git|\.ts-graph|node_modules)(?:\/|$)|(?:^|\/)ts-graph\.config\.json$/;

/**
 * Why recovery must not write a journaled path, or undefined. A journal is a file in the root's `.ts-graph/`,
 * which anyone who can write the root (a cloned repository) can put there, so it is trusted no more than a tool's
 * input: the path must name a regular source file, or none, whose folder is inside the real root and reached
 * through no symbolic link (its real path is the path as written), and not a file of git's or ts-graph's own.
 */
function unsafeTarget(realRoot: string, relative: string): string | undefined {
  if (path.isAbsolute(relative) || relative.split(/[\\/]/).includes("..")) return "lies outside the root";
  if (NEVER_WRITTEN.test(relative)) return "belongs to git, ts-graph or node_modules";
  if (!SOURCE_FILE.test(relative)) return "is not a TypeScript or JavaScript source file";
  const absolute = path.join(realRoot, relative);
  let folder: string;
  try {
    folder = fs.realpathSync.native(path.dirname(absolute));
  } catch {
    return "is in a folder that does not exist";
  }
  if (folder !== path.dirname(absolute)) return "is reached through a symbolic link";
  const stat = fs.lstatSync(absolute, { throwIfNoEntry: false });
  if (stat !== undefined && !stat.isFile()) return "is not a regular file";
  return undefined;
}

/** A journal's process is gone (on this machine), or the journal is older than any write takes. */
function isJournalAbandoned(journal: EditJournal, mtimeMs: number): boolean {
  if (journal.host !== os.hostname()) return Date.now() - mtimeMs > ABANDONED_AFTER_MS;
  return isAbandoned(journal.pid, mtimeMs);
}

function readCurrent(absolute: string): Buffer | undefined {
  try {
    return fs.readFileSync(absolute);
  } catch {
    return undefined;
  }
}

function describeState(state: FileState): string {
  return state === "after"
    ? "holds the edit"
    : state === "before"
      ? "holds its text before the edit"
      : "changed since: it holds neither";
}

function blockedMessage(journal: EditJournal, file: string, states: readonly FileState[]): string {
  const changed = journal.files.filter((_, index) => states[index] === "changed").map((entry) => entry.path);
  const listed = journal.files
    .map((entry, index) => `\n  - ${entry.path}: ${describeState(states[index] ?? "changed")}`)
    .join("");
  return (
    `An edit was interrupted (${journal.action}; process ${journal.pid}, ${journal.startedAt}) and cannot be finished: ` +
    `${changed.join(", ")} changed after it (${changed.length === 1 ? "it holds" : "they hold"} neither the text before the edit nor after). ` +
    `Nothing was written:${listed}\n` +
    `The journal ${file} holds each file's text before and after the edit (files[].before.text, files[].after.text). ` +
    `Make ${changed.length === 1 ? "that file" : "those files"} hold the text before or after the edit, and the next ts-graph command finishes it; ` +
    `or, to keep every file as it is now, delete the journal.`
  );
}

/** Recovers one complete journal; a message for the report. */
function recoverJournal(
  root: string,
  entry: JournalEntry,
  journal: EditJournal,
): { finished?: string; blocked?: string } {
  const file = entry.base + JOURNAL_SUFFIX;
  const realRoot = fs.realpathSync.native(root);
  for (const journaled of journal.files) {
    const unsafe = unsafeTarget(realRoot, journaled.path);
    if (unsafe !== undefined) {
      return {
        blocked: `The edit journal ${file} names ${journaled.path}, which ${unsafe}: an edit tool never writes it, so the journal is not ts-graph's own. Nothing was written; delete the journal.`,
      };
    }
  }
  const absolutes = journal.files.map((journaled) => path.join(realRoot, journaled.path));
  const states = journal.files.map((journaled, index) => stateOf(journaled, readCurrent(absolutes[index] ?? "")));
  const plan = recoveryPlan(states, fs.existsSync(entry.base + BACK_SUFFIX));
  if (plan.kind === "blocked") return { blocked: blockedMessage(journal, file, states) };
  // Every text is checked before the first write: a damaged journal writes nothing at all.
  const writes = plan.rewrite.map((index) => {
    const journaled = journal.files[index];
    return {
      absolute: absolutes[index],
      bytes: journaled && bytesOf(plan.kind === "forward" ? journaled.after : journaled.before),
    };
  });
  if (writes.some((write) => write.absolute === undefined || write.bytes === undefined)) {
    return {
      blocked: `The edit journal ${file} is damaged (a text does not match its hash); nothing was written. Delete it.`,
    };
  }
  for (const { absolute, bytes } of writes)
    if (absolute !== undefined && bytes !== undefined) replaceFile(absolute, bytes);
  for (const [index, journaled] of journal.files.entries()) {
    // A temporary file is removed only beside its own file, under the name an edit gives it.
    const temporary = path.join(realRoot, journaled.temporary);
    const beside = path.dirname(temporary) === path.dirname(absolutes[index] ?? "");
    if (beside && isTemporaryName(path.basename(temporary))) removeQuietly(temporary);
  }
  removeAbandonedTemporaries(absolutes.map((absolute) => path.dirname(absolute)));
  removeQuietly(entry.base + BACK_SUFFIX);
  removeQuietly(file);
  const outcome =
    plan.kind === "forward"
      ? `finished: ${plural(journal.files.length, "file")} hold the edit (${plural(plan.rewrite.length, "file")} written now)`
      : `undone: ${plural(journal.files.length, "file")} hold their text before it (${plural(plan.rewrite.length, "file")} written now)`;
  return {
    finished: `an edit interrupted on ${journal.startedAt} (${journal.action}; process ${journal.pid}) was ${outcome}`,
  };
}

function mtimeOf(file: string): number | undefined {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

/** One journal file: recovered, removed (a partial or a stray mark whose process is gone), or left (its process is alive). */
function recoverEntry(root: string, entry: JournalEntry): { finished?: string; blocked?: string } {
  if (entry.kind === "back") {
    const mtime = mtimeOf(entry.base + BACK_SUFFIX);
    if (mtime !== undefined && !fs.existsSync(entry.base + JOURNAL_SUFFIX) && isAbandoned(entry.pid, mtime))
      removeQuietly(entry.base + BACK_SUFFIX);
    return {};
  }
  if (entry.kind === "partial") {
    // Cut while it was written: no file of its edit was touched yet.
    const mtime = mtimeOf(entry.base + PARTIAL_SUFFIX);
    if (mtime !== undefined && isAbandoned(entry.pid, mtime)) removeQuietly(entry.base + PARTIAL_SUFFIX);
    return {};
  }
  const file = entry.base + JOURNAL_SUFFIX;
  const mtime = mtimeOf(file);
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch {
    return {};
  }
  const journal = parseJournal(text);
  if (journal === undefined) {
    if (mtime !== undefined && !isAbandoned(entry.pid, mtime)) return {};
    return {
      blocked: `The edit journal ${file} cannot be read (not a journal this ts-graph writes); nothing was written. Delete it.`,
    };
  }
  if (mtime === undefined || !isJournalAbandoned(journal, mtime)) return {};
  return recoverJournal(root, entry, journal);
}

/**
 * Recovers every abandoned journal of the root (a live process's are left to it). Never throws: a journal
 * that cannot be recovered is a `blocked` message, and its files are left as they are.
 */
export function recoverInterruptedEdits(root: string): RecoveryReport {
  const entries = listJournalFiles(root);
  if (entries.length === 0) return NOTHING;
  const finished: string[] = [];
  const blocked: string[] = [];
  for (const entry of entries) {
    try {
      const outcome = recoverEntry(root, entry);
      if (outcome.finished !== undefined) finished.push(outcome.finished);
      if (outcome.blocked !== undefined) blocked.push(outcome.blocked);
    } catch (error) {
      blocked.push(
        `An interrupted edit could not be recovered from ${entry.base}${JOURNAL_SUFFIX} (${error instanceof Error ? error.message : String(error)}); run the command again, or delete the journal to keep the files as they are.`,
      );
    }
  }
  return { finished, blocked };
}
