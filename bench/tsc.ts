/**
 * The tsc baseline: `tsc --noEmit -p tsconfig.bench.json` with the repo's TypeScript,
 * plus parsing of its diagnostics and `--extendedDiagnostics` figures, and the check
 * that type-checking really ran (tsc silently skips the semantic check when the
 * config has options-level errors such as TS2688, TS5101 or TS5107).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { REPO_ROOT, ensureExited, runNodeMeasured, type MeasuredRunResult } from "./measure.js";

const TSC_JS = path.join(REPO_ROOT, "node_modules", "typescript-6", "lib", "tsc.js");

export function typescriptVersion(): string {
  try {
    const pkg: unknown = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "node_modules", "typescript-6", "package.json"), "utf8"));
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
  readonly byCategory: Record<DiagnosticCategory, number>;
  /** e.g. { TS2591: 13, TS2345: 1 }, most frequent first. */
  readonly byCode: Record<string, number>;
}

export interface TscReport {
  readonly command: string;
  readonly cwd: string;
  readonly wallMs: number;
  readonly maxRssKiB: number | null;
  /** User + system CPU time of the tsc process. */
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
const DIAGNOSTIC_LINE = /^(?:(.+?)\((\d+),(\d+)\): )?(error|warning) TS(\d+): /;

function parseDiagnostics(output: string): DiagnosticCounts {
  const byCategory: Record<DiagnosticCategory, number> = { options: 0, global: 0, syntax: 0, semantic: 0 };
  const codes = new Map<string, number>();
  let total = 0;
  for (const line of output.split(/\r?\n/)) {
    const match = DIAGNOSTIC_LINE.exec(line);
    if (!match) continue;
    const code = Number(match[5]);
    const file = match[1];
    const hasFile = file !== undefined && !/tsconfig[^/\\]*\.json$/i.test(file);
    total += 1;
    byCategory[categorize(code, hasFile)] += 1;
    const key = `TS${code}`;
    codes.set(key, (codes.get(key) ?? 0) + 1);
  }
  const byCode: Record<string, number> = {};
  for (const [key, count] of [...codes].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) {
    byCode[key] = count;
  }
  return { total, byCategory, byCode };
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
  if (options > 0) problems.push(`${options} options-level diagnostic(s): tsc skips semantic checking`);
  if (semantic === 0 && options + global + syntax > 0) {
    problems.push("only options/global/parse diagnostics were reported");
  }
  return problems;
}

/** One measured tsc run with --extendedDiagnostics (its cost is a few performance marks). */
export async function runTsc(
  corpusDir: string,
  tsconfigName: string,
  tmpDir: string,
  timeoutMs: number,
): Promise<TscReport & { readonly raw: MeasuredRunResult }> {
  const args = ["--noEmit", "-p", tsconfigName, "--extendedDiagnostics", "--pretty", "false"];
  const raw = await runNodeMeasured(TSC_JS, args, { cwd: corpusDir, tmpDir, timeoutMs });
  // 0 = clean, 1/2 = diagnostics present; anything else (or a signal) is a failure.
  ensureExited(raw, [0, 1, 2]);
  const output = `${raw.stdout}\n${raw.stderr}`;
  const diagnostics = parseDiagnostics(output);
  const extended = parseExtendedDiagnostics(raw.stdout);
  const checkTimeMs = secondsFieldMs(extended, "Check time");
  const problems = judgeBaseline(diagnostics, checkTimeMs, raw.exitCode);
  return {
    raw,
    command: raw.command,
    cwd: corpusDir,
    wallMs: raw.wallMs,
    maxRssKiB: raw.maxRssKiB,
    cpuMs: raw.cpuMs,
    exitCode: raw.exitCode,
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
