/**
 * Agent task bench: ts-graph's first answer to the questions a coding agent asks, against the compiler's answer
 * and a scripted grep/sed agent, in items (precision, recall, the misleading items named) and o200k tokens.
 *
 *   npm run bench:agent [-- --corpus zod@3.25.76,di-app] [--tasks 5]
 *
 * A corpus is an npm package (bench/corpus.ts fetches it) or `di-app`, the decorator/DI sample in
 * sample-projects/di-app. Per corpus: index it with dist/cli.js into a temporary database, open TypeScript 6's
 * language service on it (bench/agent/truth.ts), pick `--tasks` tasks per kind by the structural rules below
 * (never from the tool's answers), run the CLI once per task with its default options (its default text answer
 * is what is counted), run the grep agent (grep-agent.ts), and print the per-kind table. Figures only; no
 * assertion. docs/accuracy.md ("Agent tasks") says what each kind asks and how its truth is built.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import ts from "typescript-6";
import { countTokens } from "../../src/tools/answer/token-count.js";
import { parseCorpusSpec, prepareCorpus } from "../corpus.js";
import { argument } from "../accuracy/indexed-corpus.js";
import { REPO_ROOT, log } from "../measure.js";
import { GrepAgent } from "./grep-agent.js";
import { cochangePlan, HISTORY_CORPUS, prepareHistoryCorpus } from "./history-corpus.js";
import { answeredDeclarations, exportedNames, subtypes, testsToRun, truthItemOf } from "./items.js";
import { kindTable, scoreTask, summarizeKind, type KindSummary, type SideResult } from "./score.js";
import type { KindPlan, Task } from "./task.js";
import { createOracle, type Oracle } from "./truth.js";

const SAMPLE = "di-app";
const CLI = path.join(REPO_ROOT, "dist", "cli.js");
const DEFAULT_CORPORA = ["zod@3.25.76", HISTORY_CORPUS, SAMPLE];
const CALL_DEPTH = 3;
const PATH_DEPTH = 6;
const isTest = (file: string): boolean => /\.(?:test|spec)\.[cm]?tsx?$/.test(file);

/** A stable pseudo-random order (FNV-1a of the item), so a run picks the same tasks every time. */
function hashOrder<T>(values: readonly T[], key: (value: T) => string): T[] {
  const hash = (text: string): number => {
    let h = 0x811c9dc5;
    for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
    return h;
  };
  return [...values].sort((a, b) => hash(key(a)) - hash(key(b)) || key(a).localeCompare(key(b)));
}

const nodeKey = (item: string): string => item.replace("#", ":");
const fileOf = (item: string): string => item.slice(0, item.indexOf("#"));
const isExported = (node: ts.Node): boolean =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/**
 * Picks each kind's tasks by its structural rule (docs/accuracy.md, Agent tasks).
 * Long because: one rule per task kind, each a few lines, read best side by side with the table they implement.
 */
function planTasks(
  oracle: Oracle,
  grep: GrepAgent,
  count: number,
): { plans: KindPlan[]; skipped: { kind: string; why: string }[] } {
  const declarations = oracle.declarations().filter(({ item }) => !isTest(fileOf(item)));
  const exportedFunctions = declarations.filter(
    ({ node }) => ts.isFunctionDeclaration(node) && ts.isSourceFile(node.parent) && isExported(node),
  );
  const skipped: { kind: string; why: string }[] = [];
  // The declarations an answer lists, each named as the truth names the declaration it prints (by its lines).
  const declarationsOf = (text: string): string[] => [
    ...new Set(answeredDeclarations(text).map((found) => truthItemOf(found, oracle.declarationSpans(found.file)))),
  ];

  // Blast radius: the `count` exported functions with the most references from other files.
  log("blast radius: counting references of exported functions ...");
  const ranked = exportedFunctions
    .map(({ item }) => ({ item, references: oracle.referenceCount(item) }))
    .sort((a, b) => b.references - a.references || a.item.localeCompare(b.item))
    .slice(0, count);
  const blast: Task[] = ranked.map(({ item }) => ({
    label: item,
    toolArgs: ["impact", nodeKey(item)],
    parse: declarationsOf,
    truth: oracle.dependants(item, CALL_DEPTH).filter((found) => !isTest(found.split("#")[0] ?? "")),
    grep: () => grep.dependants(item, CALL_DEPTH),
  }));

  // Callers through interfaces and bases: interface and abstract methods the compiler sees called, in hash order.
  log("callers: interface and abstract members ...");
  const callers: Task[] = [];
  for (const { item, node } of hashOrder(
    declarations.filter(
      ({ node }) =>
        (ts.isMethodSignature(node) || ts.isMethodDeclaration(node)) && !ts.isObjectLiteralExpression(node.parent),
    ),
    (d) => d.item,
  )) {
    if (callers.length >= count) break;
    if (!oracle.isBodiless(item) || node.parent === undefined) continue;
    const truth = oracle.callers(item, CALL_DEPTH);
    if (truth.length === 0) continue;
    callers.push({
      label: item,
      toolArgs: ["callers", nodeKey(item)],
      parse: declarationsOf,
      truth,
      grep: () => grep.callers(item, CALL_DEPTH),
    });
  }

  // Path from A to B: a public function A (an exported function, a method of an exported class) and the first
  // (sorted) callee three calls below it (else two).
  log("paths: public functions and their callees three calls below ...");
  const publicMethods = declarations.filter(
    ({ node }) =>
      ts.isMethodDeclaration(node) &&
      ts.isClassDeclaration(node.parent) &&
      isExported(node.parent) &&
      node.body !== undefined,
  );
  const paths: Task[] = [];
  for (const { item } of hashOrder([...exportedFunctions, ...publicMethods], (d) => d.item)) {
    if (paths.length >= count) break;
    const target = oracle.calleesAt(item, 3)[0] ?? oracle.calleesAt(item, 2)[0];
    if (target === undefined) continue;
    const truth = oracle.pathNodes(item, target, PATH_DEPTH, 3000);
    if (truth === null || truth.length === 0) continue;
    paths.push({
      label: `${item} -> ${target}`,
      toolArgs: ["paths", nodeKey(item), nodeKey(target)],
      parse: declarationsOf,
      truth,
      grep: () => grep.pathNodes(item, target, PATH_DEPTH),
    });
  }

  // Subclasses: classes with at least two direct subtypes, most subtypes first.
  const classes = new Set(declarations.filter(({ node }) => ts.isClassDeclaration(node)).map(({ item }) => item));
  const subclasses: Task[] = [...oracle.directSubtypes()]
    .filter(([item, subs]) => classes.has(item) && subs.length >= 2)
    .sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]))
    .slice(0, count)
    .map(([item]) => ({
      label: item,
      toolArgs: ["hierarchy", nodeKey(item), "--direction", "down"],
      parse: subtypes,
      truth: oracle.subtypes(item),
      grep: () => grep.subtypes(item),
    }));

  // Exports and shape: modules with at least one exported declaration of their own, in hash order.
  const withOwnExports = [
    ...new Set(
      declarations
        .filter(({ node }) => isExported(node) || ts.isVariableDeclaration(node))
        .map(({ item }) => fileOf(item)),
    ),
  ];
  const exportsTasks: Task[] = hashOrder(withOwnExports, (file) => file)
    .slice(0, count)
    .map((file) => ({
      label: file,
      toolArgs: ["zoom", file],
      parse: exportedNames,
      truth: oracle.exportsOf(file),
      grep: () => grep.exportsOf(file),
    }));

  const plans: KindPlan[] = [
    { kind: "blast radius", tasks: blast },
    { kind: "callers via interfaces/bases", tasks: callers },
    { kind: "path A to B", tasks: paths },
    { kind: "exports and shape", tasks: exportsTasks },
    { kind: "subclasses", tasks: subclasses },
  ];

  // Tests to run for a changed file: only where the indexed sources hold test files.
  const testFiles = oracle.files.filter(isTest);
  if (testFiles.length === 0) skipped.push({ kind: "tests to run", why: "no test file among the indexed sources" });
  else {
    const changed = hashOrder(
      oracle.files.filter((file) => !isTest(file)),
      (file) => file,
    ).slice(0, count);
    plans.push({
      kind: "tests to run",
      tasks: changed.map((file) => ({
        label: file,
        toolArgs: ["impact", file, "--tests", "only"],
        parse: testsToRun,
        truth: oracle.testsImporting(file, isTest),
        grep: () => grep.testsImporting(file),
      })),
    });
  }
  skipped.push({ kind: "co-change", why: "no git history (an npm tarball or a sample project): see zod-history" });
  return { plans, skipped };
}

/** The CLI's answer as an agent reads it: stdout, or on a refusal (an ambiguous name, say) what it printed instead. */
function toolAnswer(cli: string, args: readonly string[], cwd: string): string {
  try {
    return execFileSync(process.execPath, [cli, ...args], {
      cwd,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
      stdio: ["ignore", "pipe", "pipe"],
    });
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; status?: number };
    if (failed.status === undefined || failed.status === null) throw error;
    return `${failed.stdout ?? ""}${failed.stderr ?? ""}`;
  }
}

function indexCorpus(id: string, root: string, dbPath: string, tsconfigPath: string | undefined): void {
  log(`${id}: indexing with ts-graph ...`);
  const tsconfig = tsconfigPath === undefined ? [] : ["--tsconfig", tsconfigPath];
  execFileSync(process.execPath, [CLI, "index", root, ...tsconfig, "--db", dbPath, "--force", "--quiet"], {
    stdio: "inherit",
  });
}

function runCorpus(id: string, tmpDir: string, root: string, tsconfigPath: string, count: number): string[] {
  const dbPath = path.join(tmpDir, `${path.basename(root)}.db`);
  indexCorpus(id, root, dbPath, tsconfigPath);
  log(`${id}: TypeScript ${ts.version}'s language service ...`);
  const oracle = createOracle(root, tsconfigPath);
  const grep = new GrepAgent(root, oracle.files);
  const { plans, skipped } = planTasks(oracle, grep, count);
  return scorePlans(id, root, dbPath, plans, skipped);
}

/** The history corpus: co-change only (its other kinds run on the npm package of the same library). */
function runHistoryCorpus(tmpDir: string, count: number): string[] {
  const root = prepareHistoryCorpus();
  const dbPath = path.join(tmpDir, "history.db");
  indexCorpus(HISTORY_CORPUS, root, dbPath, undefined);
  const skipped = [{ kind: "other kinds", why: "run on the npm package zod@3.25.76; this corpus is for its history" }];
  return scorePlans(HISTORY_CORPUS, root, dbPath, [cochangePlan(root, count)], skipped);
}

function scorePlans(
  id: string,
  root: string,
  dbPath: string,
  plans: readonly KindPlan[],
  skipped: readonly { kind: string; why: string }[],
): string[] {
  const cli = CLI;
  const summaries: KindSummary[] = [];
  const details: string[] = [];
  for (const plan of plans) {
    log(`${id}: ${plan.kind} (${plan.tasks.length} tasks) ...`);
    const results: { tool: SideResult; grep: SideResult }[] = [];
    for (const task of plan.tasks) {
      const text = toolAnswer(cli, [...task.toolArgs, "--db", dbPath], root);
      const tool: SideResult = {
        score: scoreTask(task.truth, task.parse(text), task.recallCap),
        tokens: countTokens(text),
      };
      const answer = task.grep();
      results.push({
        tool,
        grep: { score: scoreTask(task.truth, answer.items, task.recallCap), tokens: answer.tokens },
      });
      const s = tool.score;
      details.push(
        `  ${plan.kind}: ${task.label}: truth ${s.truth}, tool ${s.matched}/${s.answered}` +
          (s.falsePositives.length > 0 ? `, misleading ${s.falsePositives.slice(0, 3).join(" ")}` : "") +
          (s.missed.length > 0 ? `, missed ${s.missed.slice(0, 3).join(" ")}` : "") +
          `; grep ${results.at(-1)?.grep.score.matched}/${answer.items.length}`,
      );
    }
    summaries.push(summarizeKind(plan.kind, results));
  }
  return [
    `## ${id}`,
    "",
    ...kindTable(summaries, skipped),
    "",
    "Per task (truth items; tool matched/answered; grep matched/answered):",
    ...details,
    "",
  ];
}

async function main(): Promise<void> {
  const count = Number(argument("--tasks") ?? 5);
  if (!Number.isInteger(count) || count < 1) throw new Error("--tasks must be a positive whole number");
  const cli = path.join(REPO_ROOT, "dist", "cli.js");
  if (!fs.existsSync(cli)) throw new Error("dist/cli.js is missing: run npm run build first");
  const ids = (argument("--corpus") ?? DEFAULT_CORPORA.join(",")).split(",").map((id) => id.trim());
  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), "ts-graph-agent-bench-"));
  try {
    for (const id of ids) {
      let lines: string[];
      if (id === HISTORY_CORPUS) lines = runHistoryCorpus(tmpDir, count);
      else if (id === SAMPLE) {
        const root = path.join(REPO_ROOT, "sample-projects", SAMPLE);
        lines = runCorpus(id, tmpDir, root, path.join(root, "tsconfig.json"), count);
      } else {
        const corpus = await prepareCorpus(parseCorpusSpec(id), {
          tmpDir,
          timeoutMs: 600_000,
          probeExactOptional: true,
        });
        lines = runCorpus(id, tmpDir, corpus.dir, corpus.tsconfigPath, count);
      }
      process.stdout.write(`${lines.join("\n")}\n`);
    }
  } finally {
    fs.rmSync(tmpDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
