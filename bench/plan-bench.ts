/**
 * How many files an incremental run re-extracts per kind of edit, from the planner alone.
 *
 *   npx tsx bench/plan-bench.ts [--corpus effect@3.22.4] [--files 40]
 *
 * Indexes the corpus once (into a temporary database), then, for files evenly spaced over its sources,
 * asks the planner what a run would re-extract after each of these edits, made in memory only (nothing
 * on disk changes, nothing is extracted):
 *   append      a new exported const at the end (the edit of `npm run bench`)
 *   body        a statement added to the body of the first module-level function or method
 *   inferred    the same, in the first one whose return type is inferred (files without one are skipped)
 *   signature   an optional parameter added to the first exported module-level function (or const-bound arrow)
 * Prints, per kind: files re-extracted per edit (the edited file included), and planning wall and CPU time.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { createGraphStore } from "../src/db/graph-store.js";
import { openGraphDb } from "../src/db/open-graph-db.js";
import { createExtractionEngine } from "../src/ingestion/run/extraction-engine.js";
import { hashText, type PlannedFile, type ScannedFile } from "../src/ingestion/scan/file-scan.js";
import { openIndexer } from "../src/ingestion/run/indexer.js";
import { parseCorpusSpec, prepareCorpus } from "./corpus.js";
import { EDIT_KINDS, editedText } from "./edit-kinds.js";
import { benchOptions, formatMs, log } from "./measure.js";
import { evenlySpacedIndices, summarize } from "./stats.js";

function parseArgs(argv: readonly string[]): { corpus: string; files: number } {
  const options = benchOptions(
    argv,
    ["corpus", "files"],
    "usage: tsx bench/plan-bench.ts [--corpus NAME@VERSION] [--files N]",
  );
  return { corpus: options.corpus ?? "effect@3.22.4", files: Number(options.files ?? 40) };
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), "ts-graph-plan-bench-"));
  try {
    const corpus = await prepareCorpus(parseCorpusSpec(options.corpus), {
      tmpDir,
      timeoutMs: 30 * 60_000,
      probeExactOptional: false,
    });
    const dbPath = path.join(tmpDir, "graph.db");
    log(`${options.corpus}: full index ...`);
    const indexer = openIndexer({ root: corpus.dir, dbPath, tsconfigs: [corpus.tsconfigPath] });
    const summary = await indexer.run();
    indexer.close();
    log(`${options.corpus}: ${summary.files.total} files indexed in ${formatMs(summary.durationMs)}`);

    const opened = openGraphDb(dbPath, { ownedPath: true });
    const store = createGraphStore(opened.db);
    const root = fs.realpathSync(corpus.dir);
    const engine = createExtractionEngine({
      root,
      store,
      keepPrograms: false,
      onProgress: undefined,
      jobs: 1,
      engine: "ts6",
    });
    const projects = engine.discover({}, [corpus.tsconfigPath]).projects;
    const indexed: PlannedFile[] = store
      .allFiles()
      .map((file) => ({ path: file.path, absolute: path.join(root, file.path), project: file.project }))
      .sort((a, b) => a.path.localeCompare(b.path));
    const sample = evenlySpacedIndices(indexed.length, Math.min(options.files, indexed.length)).flatMap(
      (i) => indexed[i] ?? [],
    );

    process.stdout.write(
      `# planner: files re-extracted per edit, ${options.corpus} (${indexed.length} files, ${sample.length} edited)\n\n`,
    );
    process.stdout.write(
      `load average ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(" ")}\n\n`,
    );
    process.stdout.write(
      "| edit | edits | re-extracted: median / p95 / max / total | planning wall: median / max | planning CPU (user+sys): median / total |\n| --- | --- | --- | --- | --- |\n",
    );
    for (const kind of EDIT_KINDS) {
      const counts: number[] = [];
      const times: number[] = [];
      const cpuTimes: number[] = [];
      const widest: { file: string; count: number }[] = [];
      for (const file of sample) {
        const text = fs.readFileSync(file.absolute, "utf8");
        const edited = editedText(text, kind, file.absolute);
        if (edited === undefined) continue;
        const stat = fs.statSync(file.absolute);
        const scanned: ScannedFile = {
          ...file,
          size: stat.size,
          mtimeMs: Math.trunc(stat.mtimeMs),
          hash: hashText(edited),
          text: edited,
        };
        const started = performance.now();
        const cpuAtStart = process.cpuUsage();
        const dependents = engine.dependentsOf(
          [scanned],
          [],
          [],
          indexed.filter((other) => other.path !== file.path),
          projects,
        );
        times.push(performance.now() - started);
        const cpu = process.cpuUsage(cpuAtStart);
        cpuTimes.push((cpu.user + cpu.system) / 1000);
        counts.push(dependents.size + 1);
        widest.push({ file: file.path, count: dependents.size + 1 });
      }
      const count = summarize(counts);
      const time = summarize(times);
      const cpuTime = summarize(cpuTimes);
      const cpuTotal = cpuTimes.reduce((a, b) => a + b, 0);
      const total = counts.reduce((a, b) => a + b, 0);
      process.stdout.write(
        `| ${kind} | ${counts.length} | ${count ? `${count.p50} / ${count.p95} / ${count.max} / ${total}` : "n/a"} | ${time ? `${formatMs(time.p50)} / ${formatMs(time.max)}` : "n/a"} | ${cpuTime ? `${formatMs(cpuTime.p50)} / ${formatMs(cpuTotal)}` : "n/a"} |\n`,
      );
      const top = widest.sort((a, b) => b.count - a.count).slice(0, 3);
      log(`${kind}: widest ${top.map((entry) => `${entry.file} ${entry.count}`).join(", ")}; all: ${counts.join(" ")}`);
    }
    opened.db.close();
  } finally {
    fs.rmSync(tmpDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
