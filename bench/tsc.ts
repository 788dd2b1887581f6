/**
 * The tsc baselines: `tsc --noEmit -p tsconfig.bench.json` with TypeScript 6 (`typescript-6/lib/tsc.js`,
 * the JS compiler) or TypeScript 7 (`typescript/bin/tsc`, a node launcher that runs the native compiler),
 * plus parsing of their diagnostics and `--extendedDiagnostics` figures (both print the same format), and
 * the check that type-checking really ran (tsc silently skips the semantic check when the config has
 * options-level errors such as TS2688, TS5101 or TS5107; TypeScript 7 refuses removed options such as
 * `baseUrl` (TS5102) or `moduleResolution: node10` (TS5108) the same way, and prints no "Check time").
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { REPO_ROOT, ensureExited, runNodeMeasured, runTreeMeasured, type RunResult } from "./measure.js";

/** The compiler of a baseline: TypeScript 6's tsc (JavaScript) or TypeScript 7's (native). */
export type TscCompiler = "ts6" | "ts7";

const COMPILERS: Record<TscCompiler, { readonly packageDir: string; readonly script: string }> = {
  ts6: { packageDir: path.join(REPO_ROOT, "node_modules", "typescript-6"), script: path.join("lib", "tsc.js") },
  ts7: { packageDir: path.join(REPO_ROOT, "node_modules", "typescript"), script: path.join("bin", "tsc") },
};

export function typescriptVersion(compiler: TscCompiler = "ts6"): string {
  try {
    const pkg: unknown = JSON.parse(fs.readFileSync(path.join(COMPILERS[compiler].packageDir, "package.json"), "utf8"));
    if (typeof pkg === "object" && pkg !== null && "version" in pkg && typeof pkg.version === "string") {
      return pkg.version;
    }
  } catch {
    // fall through
  }
  return "unknown";
}

/**
 * options: config/compiler-option problems (TS5xxx, TS6xxx, TS2688, TS18002/18003);
 * global: other errors without a file position (e.g. TS2318 missing global type);
 * syntax: TS1xxx in a file; semantic: everything else in a file.
 */
export type DiagnosticCategory = "options" | "global" | "syntax" | "semantic";

export interface DiagnosticCounts {
  readonly total: number;
  /** The first options-level diagnostics as printed (`TS5102: Option 'baseUrl' has been removed. …`). */
  readonly optionsMessages: readonly string[];
  readonly byCategory: Record<DiagnosticCategory, number>;
  /** e.g. { TS2591: 13, TS2345: 1 }, most frequent first. */
  readonly byCode: Record<string, number>;
}

export interface TscReport {
  readonly compiler: TscCompiler;
  readonly version: string;
  readonly command: string;
  readonly cwd: string;
  readonly wallMs: number;
  /**
   * TypeScript 6: the peak RSS of the node process. TypeScript 7: the largest peak of one process of the tree,
   * i.e. the native compiler's (GNU time; measure.ts runTreeMeasured).
   */
  readonly maxRssKiB: number | null;
  /** TypeScript 7: the node launcher's own peak RSS, alive beside the native compiler (not added in); TypeScript 6: null. */
  readonly launcherRssKiB: number | null;
  /** User + system CPU time of the tsc process (TypeScript 7: of the launcher and the native compiler). */
  readonly cpuMs: number | null;
  readonly exitCode: number | null;
  readonly diagnostics: DiagnosticCounts;
  /** Raw `--extendedDiagnostics` name/value pairs, e.g. "Check time" -> "28.14s". */
  readonly extended: Record<string, string>;
  readonly checkTimeMs: number | null;
  readonly totalTimeMs: number | null;
  readonly programFiles: number | null;
  /** False when the semantic check evidently did not run. */
  readonly checked: boolean;
  readonly problems: readonly string[];
}

const OPTIONS_CODES = new Set([2688, 18002, 18003]);

function categorize(code: number, hasFile: boolean): DiagnosticCategory {
  if ((code >= 5000 && code < 7000) || OPTIONS_CODES.has(code)) return "options";
  if (!hasFile) return "global";
  if (code >= 1000 && code < 2000) return "syntax";
  return "semantic";
}

// `file(line,col): error TS1234: message` or `error TS1234: message` (with --pretty false).
const DIAGNOSTIC_LINE = /^(?:(.+?)\((\d+),(\d+)\): )?(error|warning) TS(\d+): (.*)$/;
const OPTIONS_MESSAGES_KEPT = 3;

function parseDiagnostics(output: string): DiagnosticCounts {
  const byCategory: Record<DiagnosticCategory, number> = { options: 0, global: 0, syntax: 0, semantic: 0 };
  const codes = new Map<string, number>();
  const optionsMessages: string[] = [];
  let total = 0;
  for (const line of output.split(/\r?\n/)) {
    const match = DIAGNOSTIC_LINE.exec(line);
    if (!match) continue;
    const code = Number(match[5]);
    const file = match[1];
    const hasFile = file !== undefined && !/tsconfig[^/\\]*\.json$/i.test(file);
    total += 1;
    const category = categorize(code, hasFile);
    byCategory[category] += 1;
    if (category === "options" && optionsMessages.length < OPTIONS_MESSAGES_KEPT)
      optionsMessages.push(`TS${code}: ${match[6] ?? ""}`);
    const key = `TS${code}`;
    codes.set(key, (codes.get(key) ?? 0) + 1);
  }
  const byCode: Record<string, number> = {};
  for (const [key, count] of [...codes].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) {
    byCode[key] = count;
  }
  return { total, optionsMessages, byCategory, byCode };
}

/** `Name:   value` lines printed by --extendedDiagnostics. */
function parseExtendedDiagnostics(output: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const line of output.split(/\r?\n/)) {
    const match = /^([A-Za-z][A-Za-z /]*?):\s+(\S+)\s*$/.exec(line);
    if (!match || match[1] === undefined || match[2] === undefined) continue;
    result[match[1]] = match[2];
  }
  return result;
}

function secondsFieldMs(extended: Record<string, string>, name: string): number | null {
  const raw = extended[name];
  if (raw === undefined) return null;
  const match = /^([\d.]+)s$/.exec(raw);
  return match && match[1] !== undefined ? Number(match[1]) * 1000 : null;
}

function integerField(extended: Record<string, string>, name: string): number | null {
  const raw = extended[name];
  if (raw === undefined || !/^\d+$/.test(raw)) return null;
  return Number(raw);
}

/** Judge whether checking ran; returns human-readable problems (empty = fine). */
function judgeBaseline(diagnostics: DiagnosticCounts, checkTimeMs: number | null, exitCode: number | null): string[] {
  const problems: string[] = [];
  const { options, global, syntax, semantic } = diagnostics.byCategory;
  if (exitCode === null || exitCode > 2) problems.push(`tsc exit code ${exitCode ?? "null (killed)"}`);
  if (checkTimeMs === null) problems.push("no 'Check time' in --extendedDiagnostics output");
  else if (checkTimeMs < 10) problems.push(`Check time is ${checkTimeMs} ms: the semantic check did not run`);
  if (options > 0) {
    problems.push(
      `${options} options-level diagnostic(s): tsc skips semantic checking (${diagnostics.optionsMessages.join("; ")})`,
    );
  }
  if (semantic === 0 && options + global + syntax > 0) {
    problems.push("only options/global/parse diagnostics were reported");
  }
  return problems;
}

/**
 * One measured tsc run with --extendedDiagnostics (its cost is a few performance marks): TypeScript 6's in one
 * node process, TypeScript 7's as the tree of its launcher and the native compiler.
 */
export async function runTsc(
  corpusDir: string,
  tsconfigName: string,
  tmpDir: string,
  timeoutMs: number,
  compiler: TscCompiler = "ts6",
): Promise<TscReport> {
  const args = ["--noEmit", "-p", tsconfigName, "--extendedDiagnostics", "--pretty", "false"];
  const { packageDir, script } = COMPILERS[compiler];
  const options = { cwd: corpusDir, tmpDir, timeoutMs };
  const raw =
    compiler === "ts6"
      ? { ...(await runNodeMeasured(path.join(packageDir, script), args, options)), rootRssKiB: null }
      : await runTreeMeasured(path.join(packageDir, script), args, options);
  // 0 = clean, 1/2 = diagnostics present; anything else (or a signal) is a failure.
  ensureExited(raw, [0, 1, 2]);
  return {
    compiler,
    version: typescriptVersion(compiler),
    command: raw.command,
    cwd: corpusDir,
    wallMs: raw.wallMs,
    maxRssKiB: raw.maxRssKiB,
    launcherRssKiB: raw.rootRssKiB,
    cpuMs: raw.cpuMs,
    exitCode: raw.exitCode,
    ...judgeTscOutput(raw),
  };
}

/** What a tsc run's output says: its diagnostics, its --extendedDiagnostics figures, and whether it checked. */
function judgeTscOutput(
  raw: Pick<RunResult, "stdout" | "stderr" | "exitCode">,
): Pick<
  TscReport,
  "diagnostics" | "extended" | "checkTimeMs" | "totalTimeMs" | "programFiles" | "checked" | "problems"
> {
  const diagnostics = parseDiagnostics(`${raw.stdout}\n${raw.stderr}`);
  const extended = parseExtendedDiagnostics(raw.stdout);
  const checkTimeMs = secondsFieldMs(extended, "Check time");
  const problems = judgeBaseline(diagnostics, checkTimeMs, raw.exitCode);
  return {
    diagnostics,
    extended,
    checkTimeMs,
    totalTimeMs: secondsFieldMs(extended, "Total time"),
    programFiles: integerField(extended, "Files"),
    checked: problems.length === 0,
    problems,
  };
}

export function describeDiagnostics(d: DiagnosticCounts, maxCodes = 6): string {
  const c = d.byCategory;
  const codes = Object.entries(d.byCode)
    .slice(0, maxCodes)
    .map(([code, n]) => `${code}x${n}`)
    .join(", ");
  return (
    `${d.total} total (semantic ${c.semantic}, syntax ${c.syntax}, options ${c.options}, global ${c.global})` +
    (codes ? ` [${codes}${Object.keys(d.byCode).length > maxCodes ? ", ..." : ""}]` : "")
  );
}
