/**
 * Call-graph accuracy: ts-graph's call-like edges against TypeScript's own call hierarchy.
 *
 *   npm run bench:accuracy [-- --corpus effect@3.22.4,zod@3.25.76,rxjs@7.8.2] [--top 15] [--reuse-truth]
 *
 * --db FILE compares an existing index of the corpus instead of indexing it (one corpus at a time).
 * --no-references skips the reference oracle (bench/accuracy/run-references.ts) that follows each corpus's report.
 * --reuse-truth reads the compiler's answers saved by an earlier run of the same corpus and TypeScript
 * version (next to the corpus, in .accuracy-cache/) instead of asking the language service again.
 *
 * Per corpus: fetch it (bench/corpus.ts), index it with dist/cli.js into a temporary database, build the
 * ground truth with the language service, and print precision, recall and F1, overall and per call-site
 * category, and the top false negatives and false positives with their source lines. Figures only; no
 * assertion. See docs/accuracy.md for what the compiler counts and where ts-graph deliberately differs.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parseCorpusSpec, prepareCorpus } from "../corpus.js";
import { REPO_ROOT, log } from "../measure.js";
import ts from "typescript";
import { buildGroundTruth, type CachedAnswers } from "./call-hierarchy.js";
import { declarationIdentity, withCallee } from "./declaration-identity.js";
import { CALL_LIKE_EDGE_KINDS, graphTriples, type GraphTriple, type NodeRow } from "./graph-calls.js";
import { referenceCompleteness } from "./run-references.js";
import { compareTriples, tripleKey, type CallTriple, type Scores } from "./triples.js";

const DEFAULT_CORPORA = ["effect@3.22.4", "zod@3.25.76", "rxjs@7.8.2"];

/** Site forms where ts-graph deliberately differs from the compiler's hierarchy (docs/accuracy.md). */
const DELIBERATE_FORMS = new Set(["reference", "super()"]);

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index < 0 ? undefined : process.argv[index + 1];
}

function percent(value: number): string {
  return `${(value * 100).toFixed(1)} %`;
}

function row(name: string, s: Scores): string {
  return `| ${name} | ${s.truth} | ${s.graph} | ${s.matched} | ${percent(s.precision)} | ${percent(s.recall)} | ${percent(s.f1)} |`;
}

async function main(): Promise<void> {
  const corpora = (argument("--corpus") ?? DEFAULT_CORPORA.join(",")).split(",").map((id) => parseCorpusSpec(id.trim()));
  const top = Number(argument("--top") ?? 15);
  const cli = path.join(REPO_ROOT, "dist", "cli.js");
  if (!fs.existsSync(cli)) throw new Error("dist/cli.js is missing: run npm run build first");
  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), "ts-graph-accuracy-"));
  try {
    for (const spec of corpora) {
      const corpus = await prepareCorpus(spec, { tmpDir, timeoutMs: 600_000, probeExactOptional: true });
      const givenDb = argument("--db");
      const dbPath = givenDb === undefined ? path.join(tmpDir, `${spec.dirName}.db`) : path.resolve(givenDb);
      if (givenDb === undefined) {
        log(`${spec.id}: indexing with ts-graph ...`);
        execFileSync(process.execPath, [cli, "index", corpus.dir, "--tsconfig", corpus.tsconfigPath, "--db", dbPath, "--force", "--quiet"], { stdio: "inherit" });
      }
      log(`${spec.id}: building the call hierarchy ground truth ...`);
      const cacheFile = path.join(path.dirname(corpus.dir), ".accuracy-cache", `${spec.dirName}-ts${ts.version}.json`);
      const reuse = process.argv.includes("--reuse-truth") && fs.existsSync(cacheFile);
      const truth = buildGroundTruth(corpus.dir, corpus.tsconfigPath, reuse ? (JSON.parse(fs.readFileSync(cacheFile, "utf8")) as CachedAnswers) : undefined);
      if (!reuse) {
        fs.mkdirSync(path.dirname(cacheFile), { recursive: true });
        fs.writeFileSync(cacheFile, JSON.stringify(truth.answers));
      }
      log(`${spec.id}: ${truth.items} call hierarchy items, ${truth.triples.length} incoming call sites, ${(truth.ms / 1000).toFixed(1)} s`);
      const categorize = truth.categorize;
      const formOf = (triple: CallTriple): string => categorize(triple).form;
      const identity = declarationIdentity(dbPath);
      const truthTriples = truth.triples.map((triple) => withCallee(triple, identity));
      const items = new Set(truth.itemDeclarations.map((item) => identity.of(item.callee, item.name)));
      const isItem = (triple: CallTriple): boolean => items.has(triple.callee);
      // Whether find-references relates an overriding member to its base; answers are cached like the truth.
      const relatedFile = path.join(path.dirname(cacheFile), `${spec.dirName}-ts${ts.version}-find-references.json`);
      const relatedCache = new Map<string, readonly string[]>(
        reuse && fs.existsSync(relatedFile) ? (JSON.parse(fs.readFileSync(relatedFile, "utf8")) as [string, string[]][]) : [],
      );
      const askedBefore = relatedCache.size;
      const relates = (member: NodeRow, base: NodeRow): boolean =>
        truth.relatedDeclarations({ file: member.file, line: member.nameLine, name: member.name }, relatedCache).includes(`${base.file}:${base.nameLine}`);
      const allGraph = graphTriples(dbPath, CALL_LIKE_EDGE_KINDS, true, relates);
      fs.writeFileSync(relatedFile, JSON.stringify([...relatedCache]));
      log(`${spec.id}: find-references asked at ${relatedCache.size - askedBefore} overriding members (${askedBefore} cached)`);
      // A site reached only through an OVERRIDES edge that find-references does not follow is a deliberate
      // difference when the compiler does not count it; when it does, it is simply a match.
      const truthKeySet = new Set(truthTriples.map(tripleKey));
      const isBeyondOnly = (triple: GraphTriple): boolean => triple.origin === "override beyond find-references" && !truthKeySet.has(tripleKey(triple));
      const beyond = allGraph.filter((triple) => isItem(triple) && isBeyondOnly(triple));
      const graph = allGraph.filter((triple) => isItem(triple) && !isBeyondOnly(triple));
      const nonItemCalls = allGraph.filter((triple) => !isItem(triple) && triple.origin === "edge" && formOf(triple) !== "super()").length;
      const references = graphTriples(dbPath, ["REFERENCES"], true).filter(isItem);

      // Deliberate differences, counted on their own: a function passed as a value (the compiler counts
      // `x.f` as a call wherever it is written as a property access; ts-graph records REFERENCES), and
      // `super(...)` (a call of the base constructor for ts-graph; not a call for the compiler).
      const isCallSite = (triple: CallTriple): boolean => !DELIBERATE_FORMS.has(formOf(triple));
      const comparison = compareTriples(truthTriples.filter(isCallSite), graph.filter(isCallSite), categorize);
      const referenceSites = compareTriples(
        truthTriples.filter((triple) => formOf(triple) === "reference"),
        references.filter((triple) => formOf(triple) === "reference"),
        categorize,
      );
      const superCalls = allGraph.filter((triple) => triple.origin === "edge" && formOf(triple) === "super()").length;

      const matchedByOrigin = new Map<string, number>();
      for (const triple of graph) {
        if (isCallSite(triple) && truthKeySet.has(tripleKey(triple))) matchedByOrigin.set(triple.origin, (matchedByOrigin.get(triple.origin) ?? 0) + 1);
      }

      const lines: string[] = [];
      lines.push(`## ${spec.id}`, "");
      lines.push("| sites | compiler | ts-graph | both | precision | recall | F1 |", "| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
      lines.push(row("**call sites** (CALLS + INSTANTIATES + RENDERS)", comparison.overall));
      for (const [name, s] of comparison.byCategory) lines.push(row(name, s));
      lines.push("");
      lines.push("Deliberate differences, not in the table above:", "");
      lines.push("| sites | compiler | ts-graph | both | precision | recall | F1 |", "| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
      lines.push(row("function passed as a value (`x.f`): compiler call, ts-graph REFERENCES", referenceSites.overall));
      lines.push(
        `| calls through an OVERRIDES edge find-references does not follow (a base that is not a class or interface: a type alias of an intersection, a class a call returns) | 0 | ${beyond.length} | 0 | | | |`,
      );
      lines.push(`| \`super(...)\`: ts-graph CALLS of the base constructor, not a call for the compiler | 0 | ${superCalls} | 0 | | | |`);
      lines.push(`| calls of declarations that are not call hierarchy items (property signatures, \`let\` or object-property arrows, other values) | | ${nonItemCalls} | | | | |`);
      lines.push("");
      const missingNode = comparison.falseNegatives.filter((triple) => !identity.nodes.has(triple.callee));
      const missingItems = new Set(missingNode.map((triple) => triple.callee)).size;
      lines.push(
        `False negatives whose callee has no ts-graph node (a declaration inside a function body, such as a method of an object literal a function returns): ${missingNode.length} of ${comparison.falseNegatives.length}, for ${missingItems} declarations.`,
        "",
      );
      const origins = [...matchedByOrigin].map(([origin, count]) => `${origin} ${count}`).join(", ");
      lines.push(`Matched call sites by how ts-graph has them: ${origins} (docs/accuracy.md explains the expansion).`, "");
      const describe = (triple: CallTriple): string => {
        const category = categorize(triple);
        return `- \`${triple.callerFile}:${triple.line}\` → \`${triple.calleeName}\` (${triple.callee}) [${[category.form, ...category.labels].join(", ")}]: \`${truth.lineText(triple.callerFile, triple.line).slice(0, 120)}\``;
      };
      const byCallee = (triples: readonly CallTriple[]): string[] => {
        const counts = new Map<string, number>();
        for (const triple of triples) {
          const key = `\`${triple.calleeName}\` (${triple.callee})`;
          counts.set(key, (counts.get(key) ?? 0) + 1);
        }
        return [...counts].sort((a, b) => b[1] - a[1]).slice(0, top).map(([key, count]) => `- ${count} × ${key}`);
      };
      lines.push("### Callees with the most false negatives", "", ...byCallee(comparison.falseNegatives), "");
      lines.push("### Callees with the most false positives", "", ...byCallee(comparison.falsePositives), "");
      lines.push(`### Top false negatives (${comparison.falseNegatives.length} in all)`, "", ...comparison.falseNegatives.slice(0, top).map(describe), "");
      lines.push(`### Top false positives (${comparison.falsePositives.length} in all)`, "", ...comparison.falsePositives.slice(0, top).map(describe), "");
      process.stdout.write(`${lines.join("\n")}\n`);
      // Reference completeness (docs/accuracy.md): every use find-references lists must be an edge.
      if (!process.argv.includes("--no-references")) process.stdout.write(referenceCompleteness(corpus, dbPath, top));
    }
  } finally {
    fs.rmSync(tmpDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
