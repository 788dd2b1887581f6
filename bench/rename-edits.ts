/**
 * The rename edits of the timing steps (issue 16: "rename a widely used member"): members (methods and
 * properties) that the graph shows referenced from at least three other files at 20 or more places, picked
 * evenly over that list ordered by how many files use them, each renamed everywhere by TypeScript's own
 * rename locations (a language service over the corpus's tsconfig, built once in the bench's process), with
 * no string or comment occurrence touched. A member whose rename reaches a file outside the corpus's
 * sources (a declaration file of a dependency) is passed over.
 */
import { ts } from "../src/engine/ts6/typescript6.js";
import Database from "better-sqlite3";
import * as fs from "node:fs";
import * as path from "node:path";
import type { BenchEdit, EditSet, FileEdit } from "./bench-edits.js";
import { evenlySpacedIndices } from "./stats.js";
import { log } from "./measure.js";

const MIN_SITES = 20;
const MIN_FILES = 3;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const MAX_TRIES_PER_PICK = 16;

interface Candidate {
  readonly key: string;
  readonly file: string;
  readonly name: string;
  readonly line: number;
  readonly sites: number;
  readonly files: number;
}

function candidates(dbPath: string): Candidate[] {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare(
        `SELECT n.key, n.file, n.name, n.name_line AS line, sum(e.count) AS sites, count(DISTINCT e.file) AS files
         FROM nodes n JOIN edges e ON e.target = n.key
         WHERE n.kind IN ('Method', 'Property') AND e.file <> n.file
         GROUP BY n.key HAVING sites >= ? AND files >= ? ORDER BY files, n.key`,
      )
      .all(MIN_SITES, MIN_FILES) as Candidate[];
    return rows.filter((row) => IDENTIFIER.test(row.name));
  } finally {
    db.close();
  }
}

function languageService(dir: string, tsconfigPath: string): ts.LanguageService {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    tsconfigPath,
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
  );
  if (parsed === undefined) throw new Error(`cannot read ${tsconfigPath}`);
  const host: ts.LanguageServiceHost = {
    getCompilationSettings: () => parsed.options,
    getScriptFileNames: () => parsed.fileNames,
    getScriptVersion: () => "0",
    getScriptSnapshot: (file) =>
      fs.existsSync(file) ? ts.ScriptSnapshot.fromString(fs.readFileSync(file, "utf8")) : undefined,
    getCurrentDirectory: () => dir,
    getDefaultLibFileName: (options) => ts.getDefaultLibFilePath(options),
    fileExists: (file) => ts.sys.fileExists(file),
    readFile: (file) => ts.sys.readFile(file),
    readDirectory: (...args) => ts.sys.readDirectory(...args),
    directoryExists: (folder) => ts.sys.directoryExists(folder),
    getDirectories: (folder) => ts.sys.getDirectories(folder),
  };
  return ts.createLanguageService(host, ts.createDocumentRegistry());
}

/** The offset of the member's name on its line, or undefined when the line does not hold it. */
function namePosition(text: string, line: number, name: string): number | undefined {
  let start = 0;
  for (let i = 1; i < line; i += 1) {
    start = text.indexOf("\n", start) + 1;
    if (start === 0) return undefined;
  }
  const end = text.indexOf("\n", start);
  const lineText = text.slice(start, end === -1 ? undefined : end);
  const match = new RegExp(`(?<![\\w$])${name.replace(/\$/g, "\\$")}(?![\\w$])`).exec(lineText);
  return match === null ? undefined : start + match.index;
}

/** The whole-file texts of one rename, or undefined when TypeScript refuses it or it leaves the corpus's sources. */
function renameEdit(
  service: ts.LanguageService,
  dir: string,
  sources: ReadonlySet<string>,
  candidate: Candidate,
): BenchEdit | undefined {
  const absolute = path.join(dir, candidate.file);
  const position = namePosition(fs.readFileSync(absolute, "utf8"), candidate.line, candidate.name);
  if (position === undefined || !service.getRenameInfo(absolute, position, {}).canRename) return undefined;
  const locations = service.findRenameLocations(absolute, position, false, false, {
    providePrefixAndSuffixTextForRename: true,
  });
  if (locations === undefined || locations.length < MIN_SITES) return undefined;
  const newName = `${candidate.name}BenchRenamed`;
  const byFile = new Map<string, ts.RenameLocation[]>();
  for (const location of locations) {
    const relative = path.relative(dir, location.fileName).split(path.sep).join("/");
    if (!sources.has(relative)) return undefined;
    byFile.set(relative, [...(byFile.get(relative) ?? []), location]);
  }
  if (byFile.size < MIN_FILES) return undefined;
  const files: FileEdit[] = [];
  for (const [file, places] of [...byFile].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const original = fs.readFileSync(path.join(dir, file), "utf8");
    let edited = original;
    for (const place of [...places].sort((a, b) => b.textSpan.start - a.textSpan.start)) {
      const { start, length } = place.textSpan;
      edited =
        edited.slice(0, start) +
        (place.prefixText ?? "") +
        newName +
        (place.suffixText ?? "") +
        edited.slice(start + length);
    }
    files.push({ file, original, edited });
  }
  return {
    kind: "rename",
    label: `${candidate.key} → ${newName} (${locations.length} places in ${files.length} files)`,
    files,
  };
}

/**
 * Up to `count` rename edits, computed on the corpus as it is in `dir` and indexed in `dbPath`; `sources`
 * are the corpus's source files relative to `dir`.
 */
export function renameEdits(
  dir: string,
  tsconfigPath: string,
  dbPath: string,
  sources: readonly string[],
  count: number,
): EditSet {
  const found = candidates(dbPath);
  const edits: BenchEdit[] = [];
  if (count <= 0 || found.length === 0) return { kind: "rename", edits, skippedFiles: 0 };
  const started = Date.now();
  const service = languageService(dir, tsconfigPath);
  const sourceSet = new Set(sources);
  const tried = new Set<number>();
  let refused = 0;
  try {
    // Around each of `count` evenly spaced places of the list, the nearest member TypeScript renames within the sources.
    for (const target of evenlySpacedIndices(found.length, count)) {
      for (let step = 0; step < MAX_TRIES_PER_PICK; step += 1) {
        const index = target + (step % 2 === 0 ? step / 2 : -(step + 1) / 2);
        const candidate = found[index];
        if (candidate === undefined || tried.has(index)) continue;
        tried.add(index);
        const edit = renameEdit(service, dir, sourceSet, candidate);
        if (edit === undefined) refused += 1;
        else {
          edits.push(edit);
          break;
        }
      }
    }
  } finally {
    service.dispose();
  }
  log(
    `rename edits: ${edits.length} of ${found.length} members used at ${MIN_SITES}+ places in ${MIN_FILES}+ other files ` +
      `(${refused} passed over), computed in ${((Date.now() - started) / 1000).toFixed(1)} s: ${edits.map((edit) => edit.label).join("; ")}`,
  );
  return { kind: "rename", edits, skippedFiles: refused };
}
