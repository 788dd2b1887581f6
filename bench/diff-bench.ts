/**
 * Figures for `ts-graph diff` in CI (docs/ci.md, issue 15). Not a test: it prints what it measures.
 *
 *   npm run bench:diff [-- --corpus effect@3.22.4] [--files 10] [--keep DIR]
 *
 * Copies the corpus's sources into a temporary git repository (node_modules linked), with a
 * ts-graph.config.json naming the bench tsconfig, and commits it (base). Then measures:
 *   index       a full index of base (for scale)
 *   snapshot    the snapshot beyond the index: a no-op run, then the export written to a file
 *   edit        --files evenly spaced files get an exported function appended and their first exported
 *               function an optional parameter; committed (head); the incremental index of head
 *   diff snap   `diff base.jsonl head.jsonl` (two snapshot files)
 *   diff ref    `diff <base commit> .` with --base-db a cached database of base, head indexed in place:
 *               worktree checkout + the cached graph's update in it + the diff
 * Figures are wall and CPU times (the process's threads; not git's child processes) of one run each, on whatever else the machine
 * is doing (its load is printed). `--keep DIR` leaves the repository, the cached database and both snapshots
 * in DIR (created; must not exist) for profiling the steps one by one.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { readSnapshot } from "../src/db/snapshot.js";
import { runDiff } from "../src/diff/run-diff.js";
import { openIndexer, type IndexSummary } from "../src/ingestion/run/indexer.js";
import { TSCONFIG_NAME, parseCorpusSpec, prepareCorpus } from "./corpus.js";
import { benchOptions, formatMs, log } from "./measure.js";
import { evenlySpacedIndices } from "./stats.js";

function parseArgs(argv: readonly string[]): { corpus: string; files: number; keep: string | undefined } {
  const options = benchOptions(
    argv,
    ["corpus", "files", "keep"],
    "usage: tsx bench/diff-bench.ts [--corpus NAME@VERSION] [--files N] [--keep DIR]",
  );
  return {
    corpus: options.corpus ?? "effect@3.22.4",
    files: Number(options.files ?? 10),
    keep: options.keep === undefined ? undefined : path.resolve(options.keep),
  };
}

function git(cwd: string, ...args: string[]): string {
  const result = spawnSync("git", args, { cwd, encoding: "utf8", maxBuffer: 1 << 28 });
  if (result.status !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr}`);
  return result.stdout.trim();
}

async function timed<T>(what: () => Promise<T> | T): Promise<{ value: T; ms: number; cpuMs: number }> {
  const start = performance.now();
  const cpu = process.cpuUsage();
  const value = await what();
  const used = process.cpuUsage(cpu);
  return { value, ms: performance.now() - start, cpuMs: (used.user + used.system) / 1000 };
}

/** "1.2 s (CPU 1.1 s)". */
function wallAndCpu(figure: { ms: number; cpuMs: number }): string {
  return `${formatMs(figure.ms)} (CPU ${formatMs(figure.cpuMs)})`;
}

async function indexRoot(root: string, dbPath?: string): Promise<IndexSummary> {
  const indexer = openIndexer({ root, dbPath });
  try {
    return await indexer.run();
  } finally {
    indexer.close();
  }
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (args.keep !== undefined) fs.mkdirSync(args.keep);
  const scratch = fs.realpathSync(args.keep ?? fs.mkdtempSync(path.join(os.tmpdir(), "ts-graph-diff-bench-")));
  try {
    const corpus = await prepareCorpus(parseCorpusSpec(args.corpus), {
      tmpDir: scratch,
      timeoutMs: 600_000,
      probeExactOptional: false,
    });
    const root = path.join(scratch, "repo");
    fs.cpSync(corpus.dir, root, {
      recursive: true,
      filter: (source) => path.basename(source) !== "node_modules" || path.dirname(source) !== corpus.dir,
    });
    fs.symlinkSync(path.join(corpus.dir, "node_modules"), path.join(root, "node_modules"), "dir");
    fs.writeFileSync(path.join(root, "ts-graph.config.json"), JSON.stringify({ tsconfig: TSCONFIG_NAME }));
    fs.writeFileSync(path.join(root, ".gitignore"), "node_modules\n.ts-graph\n");
    git(root, "init", "-q", "-b", "main");
    git(root, "add", "-A");
    git(root, "-c", "user.email=bench@example.com", "-c", "user.name=bench", "commit", "-qm", "base");
    const baseCommit = git(root, "rev-parse", "HEAD");

    const full = await timed(() => indexRoot(root));
    log(`index (full): ${wallAndCpu(full)}, ${full.value.files.total} files`);
    const cacheDb = path.join(scratch, "cache", "base.db");
    fs.mkdirSync(path.dirname(cacheDb));
    // The CI cache of base's graph: a consistent copy of it.
    const live = openIndexer({ root });
    try {
      live.db.prepare("VACUUM INTO ?").run(cacheDb);
    } finally {
      live.close();
    }

    const noop = await timed(() => indexRoot(root));
    const snapshotWrite = await timed(() => writeSnapshot(root, path.join(scratch, "base.jsonl")));
    log(
      `snapshot beyond the index: no-op run ${wallAndCpu(noop)} (${noop.value.mode}) + export ${wallAndCpu(snapshotWrite)} (${(snapshotWrite.value / 1e6).toFixed(1)} MB)`,
    );

    const edited = evenlySpacedIndices(corpus.sourceFiles.length, args.files).map(
      (index) => corpus.sourceFiles[index] ?? "",
    );
    for (const [i, file] of edited.entries()) {
      const absolute = path.join(root, file);
      const text = fs.readFileSync(absolute, "utf8");
      const withParameter = text.replace(
        /export (const|function) (\w+) = \(|export function (\w+)(<[^>]*>)?\(/,
        (match) => `${match}__benchExtra${i}?: number, `,
      );
      fs.writeFileSync(
        absolute,
        `${withParameter}\nexport function __benchAdded${i}(n: number): number {\n  return n + ${i};\n}\n`,
      );
    }
    git(root, "-c", "user.email=bench@example.com", "-c", "user.name=bench", "commit", "-qam", "head");
    const incremental = await timed(() => indexRoot(root));
    log(
      `incremental index of head (${args.files} files edited): ${wallAndCpu(incremental)}, ${incremental.value.mode}, ${incremental.value.files.extracted} files extracted`,
    );
    writeSnapshot(root, path.join(scratch, "head.jsonl"));

    const quiet = { onNote: () => undefined };
    const snapshots = await timed(() =>
      runDiff({
        base: path.join(scratch, "base.jsonl"),
        head: path.join(scratch, "head.jsonl"),
        root,
        cwd: root,
        depth: 3,
        failOn: undefined,
        ...quiet,
      }),
    );
    log(`diff of two snapshots: ${wallAndCpu(snapshots)}: ${JSON.stringify(snapshots.value.summary)}`);
    const againstRef = await timed(() =>
      runDiff({ base: baseCommit, head: ".", root, cwd: root, baseDb: cacheDb, depth: 3, failOn: undefined, ...quiet }),
    );
    log(
      `diff against the base commit, cached base database: ${wallAndCpu(againstRef)}: ${JSON.stringify(againstRef.value.summary)}`,
    );
    log(
      `load: ${os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(" ")} (1, 5, 15 min), ${os.cpus().length} cores`,
    );
  } finally {
    if (args.keep === undefined) fs.rmSync(scratch, { recursive: true, force: true });
    else
      log(
        `kept in ${scratch}: repo/ (head, indexed), cache/base.db, base.jsonl, head.jsonl; base commit ${baseCommitOf(scratch)}`,
      );
  }
}

function baseCommitOf(scratch: string): string {
  try {
    return git(path.join(scratch, "repo"), "rev-parse", "HEAD~1");
  } catch {
    return "(none)";
  }
}

/** Writes root's graph (as it is: no run) as a snapshot file, as `ts-graph snapshot` writes it; its size. */
function writeSnapshot(root: string, out: string): number {
  const indexer = openIndexer({ root });
  try {
    const text = readSnapshot(indexer.db);
    fs.writeFileSync(out, text);
    return text.length;
  } finally {
    indexer.close();
  }
}

await main();
