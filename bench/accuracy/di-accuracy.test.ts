import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeDiSample } from "../../src/test-support/di-sample.js";
import { indexAndSnapshot, makeTempDir, removeTempDirs } from "../../src/test-support/fixtures.js";
import { buildGroundTruth } from "./call-hierarchy.js";
import { definitionSites } from "./definition-oracle.js";
import { scoreCorpus, type CorpusScore, type DeliberateRule } from "./score-corpus.js";
import type { CallTriple } from "./triples.js";

/**
 * The accuracy bench's comparison on decorator-and-DI code (src/test-support/di-sample.ts): the calls `callers`
 * answers are the compiler's, site by site; the class named as a DI token and the callback passed are value
 * uses, listed apart and scored on their own row; decorator factories (`@Module({…})`) on the decorator row.
 */
let score: CorpusScore;

beforeAll(async () => {
  const root = makeTempDir("ts-graph-di-accuracy-");
  writeDiSample(root);
  const dbPath = path.join(makeTempDir("ts-graph-accuracy-"), "graph.db");
  await indexAndSnapshot(root, { dbPath });
  const truth = buildGroundTruth(root, path.join(root, "tsconfig.json"));
  score = scoreCorpus(dbPath, truth, definitionSites(truth, root));
});
afterAll(removeTempDirs);

const site = (triple: CallTriple): string =>
  `${triple.callerFile}:${triple.line} ${triple.caller ?? "-"} → ${triple.calleeName}`;

function row(rule: DeliberateRule): { compiler: string[]; tsGraph: string[]; both: number } {
  const found = score.deliberate.find((candidate) => candidate.rule === rule);
  if (found === undefined) throw new Error(`no row ${rule}`);
  return {
    compiler: found.comparison.falseNegatives.map(site).sort(),
    tsGraph: found.comparison.falsePositives.map(site).sort(),
    both: found.comparison.overall.matched,
  };
}

describe("callers' answers against the compiler on decorator-and-DI code", () => {
  it("lists exactly the compiler's calls, each under the compiler's caller", () => {
    expect(score.headline.falseNegatives.map(site)).toEqual([]);
    expect(score.headline.falsePositives.map(site)).toEqual([]);
    expect(score.headline.overall.matched).toBe(6);
  });

  it("scores the value uses it lists apart, and decorator factories, on their own rows", () => {
    // `providers: [Logger]`, `provide: Logger`, `useClass: ConsoleLogger`, `@Inject(() => Logger)`,
    // `instanceof Logger`, `values.map(fmt)`, `commands = [main]`: no call for the compiler.
    expect(row("f as a value")).toEqual({
      compiler: [],
      tsGraph: [
        "src/app.ts:12 src/app.ts:10 → fmt",
        "src/app.ts:16 src/app.ts → ConsoleLogger",
        "src/app.ts:16 src/app.ts → Logger",
        "src/app.ts:20 src/app.ts:19 → Logger",
        "src/app.ts:29 src/app.ts → main",
        "src/app.ts:8 src/app.ts:7 → Logger",
      ],
      both: 0,
    });
    // `@Module({…})` on AppModule and `@Inject(…)` on Service's constructor parameter: same callee and line.
    expect(row("decorator")).toEqual({ compiler: [], tsGraph: [], both: 2 });
  });
});
