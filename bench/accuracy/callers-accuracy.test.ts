import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indexAndSnapshot, makeTempDir, removeTempDirs, SAMPLE_PROJECTS } from "../../src/test-support/fixtures.js";
import { buildGroundTruth } from "./call-hierarchy.js";
import { definitionSites } from "./definition-oracle.js";
import { scoreCorpus, type CorpusScore, type DeliberateRule } from "./score-corpus.js";
import type { CallTriple } from "./triples.js";

/**
 * The accuracy bench's comparison on sample-projects/resolution: what `callers` answers (depth 1, default
 * dispatch) equals the compiler's call hierarchy site by site, caller included, apart from the deliberate
 * differences, whose sites are listed here exactly.
 */
const root = path.join(SAMPLE_PROJECTS, "resolution");
let score: CorpusScore;

beforeAll(async () => {
  const dbPath = path.join(makeTempDir("ts-graph-accuracy-"), "graph.db");
  await indexAndSnapshot(root, { dbPath });
  const truth = buildGroundTruth(root, path.join(root, "tsconfig.json"));
  score = scoreCorpus(dbPath, truth, definitionSites(truth, root));
});
afterAll(removeTempDirs);

/** `file:line caller → callee (declaration)`; the caller is left out on rows compared without it. */
const site = (triple: CallTriple): string =>
  `${triple.callerFile}:${triple.line} ${triple.caller ?? "-"} → ${triple.calleeName} (${triple.callee})`;

function row(rule: DeliberateRule): { compiler: string[]; tsGraph: string[]; both: number } {
  const found = score.deliberate.find((candidate) => candidate.rule === rule);
  if (found === undefined) throw new Error(`no row ${rule}`);
  const { comparison } = found;
  return {
    compiler: comparison.falseNegatives.map(site).sort(),
    tsGraph: comparison.falsePositives.map(site).sort(),
    both: comparison.overall.matched,
  };
}

describe("callers' answers against the compiler on sample-projects/resolution", () => {
  it("lists exactly the compiler's call hierarchy sites, each under the compiler's caller, apart from the deliberate rows", () => {
    expect(score.headline.falseNegatives.map(site)).toEqual([]);
    expect(score.headline.falsePositives.map(site)).toEqual([]);
    expect(score.unmappedCallers).toBe(0);
    // Every caller kind the compiler names in this sample is there: methods, functions, classes, files, bound arrows.
    expect([...score.byCallerKind.byCategory.keys()].sort()).toEqual([
      "Class",
      "File",
      "Function",
      "Method",
      "Property",
      "Variable",
    ]);
    expect(score.headline.overall.matched).toBeGreaterThan(150);
  });

  it("counts the deliberate differences on their rows, with exactly these sites", () => {
    // Both count `arr.forEach(this.m)`-like `x.f` uses and the functions a Router stores; ts-graph's REFERENCES
    // edges and the compiler's items agree on three. Both count the read `init.protocol` for the object-literal
    // getter that implements `Init.protocol`: callers of a getter follows the READS of the member it implements.
    // ts-graph lists the bare `getPath` stored beside `options.getPath` on the same line (a REFERENCES site,
    // not a call for the compiler).
    expect(row("x.f as a value")).toEqual({
      compiler: [],
      tsGraph: [
        "src/stored-functions/router.ts:60 src/stored-functions/router.ts:55 → getPath (src/stored-functions/router.ts:18)",
      ],
      both: 4,
    });
    // BaseIterator.next implements lib's Iterator.next only as a member inherited into Numbers.
    expect(row("inherited implementation of a library member")).toEqual({
      compiler: [],
      tsGraph: [
        "src/external-bases/countdown.ts:44 src/external-bases/countdown.ts:42 → next (src/inherited-implementation/runners.ts:41)",
        "src/external-bases/countdown.ts:57 src/external-bases/countdown.ts:56 → next (src/inherited-implementation/runners.ts:41)",
      ],
      both: 0,
    });
    // A function or class named as a value (passed, stored, `??`/`||` operand, default value, spread...): ts-graph
    // lists the REFERENCES site, the compiler counts no call (ADR 0009).
    expect(row("f as a value")).toEqual({
      compiler: [],
      tsGraph: [
        "src/callbacks/usage.ts:12 src/callbacks/usage.ts:11 → fmt (src/callbacks/actions.ts:2)",
        "src/callbacks/usage.ts:16 src/callbacks/usage.ts:15 → tick (src/callbacks/actions.ts:6)",
        "src/callbacks/usage.ts:20 src/callbacks/usage.ts:19 → save (src/callbacks/actions.ts:10)",
        "src/constructor-functions/shapes.ts:16 src/constructor-functions/shapes.ts → Shape (src/constructor-functions/shapes.ts:12)",
        "src/constructor-functions/shapes.ts:19 src/constructor-functions/shapes.ts:18 → LegacyPoint (src/constructor-functions/shapes.ts:8)",
        "src/member-uses/qualifiers.ts:59 src/member-uses/qualifiers.ts → identity (src/member-uses/qualifiers.ts:54)",
        "src/overrides/listener.ts:39 src/overrides/listener.ts:34 → stopAll (src/overrides/listener.ts:20)",
        "src/stored-functions/router.ts:38 src/stored-functions/router.ts → safeDecode (src/stored-functions/router.ts:30)",
        "src/stored-functions/router.ts:43 src/stored-functions/router.ts → safeDecode (src/stored-functions/router.ts:30)",
        "src/stored-functions/router.ts:43 src/stored-functions/router.ts:42 → safeDecode (src/stored-functions/router.ts:30)",
        "src/stored-functions/router.ts:60 src/stored-functions/router.ts:55 → getPathNoStrict (src/stored-functions/router.ts:22)",
        "src/stored-functions/router.ts:61 src/stored-functions/router.ts:55 → trimSlashes (src/stored-functions/router.ts:26)",
        "src/stored-functions/router.ts:61 src/stored-functions/router.ts:57 → trimSlashes (src/stored-functions/router.ts:26)",
        "src/value-reads/uses.ts:10 src/value-reads/uses.ts:9 → fallback (src/value-reads/values.ts:1)",
        "src/value-reads/uses.ts:16 src/value-reads/uses.ts:15 → fallback (src/value-reads/values.ts:1)",
        "src/value-reads/uses.ts:16 src/value-reads/uses.ts:15 → other (src/value-reads/values.ts:5)",
        "src/value-reads/uses.ts:21 src/value-reads/uses.ts:20 → other (src/value-reads/values.ts:5)",
        "src/value-reads/uses.ts:48 src/value-reads/uses.ts:47 → fallback (src/value-reads/values.ts:1)",
        "src/value-reads/uses.ts:53 src/value-reads/uses.ts:53 → fallback (src/value-reads/values.ts:1)",
        "src/value-reads/uses.ts:60 src/value-reads/uses.ts:59 → DefaultFormatter (src/value-reads/values.ts:9)",
        "src/value-reads/uses.ts:66 src/value-reads/uses.ts:65 → other (src/value-reads/values.ts:5)",
        "src/value-reads/uses.ts:80 src/value-reads/uses.ts:79 → fallback (src/value-reads/values.ts:1)",
      ],
      both: 0,
    });
    // FrozenClock's constructor calls `super()` of SystemClock, which declares no constructor: the class is the callee.
    expect(row("super()")).toEqual({
      compiler: [],
      tsGraph: ["src/overrides/clock.ts:33 src/overrides/clock.ts:31 → SystemClock (src/overrides/clock.ts:20)"],
      both: 0,
    });
    // Badge implements `LabelledClock`, a type alias of an intersection; an inherited implementation is related
    // by ts-graph through the subclass that names the interface, not by find-references.
    expect(row("heritage find-references does not follow")).toEqual({
      compiler: [],
      tsGraph: [
        // BaseQueryRunner.beforeMigration implements QueryRunner.beforeMigration only as inherited into AbstractQueryRunner.
        "src/inherited-implementation/runners.ts:37 src/inherited-implementation/runners.ts:36 → beforeMigration (src/inherited-implementation/runners.ts:19)",
        "src/overrides/clock.ts:71 src/overrides/clock.ts:70 → now (src/overrides/labelled.ts:23)",
        "src/overrides/labelled.ts:29 src/overrides/labelled.ts:28 → label (src/overrides/labelled.ts:19)",
      ],
      both: 1,
    });
    // `@sealed` and `@logged` in greeter.ts, and the call in Widget's static block: same callee and line on both sides.
    expect(row("decorator")).toEqual({ compiler: [], tsGraph: [], both: 2 });
    expect(row("class static block")).toEqual({ compiler: [], tsGraph: [], both: 1 });
    expect(row("sibling or lower dispatch")).toEqual({
      compiler: [
        "src/abstract-dispatch/formats.ts:40 src/abstract-dispatch/formats.ts:38 → serialize (src/abstract-dispatch/exporter.ts:10)",
        "src/abstract-dispatch/formats.ts:40 src/abstract-dispatch/formats.ts:38 → serialize (src/abstract-dispatch/formats.ts:14)",
        "src/external-bases/countdown.ts:51 src/external-bases/countdown.ts:49 → next (src/external-bases/countdown.ts:29)",
        "src/external-bases/countdown.ts:51 src/external-bases/countdown.ts:49 → next (src/external-bases/countdown.ts:36)",
        "src/inherited-implementation/runners.ts:32 src/inherited-implementation/runners.ts:31 → query (src/inherited-implementation/runners.ts:15)",
        "src/interface-dispatch/report.ts:23 src/interface-dispatch/report.ts:22 → area (src/interface-dispatch/shapes.ts:24)",
        "src/interface-dispatch/report.ts:23 src/interface-dispatch/report.ts:22 → area (src/interface-dispatch/shapes.ts:5)",
        "src/overrides/clock.ts:50 src/overrides/clock.ts:49 → now (src/overrides/clock.ts:11)",
        "src/overrides/clock.ts:50 src/overrides/clock.ts:49 → now (src/overrides/clock.ts:16)",
        // `super.now()` in LoggingClock.now runs SystemClock.now only; the compiler also counts it for its overrides.
        "src/overrides/clock.ts:50 src/overrides/clock.ts:49 → now (src/overrides/clock.ts:36)",
        "src/overrides/clock.ts:50 src/overrides/clock.ts:49 → now (src/overrides/clock.ts:49)",
        "src/overrides/clock.ts:50 src/overrides/clock.ts:49 → now (src/overrides/clock.ts:58)",
        // `super.describe()` and `super.move()` in Dog run Animal's members, not Dog's own.
        "src/super-call/dog.ts:20 src/super-call/dog.ts:19 → describe (src/super-call/dog.ts:19)",
        "src/super-call/dog.ts:24 src/super-call/dog.ts:23 → move (src/super-call/dog.ts:23)",
      ],
      tsGraph: [],
      both: 0,
    });
  });

  it("lists the calls of non-items that go-to-definition finds, and no other", () => {
    expect(score.nonItems.comparison.falseNegatives.map(site)).toEqual([]);
    expect(score.nonItems.comparison.falsePositives.map(site)).toEqual([]);
    expect(score.nonItems.comparison.overall.matched).toBeGreaterThan(0);
  });
});
