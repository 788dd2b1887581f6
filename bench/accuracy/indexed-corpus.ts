import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parseCorpusSpec, prepareCorpus, type PreparedCorpus } from "../corpus.js";
import { REPO_ROOT, log } from "../measure.js";

/** The value after `name` on the command line. */
export function argument(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index < 0 ? undefined : process.argv[index + 1];
}

/**
 * For each corpus of `--corpus` (default `defaults`): fetch it (bench/corpus.ts), index it with dist/cli.js
 * into a temporary database (or take `--db FILE`, one corpus at a time), and hand both to `run`.
 */
export async function forEachIndexedCorpus(
  defaults: readonly string[],
  run: (corpus: PreparedCorpus, dbPath: string) => void,
): Promise<void> {
  const corpora = (argument("--corpus") ?? defaults.join(",")).split(",").map((id) => parseCorpusSpec(id.trim()));
  const cli = path.join(REPO_ROOT, "dist", "cli.js");
  if (!fs.existsSync(cli)) throw new Error("dist/cli.js is missing: run npm run build first");
  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), "ts-graph-bench-"));
  try {
    for (const spec of corpora) {
      const corpus = await prepareCorpus(spec, { tmpDir, timeoutMs: 600_000, probeExactOptional: true });
      const givenDb = argument("--db");
      const dbPath = givenDb === undefined ? path.join(tmpDir, `${spec.dirName}.db`) : path.resolve(givenDb);
      if (givenDb === undefined) {
        log(`${spec.id}: indexing with ts-graph ...`);
        execFileSync(
          process.execPath,
          [cli, "index", corpus.dir, "--tsconfig", corpus.tsconfigPath, "--db", dbPath, "--force", "--quiet"],
          {
            stdio: "inherit",
          },
        );
      }
      run(corpus, dbPath);
    }
  } finally {
    fs.rmSync(tmpDir, { recursive: true, force: true });
  }
}
