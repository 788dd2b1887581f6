/**
 * Benchmark of the edit tools on a real corpus, with the server's context warm.
 *
 *   npm run bench:edit [-- --corpus effect@3.22.4] [--runs 10] [--fuzz 500] [--dist OTHER/dist]
 *
 *   1. prepare the corpus (bench/corpus.ts) and copy its sources to a folder of the OS temp folder (the shared
 *      corpus is never written), its node_modules linked; the folder and its graph are kept for the next run
 *   2. serve that copy as `ts-graph serve` does, with the build in dist/ (`npm run build` first: the indexer
 *      then runs in its worker thread, as in the server; mcp/workspace.ts: indexer keeping its programs,
 *      watcher, the edit tools' language service), index it, and warm up with one untimed edit
 *   3. replace: `runs` replacements of a function with a declared return type (surface `d:`) in a mid-size file (the
 *      file of median size among those with 10+ declarations), a comment line at the end of its body changing each
 *      time, each timed through the tool's run(): read, plan, syntax checks, diagnostics before, atomic write,
 *      graph update, diagnostics after (the changed file and its importers)
 *   4. the same with a function whose return type is inferred (surface `i:`): a comment line (comments are not
 *      part of a surface), then a statement line (`void "…"`: the type stays, the surface changes, so the
 *      importers that use it are compared and re-extracted); then rename: `runs` renames (there and back) of the
 *      function with the most references (20+) across files
 *   5. oxc: every declaration of the graph located by oxc-parser and by the TypeScript parser: how many oxc
 *      locates, and how many of those at other offsets (must be 0)
 *   6. fuzz: `fuzz` random valid edits and `fuzz / 2` invalid ones over the corpus's files, in memory
 *      (src/test-support/edit-fuzz.ts): edits tried, refused, and bytes lost outside the target (must be 0)
 *
 * Figures, not assertions. The report goes to stdout as markdown, progress to stderr.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import type { createWorkspace as CreateWorkspace } from "../src/mcp/workspace.js";
import { oxcLocator } from "../src/ingestion/edit/edit-oxc.js";
import { EDIT_SYNTAX } from "../src/ingestion/edit/edit-syntax.js";
import { editableSites, fuzzEdit, invalidContent, validContent } from "../src/test-support/edit-fuzz.js";
import type { renameSymbolTool as RenameTool, replaceSymbolTool as ReplaceTool } from "../src/tools/edit/handler.js";
import type { EditOperation } from "../src/tools/edit/edit-plan.js";
import type { ToolContext, ToolDefinition, ToolResult } from "../src/tools/tool-contract.js";
import { parseCorpusSpec, prepareCorpus, TSCONFIG_NAME } from "./corpus.js";
import { formatMs, log, nowMs, REPO_ROOT } from "./measure.js";
import { summarize, type Summary } from "./stats.js";
import { cliAvailable, staleBuildWarning } from "./tsgraph.js";

/**
 * The build's modules (dist/, or `--dist DIR`: another build of ts-graph, for a baseline run with this bench's
 * targets), not the sources: only the build has the indexer's worker thread, as `ts-graph serve` runs.
 */
async function loadBuild(dist: string | undefined): Promise<{
  createWorkspace: typeof CreateWorkspace;
  replaceSymbolTool: typeof ReplaceTool;
  renameSymbolTool: typeof RenameTool;
}> {
  const folder = dist === undefined ? path.join(REPO_ROOT, "dist") : path.resolve(dist);
  if (dist === undefined) {
    if (!cliAvailable()) throw new Error("dist/ is missing; run npm run build first");
    const stale = staleBuildWarning();
    if (stale !== null) log(`warning: ${stale}`);
  } else if (!fs.existsSync(path.join(folder, "cli.js")))
    throw new Error(`${folder} holds no build of ts-graph (no cli.js)`);
  const workspace = (await import(path.join(folder, "mcp", "workspace.js"))) as {
    createWorkspace: typeof CreateWorkspace;
  };
  const handler = (await import(path.join(folder, "tools", "edit", "handler.js"))) as {
    replaceSymbolTool: typeof ReplaceTool;
    renameSymbolTool: typeof RenameTool;
  };
  return {
    createWorkspace: workspace.createWorkspace,
    replaceSymbolTool: handler.replaceSymbolTool,
    renameSymbolTool: handler.renameSymbolTool,
  };
}

interface Options {
  readonly corpus: string;
  readonly runs: number;
  readonly fuzz: number;
  readonly dist: string | undefined;
}

function parseArgs(argv: readonly string[]): Options {
  const options: { corpus: string; runs: number; fuzz: number; dist: string | undefined } = {
    corpus: "effect@3.22.4",
    runs: 10,
    fuzz: 500,
    dist: undefined,
  };
  for (let i = 0; i < argv.length; i += 1) {
    const value = argv[i + 1];
    if (argv[i] === "--corpus" && value !== undefined) options.corpus = value;
    else if (argv[i] === "--runs" && value !== undefined) options.runs = Number(value);
    else if (argv[i] === "--fuzz" && value !== undefined) options.fuzz = Number(value);
    else if (argv[i] === "--dist" && value !== undefined) options.dist = value;
    else
      throw new Error(
        `usage: npm run bench:edit -- [--corpus NAME@VERSION] [--runs N] [--fuzz N] [--dist DIR]; got ${argv[i] ?? ""}`,
      );
    i += 1;
  }
  return options;
}

function runTool(tool: ToolDefinition, raw: Record<string, unknown>, context: ToolContext): Promise<ToolResult> {
  return tool.run(z.object(tool.inputShape).parse(raw) as never, context);
}

/**
 * A private copy of the corpus's sources and bench tsconfig, its dependencies linked, in a folder of the OS
 * temp folder kept between runs with its graph (the sources are copied afresh; unchanged text is not
 * re-extracted).
 */
function copyCorpus(dir: string, id: string): { readonly root: string; readonly tsconfig: string } {
  const root = path.join(os.tmpdir(), `ts-graph-edit-bench-${id.replace(/[^\w.-]/g, "-")}`);
  fs.rmSync(path.join(root, "src"), { recursive: true, force: true });
  fs.mkdirSync(root, { recursive: true });
  fs.cpSync(path.join(dir, "src"), path.join(root, "src"), { recursive: true });
  fs.copyFileSync(path.join(dir, TSCONFIG_NAME), path.join(root, TSCONFIG_NAME));
  const modules = path.join(root, "node_modules");
  if (fs.existsSync(path.join(dir, "node_modules")) && !fs.existsSync(modules))
    fs.symlinkSync(fs.realpathSync(path.join(dir, "node_modules")), modules);
  const real = fs.realpathSync(root);
  return { root: real, tsconfig: path.join(real, TSCONFIG_NAME) };
}

interface Target {
  readonly key: string;
  readonly file: string;
  readonly name: string;
  readonly text: string;
}

/**
 * A function with a block body in the median-sized file among those with 10+ declarations (or the next that
 * has one): with a declared return type (a body edit keeps what importers see), or with an inferred one
 * (`inferred`: the indexer hashes its whole text, so a change of its code changes its surface and the importers
 * that use it, or what depends on it in its file, are compared and re-extracted). Which is which is the
 * surface's prefix (`d:` declared, `i:` inferred), as the indexer's planning sees it.
 */
function pickReplaceTarget(context: ToolContext, inferred = false): Target {
  const files = context.db
    .prepare(
      "SELECT f.path FROM files f JOIN nodes n ON n.file = f.path GROUP BY f.path HAVING count(*) >= 10 ORDER BY f.size, f.path",
    )
    .pluck()
    .all() as string[];
  for (const file of [...files.slice(Math.floor(files.length / 2)), ...files]) {
    const nodes = context.db
      .prepare(
        `SELECT key, name, start_line AS startLine, end_line AS endLine FROM nodes WHERE file = ? AND kind = 'Function' AND parent_key = ? AND end_line - start_line BETWEEN 3 AND 30 AND ${inferred ? "exported = 1 AND surface GLOB 'i:*'" : "surface GLOB 'd:*'"} ORDER BY start_line`,
      )
      .all(file, file) as { key: string; name: string; startLine: number; endLine: number }[];
    const lines = fs.readFileSync(path.join(context.root, file), "utf8").split("\n");
    for (const node of nodes) {
      const text = lines.slice(node.startLine - 1, node.endLine);
      // The body's closing brace alone on the last line: the bench's edits go on the line before it.
      if (/^\s*\}\)?;?\s*$/.test(text[text.length - 1] ?? ""))
        return { key: node.key, file, name: node.name, text: text.join("\n") };
    }
  }
  throw new Error("no function to replace in the corpus");
}

/** The exported function referred to from the most places (at least 20), and how many. */
function pickRenameTarget(context: ToolContext): {
  readonly key: string;
  readonly name: string;
  readonly sites: number;
  readonly files: number;
} {
  const row = context.db
    .prepare(
      `SELECT n.key, n.name, sum(e.count) AS sites, count(DISTINCT e.file) AS files FROM nodes n JOIN edges e ON e.target = n.key
       WHERE n.kind = 'Function' AND n.exported = 1 AND n.parent_key = n.file AND e.kind IN ('CALLS', 'REFERENCES')
       GROUP BY n.key HAVING sites >= 20 AND files >= 3 ORDER BY files, sites LIMIT 1`,
    )
    .get() as { key: string; name: string; sites: number; files: number } | undefined;
  if (row === undefined) throw new Error("no function with 20+ references across files in the corpus");
  return row;
}

/** Each step's time of every timed call (the answer's `timingsMs`), for the breakdown. */
const phases = new Map<string, Map<string, number[]>>();

/** CPU time of each timed call (user + system, every thread of the process: the tool's and the indexer's worker), by label. */
const cpuTimes = new Map<string, number[]>();

async function timed(samples: number[], action: () => Promise<ToolResult>, label: string): Promise<ToolResult> {
  const started = nowMs();
  const cpu = process.cpuUsage();
  const result = await action();
  samples.push(nowMs() - started);
  const used = process.cpuUsage(cpu);
  cpuTimes.set(label, [...(cpuTimes.get(label) ?? []), (used.user + used.system) / 1000]);
  const steps = phases.get(label) ?? new Map<string, number[]>();
  phases.set(label, steps);
  for (const [step, ms] of Object.entries((result.structured.timingsMs ?? {}) as Record<string, number>))
    steps.set(step, [...(steps.get(step) ?? []), ms]);
  return result;
}

function breakdown(label: string): string {
  const steps = [...(phases.get(label) ?? new Map<string, number[]>())].map(
    ([step, samples]) => `${step} p50 ${formatMs(summarize(samples)?.p50)}`,
  );
  return `- ${label} steps: ${steps.join(", ")}`;
}

/** The lines of an edit's answer about the graph and the diagnostics (and a rename's count of places). */
function answerSummary(result: ToolResult | undefined): string {
  return (
    result?.text
      .split("\n")
      .filter((line) => /^(graph:|diagnostics|\d+ place| {2}\()/.test(line))
      .join("; ") ?? "–"
  );
}

function row(label: string, summary: Summary | null, cpuLabel: string): string {
  const cpu = summarize(cpuTimes.get(cpuLabel) ?? []);
  return summary === null
    ? `| ${label} | – | – | – | – | – |`
    : `| ${label} | ${summary.count} | ${formatMs(summary.p50)} | ${formatMs(summary.p95)} | ${formatMs(summary.max)} | ${formatMs(cpu?.p50)} |`;
}

function fuzzCorpus(
  root: string,
  count: number,
): { tried: number; refused: number; problems: string[]; invalidTried: number; invalidApplied: number } {
  const files = fs
    .readdirSync(path.join(root, "src"), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  const operations: readonly EditOperation[] = ["replace", "insert_before", "insert_after", "delete"];
  let random = 1313;
  const next = (limit: number): number => {
    random = (random * 1103515245 + 12345) % 2147483648;
    return random % limit;
  };
  const totals = { tried: 0, refused: 0, problems: [] as string[], invalidTried: 0, invalidApplied: 0 };
  for (let i = 0; i < count + Math.floor(count / 2); i += 1) {
    const absolute = files[next(files.length)] as string;
    const file = path.relative(root, absolute).split(path.sep).join("/");
    const bytes = fs.readFileSync(absolute);
    const sites = editableSites(file, bytes.toString("utf8"));
    const site = sites[next(Math.max(sites.length, 1))];
    if (site === undefined) continue;
    const invalid = i >= count;
    const operation = operations[next(invalid ? 3 : 4)] as EditOperation;
    const outcome = fuzzEdit(
      file,
      bytes,
      site,
      operation,
      invalid ? invalidContent(site.container, i) : validContent(site.container, i),
    );
    if (invalid) {
      totals.invalidTried += 1;
      if (outcome.status === "applied") totals.invalidApplied += 1;
      continue;
    }
    totals.tried += 1;
    if (outcome.status === "refused") totals.refused += 1;
    else totals.problems.push(...outcome.problems.map((problem) => `${file} ${operation} ${site.key}: ${problem}`));
  }
  return totals;
}

/**
 * oxc-parser's locating against the TypeScript parser's, on every declaration of the graph: how many oxc
 * locates, and how many of those differ in any offset (must be 0).
 */
function oxcAgreement(context: ToolContext): { located: number; total: number; differing: string[] } {
  const rows = context.db
    .prepare(
      "SELECT key, file, qualified_name AS qualifiedName, start_line AS startLine, end_line AS endLine FROM nodes WHERE kind <> 'File' ORDER BY file",
    )
    .all() as { key: string; file: string; qualifiedName: string; startLine: number; endLine: number }[];
  const totals = { located: 0, total: 0, differing: [] as string[] };
  const byFile = new Map<string, typeof rows>();
  for (const node of rows) byFile.set(node.file, [...(byFile.get(node.file) ?? []), node]);
  for (const [file, nodes] of byFile) {
    const text = fs.readFileSync(path.join(context.root, file), "utf8").replace(/^\uFEFF/, "");
    const locate = oxcLocator(file, text);
    const sites = EDIT_SYNTAX.declarations(file, text);
    for (const node of nodes) {
      totals.total += 1;
      const site = locate(node);
      if (site === undefined) continue;
      totals.located += 1;
      if (
        JSON.stringify({ ...site, notEditable: undefined }) !==
        JSON.stringify({ ...sites.get(node.key), notEditable: undefined })
      )
        totals.differing.push(node.key);
    }
  }
  return totals;
}

/** Long because: the bench's steps in the order they run, each a few lines of setup and timing around one edit. */
async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const { createWorkspace, replaceSymbolTool, renameSymbolTool } = await loadBuild(options.dist);
  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), "ts-graph-edit-bench-prepare-"));
  const corpus = await prepareCorpus(parseCorpusSpec(options.corpus), {
    tmpDir,
    timeoutMs: 600_000,
    probeExactOptional: false,
  });
  const { root, tsconfig } = copyCorpus(corpus.dir, corpus.spec.id);
  log(`copied ${corpus.spec.id} to ${root}`);
  const workspace = createWorkspace({
    roots: [{ root, tsconfigs: [tsconfig] }],
    rootsAreDefault: false,
    hooks: { log: (message) => log(message) },
  });
  try {
    await workspace.useRoots(undefined);
    const served = workspace.served()[0];
    if (served === undefined) throw new Error("the copy is not served");
    let started = nowMs();
    await served.start();
    log(`indexed in ${formatMs(nowMs() - started)}`);
    const context = served.context;
    const target = pickReplaceTarget(context);
    const renamed = pickRenameTarget(context);
    log(`replace: ${target.key}; rename: ${renamed.key} (${renamed.sites} sites in ${renamed.files} files)`);

    // Warm-up (untimed): builds the language service and the indexer's programs, as a server's first edit does.
    started = nowMs();
    await runTool(replaceSymbolTool, { symbol: target.key, content: `${target.text}\n` }, context);
    log(`warm-up edit in ${formatMs(nowMs() - started)}`);

    /**
     * `runs` timed replacements of a function, each a real change (a line at the end of its body that changes
     * every run: a comment, or with `statement` a statement that keeps the function's type), then its text back.
     */
    const timeReplaces = async (
      replaced: Target,
      label: string,
      statement = false,
    ): Promise<{ samples: number[]; last: ToolResult | undefined }> => {
      const samples: number[] = [];
      let last: ToolResult | undefined;
      for (let run = 0; run < options.runs; run += 1) {
        const line = statement ? `void "bench edit ${run}"` : `// bench edit ${run}`;
        const content = replaced.text.replace(
          /\n(\s*)(\}\)?;?\s*)$/,
          (_, indent: string, close: string) => `\n${indent}  ${line}\n${indent}${close}`,
        );
        last = await timed(
          samples,
          () => runTool(replaceSymbolTool, { symbol: replaced.key, content }, context),
          label,
        );
      }
      await runTool(replaceSymbolTool, { symbol: replaced.key, content: replaced.text }, context);
      return { samples, last };
    };
    const { samples: replaceSamples, last: lastReplace } = await timeReplaces(target, "replace");
    const inferred = pickReplaceTarget(context, true);
    log(`replace (inferred type): ${inferred.key}`);
    const { samples: inferredSamples, last: lastInferred } = await timeReplaces(inferred, "replace (inferred)");
    const { samples: inferredCodeSamples, last: lastInferredCode } = await timeReplaces(
      inferred,
      "replace (inferred, code)",
      true,
    );

    const renameSamples: number[] = [];
    let lastRename: ToolResult | undefined;
    let current = renamed.key;
    for (let run = 0; run < options.runs; run += 1) {
      const newName = run % 2 === 0 ? `${renamed.name}Renamed` : renamed.name;
      lastRename = await timed(
        renameSamples,
        () => runTool(renameSymbolTool, { symbol: current, newName }, context),
        "rename",
      );
      current = `${current.slice(0, current.lastIndexOf(":") + 1)}${newName}`;
    }
    if (options.runs % 2 === 1) await runTool(renameSymbolTool, { symbol: current, newName: renamed.name }, context);

    started = nowMs();
    const oxc = oxcAgreement(context);
    const oxcMs = nowMs() - started;
    started = nowMs();
    const fuzz = fuzzCorpus(root, options.fuzz);
    const fuzzMs = nowMs() - started;

    const lines = [
      `## bench:edit — ${corpus.spec.id} (${os.cpus().length} cores, load ${os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(" ")})`,
      "",
      `- replace targets: \`${target.key}\` (declared return type), \`${inferred.key}\` (inferred); rename target: \`${renamed.key}\` (${renamed.sites} call/reference sites in ${renamed.files} files)`,
      "",
      "| operation (server context warm) | runs | p50 | p95 | max | CPU p50 (all threads) |",
      "|---|---|---|---|---|---|",
      row("replace + graph update + diagnostics", summarize(replaceSamples), "replace"),
      row(
        "replace, inferred return type (a comment changed) + graph update + diagnostics",
        summarize(inferredSamples),
        "replace (inferred)",
      ),
      row(
        "replace, inferred return type (a statement changed) + graph update + diagnostics",
        summarize(inferredCodeSamples),
        "replace (inferred, code)",
      ),
      row("rename (20+ references) + graph update + diagnostics", summarize(renameSamples), "rename"),
      "",
      breakdown("replace"),
      breakdown("replace (inferred)"),
      breakdown("replace (inferred, code)"),
      breakdown("rename"),
      `- last replace answer: ${answerSummary(lastReplace)}`,
      `- last inferred replace answer: ${answerSummary(lastInferred)}`,
      `- last inferred replace (statement) answer: ${answerSummary(lastInferredCode)}`,
      `- last rename answer: ${answerSummary(lastRename)}`,
      `- fuzz (in memory, ${formatMs(fuzzMs)}): ${fuzz.tried} valid edits tried, ${fuzz.refused} refused, ${fuzz.problems.length} with bytes lost or changed outside the target; ${fuzz.invalidTried} invalid contents tried, ${fuzz.invalidApplied} accepted`,
      ...fuzz.problems.slice(0, 10).map((problem) => `  - ${problem}`),
      `- oxc-parser locating (${formatMs(oxcMs)}): ${oxc.located} of ${oxc.total} declarations located by oxc (the TypeScript parser locates the rest), ${oxc.differing.length} at other offsets than the TypeScript parser's`,
      ...oxc.differing.slice(0, 10).map((key) => `  - ${key}`),
    ];
    process.stdout.write(`${lines.join("\n")}\n`);
  } finally {
    await workspace.close();
    fs.rmSync(tmpDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
