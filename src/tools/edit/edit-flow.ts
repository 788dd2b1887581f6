import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { echoed, plural } from "../answer/text.js";
import type { ToolContext, ToolResult } from "../tool-contract.js";
import type {
  DeclarationContainer,
  EditLanguage,
  EditSupport,
  FileDiagnostic,
  SourceProblem,
} from "../../model/edit-ports.js";
import { ToolInputError, ToolUnavailableError } from "../tool-errors.js";
import { compareDiagnostics } from "./diagnostic-change.js";
import {
  editStructured,
  formatEditText,
  type ChangedFile,
  type DiagnosticChange,
  type EditAnswer,
  type ShownDiagnostic,
} from "./format.js";
import { changedRanges, lineStarts, regionsOf, type TextRange } from "./changed-ranges.js";
import { affectedDeclarations, filesSeeing, graphHashOf, useLinesIn } from "./query.js";
import { decodeSource, encodeSource, type SourceText } from "./source-text.js";
import type { RenamedFile, RenameHint } from "../../model/rename-hint.js";
import { recoverInterruptedEdits } from "../../file-writes/edit-recovery.js";
import { FileChangedError, writeAllOrNothing, type FileWrite } from "../../file-writes/journaled-write.js";

/**
 * The IO of every edit: read the file and check it is the one the graph (and the caller) knows, check the
 * new text's syntax, show the diff or write it atomically, update the graph, compare the diagnostics.
 */

/**
 * Files the edit can affect (beyond the changed ones) whose diagnostics are compared, at most, nearest importers
 * first: each is checked before and after the write, so more would make an edit that changes a widely used
 * declaration slow. The answer says when the limit was hit.
 */
export const MAX_COMPARED_FILES = 100;

/**
 * Files longer than this many lines are compared only around the edit (the top-level statements it changed or
 * that use what it changed, and the imports): TypeScript's checker starts afresh after every write, and
 * checking a whole 29,000-line file again takes seconds.
 */
export const REGION_CHECK_MIN_LINES = 2_000;

function hashOf(bytes: Buffer): string {
  return crypto.createHash("sha1").update(bytes.toString("utf8")).digest("hex");
}

/** A file read for editing: validated for writing, its bytes, its text, its hash. */
export interface EditTarget {
  /** Graph path (relative to the root). */
  readonly file: string;
  readonly absolute: string;
  readonly bytes: Buffer;
  readonly source: SourceText;
  readonly hash: string;
}

/**
 * Finishes the root's edits that a killed process left half written (file-writes/edit-recovery.ts), before
 * an edit reads anything; answers what it finished, for the answer's notes. Refused while one cannot be
 * finished (a file changed since): the error says what to do.
 */
export function recoverBeforeEdit(context: ToolContext): string[] {
  const report = recoverInterruptedEdits(context.root);
  if (report.blocked.length > 0) throw new ToolInputError(report.blocked.join("\n"), { reason: "interrupted-edit" });
  return [...report.finished];
}

/** Writes every file or none (file-writes/journaled-write.ts); a file changed meanwhile is the caller's to retry. */
function writeFiles(context: ToolContext, writes: readonly FileWrite[], action: string): void {
  try {
    writeAllOrNothing(context.root, writes, { action });
  } catch (error) {
    if (error instanceof FileChangedError)
      throw new ToolInputError(error.message, { reason: "stale", file: error.file });
    throw error;
  }
}

export async function requireEditSupport(context: ToolContext): Promise<EditSupport> {
  if (context.editSupport === undefined) {
    throw new ToolUnavailableError(
      "this front end cannot edit files",
      "use the ts-graph CLI or its MCP server (ts-graph serve)",
    );
  }
  return context.editSupport();
}

/**
 * Reads a file to edit: inside the root, not ts-graph's own, text in UTF-8, and the same text the graph
 * indexed and the caller expects (`expectedHash`). Anything else is refused with what to do.
 */
export function readTarget(context: ToolContext, file: string, expectedHash: string | undefined): EditTarget {
  const validated = context.paths.validate(file, { forWrite: true });
  const bytes = fs.readFileSync(validated.absolute);
  const decoded = decodeSource(bytes);
  if (!decoded.ok) throw new ToolInputError(`${file} cannot be edited: ${decoded.why}.`);
  const hash = hashOf(bytes);
  if (expectedHash !== undefined && expectedHash !== hash) {
    throw new ToolInputError(
      `${file} changed since you read it: its SHA-1 is now ${hash}, not ${echoed(expectedHash)}. Nothing was written. Read it again (or dry-run the edit again) and retry with the new hash.`,
      { reason: "stale", file, hash },
    );
  }
  const indexed = graphHashOf(context.db, validated.relative);
  if (indexed !== hash) {
    throw new ToolInputError(
      indexed === undefined
        ? `${file} is not in the graph; index it first (ts-graph index), then retry.`
        : `${file} differs from the graph (the graph has SHA-1 ${indexed}, the file ${hash}) and could not be brought up to date; nothing was written. Run ts-graph index (or wait for the server's update), then retry.`,
      { reason: "stale", file, hash },
    );
  }
  return { file: validated.relative, absolute: validated.absolute, bytes, source: decoded.source, hash };
}

function problemList(problems: readonly SourceProblem[]): string {
  return problems
    .slice(0, 5)
    .map((problem) => `\n  - line ${problem.line}, column ${problem.column}: ${problem.message}`)
    .join("");
}

/**
 * Refuses content that does not parse alone (as what `container` holds; lines are the content's own, counted
 * from its first line as given), and an edited file with more syntax errors than before.
 */
export function checkSyntax(
  support: EditSupport,
  target: EditTarget,
  newBody: string,
  content?: { readonly text: string; readonly container: DeclarationContainer },
): void {
  if (content !== undefined) {
    const skipped = /^(?:[ \t]*\r?\n)*/.exec(content.text)?.[0].split("\n").length ?? 1;
    const normalized = content.text.replace(/\r\n?/g, "\n").replace(/^(?:[ \t]*\n)+/, "");
    const errors = support.syntax
      .syntaxErrors(target.file, normalized, content.container)
      .map((error) => ({ ...error, line: error.line + skipped - 1 }));
    if (errors.length > 0) {
      throw new ToolInputError(
        `The content does not parse on its own (as ${content.container === "statements" ? "declarations" : `${content.container} members`}); nothing was written:${problemList(errors)}`,
        {
          reason: "syntax",
          where: "content",
          errors,
        },
      );
    }
  }
  const before = support.syntax.syntaxErrors(target.file, target.source.body);
  const after = support.syntax.syntaxErrors(target.file, newBody);
  if (after.length > before.length) {
    throw new ToolInputError(
      `${target.file} would not parse after the edit; nothing was written (lines of the edited file):${problemList(after)}`,
      {
        reason: "syntax",
        where: "file",
        errors: after,
      },
    );
  }
}

/** One file of an edit, ready to show or write. */
export interface PreparedFile {
  readonly target: EditTarget;
  readonly body: string;
  readonly diff: string;
  readonly changes?: number;
  /** A rename's replacements in this file, in the text before (offsets into `target.source.body`). */
  readonly renameEdits?: RenamedFile["edits"];
}

/** What the indexer is told of a rename (RenameHint): every file's edits, when every file has them. */
function renameHintOf(
  rename: { readonly oldName: string; readonly newName: string } | undefined,
  prepared: readonly PreparedFile[],
  changed: readonly ChangedFile[],
): RenameHint | undefined {
  if (rename === undefined) return undefined;
  const files: RenamedFile[] = [];
  for (const [index, file] of prepared.entries()) {
    const hashAfter = changed[index]?.hashAfter;
    if (file.renameEdits === undefined || hashAfter === undefined) return undefined;
    files.push({ path: file.target.file, hashBefore: file.target.hash, hashAfter, edits: file.renameEdits });
  }
  return { ...rename, files };
}

function changedFile(prepared: PreparedFile): ChangedFile {
  return {
    file: prepared.target.file,
    hashBefore: prepared.target.hash,
    hashAfter: hashOf(encodeSource(prepared.target.source, prepared.body)),
    diff: prepared.diff,
    changes: prepared.changes,
  };
}

function shown(context: ToolContext, diagnostic: FileDiagnostic): ShownDiagnostic {
  return {
    file: path.relative(context.root, diagnostic.file).split(path.sep).join("/"),
    line: diagnostic.line,
    column: diagnostic.column,
    code: diagnostic.code,
    message: diagnostic.message,
  };
}

/** The keys whose surface differs between two `surface()` texts (added and removed ones included). */
function changedKeys(before: string, after: string): string[] {
  const surfaces = (text: string): Map<string, string> =>
    new Map(
      text === ""
        ? []
        : text
            .split("\n")
            .map((line) => [line.slice(0, line.indexOf("\0")), line.slice(line.indexOf("\0") + 1)] as const),
    );
  const old = surfaces(before);
  const now = surfaces(after);
  return [...new Set([...old.keys(), ...now.keys()])].filter((key) => old.get(key) !== now.get(key));
}

interface ComparedFiles {
  readonly files: string[];
  readonly unchecked: number;
  readonly unaffected: number;
  readonly surfaceKept: boolean;
  /** The parts of the long files compared only around the edit, by absolute path, in the text before and after. */
  readonly regions: {
    readonly before: Map<string, readonly TextRange[]>;
    readonly after: Map<string, readonly TextRange[]>;
  };
}

/** Whole lines of `text` as ranges (1-based line numbers; lines past the end are left out). */
function lineRanges(text: string, lines: readonly number[]): TextRange[] {
  const starts = lineStarts(text);
  return lines.flatMap((line) => {
    const start = starts[line - 1];
    return start === undefined ? [] : [{ start, end: starts[line] ?? text.length }];
  });
}

/**
 * Where each long compared file is checked (REGION_CHECK_MIN_LINES): in a changed file, the changed lines and
 * the lines that use a declaration the edit affects (as the graph has them before the edit, mapped to the new
 * text); in an importer, its lines that use one.
 */
function regionsOfLongFiles(
  context: ToolContext,
  prepared: readonly PreparedFile[],
  importers: readonly string[],
  affected: ReadonlyMap<string, ReadonlySet<string>>,
): ComparedFiles["regions"] {
  const regions = { before: new Map<string, readonly TextRange[]>(), after: new Map<string, readonly TextRange[]>() };
  const isLong = (text: string): boolean => lineStarts(text).length > REGION_CHECK_MIN_LINES;
  const allAffected = [...affected.values()].flatMap((keys) => [...keys]);
  for (const file of prepared) {
    const before = file.target.source.body;
    if (!isLong(before)) continue;
    const uses = lineRanges(before, useLinesIn(context.db, file.target.file, allAffected));
    const { before: old, after: now } = regionsOf(changedRanges(before, file.body), uses);
    regions.before.set(file.target.absolute, old);
    regions.after.set(file.target.absolute, now);
  }
  for (const importer of importers) {
    const absolute = path.join(context.root, importer);
    const text = fs.readFileSync(absolute, "utf8").replace(/^\uFEFF/, "");
    if (!isLong(text)) continue;
    const uses = lineRanges(text, useLinesIn(context.db, importer, allAffected));
    regions.before.set(absolute, uses);
    regions.after.set(absolute, uses);
  }
  return regions;
}

/**
 * The changed files and the files whose diagnostics the edit can change (filesSeeing: importers, importers
 * through re-exports at any depth, other users; at most MAX_COMPARED_FILES, nearest first), as absolute paths,
 * how many were left out over the limit, and how many direct importers were not compared because they use
 * nothing the edit changed. An importer can see the edit only through a declaration whose surface (as the
 * indexer's planning hashes it) changed, or one of the same file that uses such a declaration
 * (affectedDeclarations): when no surface changed, no importer is compared. Long files get the regions they
 * are compared in (regionsOfLongFiles).
 */
function comparedFiles(context: ToolContext, support: EditSupport, prepared: readonly PreparedFile[]): ComparedFiles {
  const changed = new Set(prepared.map((file) => file.target.file));
  const changes = prepared.map((file) => ({
    file: file.target.file,
    keys: changedKeys(
      support.syntax.surface(file.target.file, file.target.source.body),
      support.syntax.surface(file.target.file, file.body),
    ),
  }));
  const surfaceKept = changes.every((change) => change.keys.length === 0);
  const own = prepared.map((file) => file.target.absolute);
  if (surfaceKept)
    return {
      files: own,
      unchecked: 0,
      unaffected: 0,
      surfaceKept,
      regions: regionsOfLongFiles(context, prepared, [], new Map()),
    };
  const importers = new Set<string>();
  const unaffected = new Set<string>();
  const affected = new Map<string, ReadonlySet<string>>();
  for (const change of changes) {
    if (change.keys.length === 0) continue;
    const keys = affectedDeclarations(context.db, change.file, change.keys);
    affected.set(change.file, keys);
    const sees = filesSeeing(context.db, change.file, keys);
    for (const importer of sees.seeing) importers.add(importer);
    for (const importer of sees.unaffected) unaffected.add(importer);
  }
  for (const file of [...changed, ...importers]) unaffected.delete(file);
  for (const file of changed) importers.delete(file);
  const kept = [...importers].slice(0, MAX_COMPARED_FILES);
  return {
    files: [...own, ...kept.map((file) => path.join(context.root, file))],
    unchecked: importers.size - kept.length,
    unaffected: unaffected.size,
    surfaceKept,
    regions: regionsOfLongFiles(context, prepared, kept, affected),
  };
}

function languageOf(support: EditSupport): { readonly language?: EditLanguage; readonly error?: string } {
  try {
    return { language: support.language() };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Shows the edit (dry run) or writes it: all files or none, then brings the graph up to date and compares
 * the diagnostics of the changed files and their importers with those before the write.
 */
export async function finishEdit(
  context: ToolContext,
  support: EditSupport,
  request: {
    readonly action: string;
    readonly dryRun: boolean;
    readonly files: readonly PreparedFile[];
    readonly notes?: readonly string[];
    /** A rename's names: the graph update is told the edits (PreparedFile.renameEdits), to patch the graph with. */
    readonly rename?: { readonly oldName: string; readonly newName: string };
  },
): Promise<ToolResult> {
  const files = request.files.map(changedFile);
  if (request.dryRun) {
    const answer: EditAnswer = { action: request.action, dryRun: true, files, notes: request.notes };
    return { text: formatEditText(answer), structured: editStructured(answer) };
  }
  const timings: Record<string, number> = {};
  let mark = performance.now();
  const lap = (phase: string): void => {
    const now = performance.now();
    timings[phase] = Math.round(now - mark);
    mark = now;
  };
  const compared = comparedFiles(context, support, request.files);
  lap("comparedFiles");
  const { language, error } = languageOf(support);
  let before: readonly FileDiagnostic[] | undefined;
  let diagnosticsNote =
    error === undefined ? undefined : `not compared: the language service could not be built (${error})`;
  try {
    before = language?.diagnostics(compared.files, compared.regions.before);
  } catch (failure) {
    diagnosticsNote = `not compared: ${failure instanceof Error ? failure.message : String(failure)}`;
  }
  lap("diagnosticsBefore");
  const writes: FileWrite[] = request.files.map((file) => ({
    absolute: file.target.absolute,
    before: file.target.bytes,
    after: encodeSource(file.target.source, file.body),
  }));
  writeFiles(context, writes, request.action);
  lap("write");
  // The files are written: a failed graph update is reported in the answer, not as a failed edit. The graph
  // update runs in the indexer's thread (the server's) while this thread computes the diagnostics after.
  const updateStarted = performance.now();
  const updating = context
    .ensureFresh(
      writes.map((write) => write.absolute),
      renameHintOf(request.rename, request.files, files),
    )
    .then(
      () => ({ error: undefined, ms: performance.now() - updateStarted }),
      (failure: unknown) => ({
        error: failure instanceof Error ? failure.message : String(failure),
        ms: performance.now() - updateStarted,
      }),
    );
  let diagnostics: DiagnosticChange | undefined;
  if (language !== undefined && before !== undefined) {
    try {
      const after = language.diagnostics(compared.files, compared.regions.after);
      diagnostics = compareDiagnostics(
        before.map((diagnostic) => shown(context, diagnostic)),
        after.map((diagnostic) => shown(context, diagnostic)),
        {
          checkedFiles: compared.files.length,
          uncheckedImporters: compared.unchecked,
          unaffectedImporters: compared.unaffected,
          surfaceKept: compared.surfaceKept,
          regionFiles: compared.regions.after.size,
        },
      );
    } catch (failure) {
      diagnosticsNote = `not compared: ${failure instanceof Error ? failure.message : String(failure)}`;
    }
  }
  lap("diagnosticsAfter");
  const update = await updating;
  lap("graphUpdateWait");
  timings.graphUpdate = Math.round(update.ms);
  const graphError = update.error;
  const graphUpdated = files.every((file) => graphHashOf(context.db, file.file) === file.hashAfter);
  const notes = [
    ...(graphError === undefined
      ? []
      : [`the graph update failed (${graphError}); the files are written, run ts-graph index`]),
    ...(request.notes ?? []),
  ];
  const answer: EditAnswer = {
    action: request.action,
    dryRun: false,
    files,
    graphUpdated,
    diagnostics,
    diagnosticsNote,
    notes,
    timingsMs: timings,
  };
  return { text: formatEditText(answer), structured: editStructured(answer) };
}

/** `src/cart.ts:Cart.total` referred to by N places: the refusal of a delete. */
export function referencesList(
  references: readonly {
    readonly kind: string;
    readonly source: string;
    readonly file: string;
    readonly lines: readonly number[];
  }[],
): string {
  const shownReferences = references.slice(0, 20).map((reference) => {
    const lines = reference.lines.length === 0 ? "" : `:${reference.lines.join(",")}`;
    return `\n  - ${reference.source} (${reference.kind}, ${reference.file}${lines})`;
  });
  const more = references.length > 20 ? `\n  - … ${plural(references.length - 20, "more")}` : "";
  return shownReferences.join("") + more;
}
