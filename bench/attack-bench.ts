/**
 * Attack run: every tool, through the MCP server, given hostile paths; a file swapped for a link while tools
 * read it; the CLI given special files as `--db` and `--out`. Counts what got out of the root or damaged
 * something outside it.
 *
 *   npm run bench:attack [-- --race-reads 300] [--seed 1]
 *
 *   1. a private copy of sample-projects/web-app as the root, with a git config holding a token, links out of
 *      the root (a folder, a file), a link loop; a folder beside it with secret files; a secret in this
 *      process's environment (/proc/self/environ)
 *   2. arguments: for every tool of src/tools/all-tools.ts, every input that names a path or a symbol (and the
 *      server's `root`) gets each hostile value in turn, the other inputs benign; edit tools really write
 *      (no dry run). An escape is an answer that holds a secret (outside file contents, the git token, the
 *      database's bytes, /etc/passwd, the environment secret) once the call's own arguments are taken out
 *   3. races: a child process swaps a file of the root for a link to an outside secret and back, as fast as it
 *      can, while zoom (level 2), search and list read it `race-reads` times each
 *   4. special files (bench/attack-special-files.ts): a FIFO, a character device (root only), a symlink to
 *      one, a folder and /proc/version as `--db` and `--out`, in a temp folder (never the machine's /dev)
 *
 * Figures, not assertions: the report goes to stdout as markdown, progress to stderr. Every row should say 0.
 */
import { type ChildProcess, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { ALL_TOOLS } from "../src/tools/all-tools.js";
import { copySampleProject, makeTempDir, removeTempDirs } from "../src/test-support/fixtures.js";
import { startInProcessServer, type InProcessServer } from "../src/test-support/mcp.js";
import { attackSpecialFiles, type SpecialFileOutcome } from "./attack-special-files.js";
import { benchOptions, log } from "./measure.js";
import { cliAvailable } from "./tsgraph.js";

const USAGE = "usage: npm run bench:attack [-- --race-reads N] [--seed N]";

/** Strings that exist only outside the root; an answer that holds one has read something it must not. */
const SECRETS = {
  outsideFile: "top-secret-outside-4d2f",
  outsideLinkedFile: "linked-secret-9a1c",
  raceSecret: "race-secret-77e0",
  gitToken: "ghp_attackToken0123456789",
  environment: "env-secret-c3b5",
  passwd: "root:x:0:0",
  database: "SQLite format 3",
  outsideOnlyName: "outside-only-name-e81",
} as const;

interface AttackRoot {
  readonly root: string;
  readonly outside: string;
}

function makeAttackRoot(): AttackRoot {
  const root = copySampleProject("web-app");
  const outside = path.join(makeTempDir("ts-graph-attack-outside-"), "OUT");
  fs.mkdirSync(outside);
  fs.writeFileSync(
    path.join(outside, "secret.ts"),
    `export const SECRET = "${SECRETS.outsideFile}";\nexport function leak(): string {\n  return SECRET;\n}\n`,
  );
  fs.writeFileSync(path.join(outside, "linked.ts"), `export const LINKED = "${SECRETS.outsideLinkedFile}";\n`);
  fs.writeFileSync(path.join(outside, "race.ts"), `export const RACE = "${SECRETS.raceSecret}";\n`);
  fs.writeFileSync(path.join(outside, `${SECRETS.outsideOnlyName}.ts`), "export const harmless = 1;\n");
  fs.mkdirSync(path.join(root, ".git"));
  fs.writeFileSync(
    path.join(root, ".git", "config"),
    `[remote "origin"]\n\turl = https://x:${SECRETS.gitToken}@example.invalid/repo.git\n`,
  );
  const shared = path.join(root, "shared");
  fs.symlinkSync(outside, path.join(shared, "outside-link"));
  fs.symlinkSync(path.join(outside, "linked.ts"), path.join(shared, "linked-file.ts"));
  fs.symlinkSync(".", path.join(shared, "loop"));
  fs.mkdirSync(path.join(root, "race"));
  fs.writeFileSync(path.join(root, "race", "target.ts"), 'export const INSIDE = "inside-race-file";\n');
  return { root, outside };
}

/** Every path an attacker would try, relative to the root or absolute. */
function hostilePaths({ root, outside }: AttackRoot): string[] {
  const up = path.relative(root, outside);
  return [
    `${up}/secret.ts`,
    up,
    path.join(outside, "secret.ts"),
    outside,
    `shared/../${up}/secret.ts`,
    "shared/outside-link/secret.ts",
    "shared/outside-link",
    "shared/linked-file.ts",
    "shared/loop/loop/loop/outside-link/secret.ts",
    ".git/config",
    ".git",
    ".ts-graph/graph.db",
    ".ts-graph",
    "/etc/passwd",
    "/proc/self/environ",
    `file://${path.join(outside, "secret.ts")}`,
    `%2e%2e/${up}/secret.ts`,
    `shared\\..\\..\\${up.replaceAll("/", "\\")}\\secret.ts`,
    "shared/\u0000/../../secret.ts",
    `${"a/".repeat(3000)}x.ts`,
    "~/../../etc/passwd",
    `${root}/../${path.basename(path.dirname(outside))}/OUT/secret.ts`,
  ];
}

/** Symbols that name a file or a declaration by a hostile path (node keys are `file:Name`). */
function hostileSymbols(attack: AttackRoot): string[] {
  return hostilePaths(attack).flatMap((hostile) => [hostile, `${hostile}:leak`, `${hostile}:SECRET`]);
}

const HOSTILE_GLOBS = [
  "../**",
  "/**/*",
  "**/../../**/*.ts",
  "{..,.git}/**",
  ".git/**",
  ".ts-graph/**",
  "**/outside-link/**",
];

/** Benign values for each input name the tools have; the attacked input replaces one of them. */
const BENIGN: Record<string, unknown> = {
  symbol: "sumLines",
  from: "sumLines",
  to: "sumLines",
  name: "sumLines",
  target: "shared",
  pattern: "export",
  path: ".",
  content: "export const attackReplacement = 1;",
  newName: "attackRenamed",
  dryRun: false,
};

const PATH_INPUTS = new Set(["file", "fromFile", "toFile", "path", "paths", "target", "root"]);
const SYMBOL_INPUTS = new Set(["symbol", "from", "to"]);
const GLOB_INPUTS = new Set(["glob"]);

interface AttackCall {
  readonly tool: string;
  readonly input: string;
  readonly args: Record<string, unknown>;
}

function attackCalls(attack: AttackRoot): AttackCall[] {
  const calls: AttackCall[] = [];
  for (const tool of ALL_TOOLS) {
    const inputs = [...Object.keys(tool.inputShape), ...("root" in tool.inputShape ? [] : ["root"])];
    const base = Object.fromEntries(
      Object.keys(tool.inputShape).flatMap((key) => (key in BENIGN ? [[key, BENIGN[key]]] : [])),
    );
    for (const input of inputs) {
      const values = PATH_INPUTS.has(input)
        ? hostilePaths(attack)
        : SYMBOL_INPUTS.has(input)
          ? hostileSymbols(attack)
          : GLOB_INPUTS.has(input)
            ? HOSTILE_GLOBS
            : [];
      const isList = input === "paths" || (input === "glob" && tool.name === "search");
      for (const value of values)
        calls.push({ tool: tool.name, input, args: { ...base, [input]: isList ? [value] : value } });
    }
  }
  return calls;
}

/** The answer's text and structured content, without the strings the call itself passed (an answer may echo them). */
function answerWithoutEcho(result: CallToolResult, args: Record<string, unknown>): string {
  let answer = `${result.content.map((item) => (item.type === "text" ? item.text : "")).join("\n")}\n${JSON.stringify(result.structuredContent ?? {})}`;
  const echoed = Object.values(args)
    .flatMap((value) => (Array.isArray(value) ? value : [value]))
    .filter((value): value is string => typeof value === "string");
  for (const value of echoed) answer = answer.replaceAll(JSON.stringify(value).slice(1, -1), "").replaceAll(value, "");
  return answer;
}

function leakedSecrets(answer: string): string[] {
  return Object.entries(SECRETS)
    .filter(([, secret]) => answer.includes(secret))
    .map(([name]) => name);
}

/** A fingerprint of every file under dir (path, size, content hash), links not followed. */
function treeFingerprint(dir: string): string {
  const hash = crypto.createHash("sha256");
  const walk = (folder: string): void => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const abs = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(abs);
      else if (entry.isSymbolicLink()) hash.update(`${abs} -> ${fs.readlinkSync(abs)}\n`);
      else hash.update(`${abs} ${crypto.createHash("sha256").update(fs.readFileSync(abs)).digest("hex")}\n`);
    }
  };
  walk(dir);
  return hash.digest("hex");
}

interface Tally {
  calls: number;
  escapes: number;
  errors: number;
  readonly examples: string[];
}

function newTally(): Tally {
  return { calls: 0, escapes: 0, errors: 0, examples: [] };
}

function record(tally: Tally, call: AttackCall, result: CallToolResult | Error): void {
  tally.calls += 1;
  if (result instanceof Error) {
    tally.errors += 1;
    if (tally.examples.length < 5)
      tally.examples.push(`${call.tool}.${call.input}: thrown ${result.message.slice(0, 120)}`);
    return;
  }
  const leaked = leakedSecrets(answerWithoutEcho(result, call.args));
  if (leaked.length === 0) return;
  tally.escapes += 1;
  if (tally.examples.length < 5)
    tally.examples.push(
      `${call.tool} ${call.input}=${JSON.stringify(call.args[call.input]).slice(0, 80)}: ${leaked.join(", ")}`,
    );
}

async function callSafely(server: InProcessServer, call: AttackCall): Promise<CallToolResult | Error> {
  try {
    return await server.call(call.tool, call.args);
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

async function argumentAttack(server: InProcessServer, attack: AttackRoot): Promise<Map<string, Tally>> {
  const byTool = new Map<string, Tally>();
  const calls = attackCalls(attack);
  log(`arguments: ${calls.length} calls`);
  for (const [index, call] of calls.entries()) {
    const tally = byTool.get(call.tool) ?? newTally();
    byTool.set(call.tool, tally);
    record(tally, call, await callSafely(server, call));
    if ((index + 1) % 200 === 0) log(`  ${index + 1}/${calls.length}`);
  }
  return byTool;
}

/** A child that swaps root/race/target.ts for a link to the outside secret and back until killed. */
function startSwapper(attack: AttackRoot): ChildProcess {
  const target = path.join(attack.root, "race", "target.ts");
  const script = `
const fs = require("node:fs");
const target = ${JSON.stringify(target)};
const file = target + ".file", link = target + ".link";
fs.copyFileSync(target, file);
fs.symlinkSync(${JSON.stringify(path.join(attack.outside, "race.ts"))}, link);
for (;;) {
  try { fs.copyFileSync(file, target + ".tmp"); fs.renameSync(target + ".tmp", target); } catch {}
  try { fs.symlinkSync(${JSON.stringify(path.join(attack.outside, "race.ts"))}, target + ".ln"); fs.renameSync(target + ".ln", target); } catch {}
}`;
  return spawn(process.execPath, ["-e", script], { stdio: "ignore" });
}

async function raceAttack(server: InProcessServer, attack: AttackRoot, reads: number): Promise<Map<string, Tally>> {
  const swapper = startSwapper(attack);
  const calls: AttackCall[] = [
    { tool: "zoom", input: "path", args: { path: "race/target.ts", level: 2 } },
    { tool: "search", input: "paths", args: { pattern: "RACE|INSIDE", paths: ["race/target.ts"] } },
    { tool: "search", input: "paths", args: { pattern: "RACE|INSIDE", paths: ["race"] } },
    { tool: "list", input: "path", args: { path: "race" } },
  ];
  const byKind = new Map<string, Tally>();
  try {
    for (let round = 0; round < reads; round += 1) {
      for (const call of calls) {
        const key = `${call.tool} ${JSON.stringify(call.args[call.input])}`;
        const tally = byKind.get(key) ?? newTally();
        byKind.set(key, tally);
        record(tally, call, await callSafely(server, call));
      }
      if ((round + 1) % 100 === 0) log(`  races: ${round + 1}/${reads}`);
    }
  } finally {
    swapper.kill("SIGKILL");
  }
  return byKind;
}

function tallyRows(byName: Map<string, Tally>): string[] {
  return [...byName.entries()].map(
    ([name, tally]) =>
      `| ${name} | ${tally.calls} | ${tally.escapes} | ${tally.errors} | ${tally.examples.join("; ").replaceAll("|", "\\|") || "-"} |`,
  );
}

function specialRows(outcomes: readonly SpecialFileOutcome[]): string[] {
  return outcomes.map(
    (outcome) =>
      `| ${outcome.case} | ${outcome.exitCode ?? outcome.signal ?? "-"} | ${outcome.damaged ? "**damaged**" : "kept"} | ${outcome.hung ? "**hung**" : "no"} | ${outcome.note.replaceAll("|", "\\|")} |`,
  );
}

async function main(): Promise<void> {
  const options = benchOptions(process.argv.slice(2), ["race-reads", "seed"], USAGE);
  const raceReads = Number.parseInt(options["race-reads"] ?? "300", 10);
  process.env.TS_GRAPH_ATTACK_SECRET = SECRETS.environment;
  const attack = makeAttackRoot();
  const outsideBefore = treeFingerprint(attack.outside);
  const gitBefore = fs.readFileSync(path.join(attack.root, ".git", "config"), "utf8");
  const server = await startInProcessServer({ roots: [attack.root] });
  try {
    await server.call("status");
    const argumentTallies = await argumentAttack(server, attack);
    const raceTallies = await raceAttack(server, attack, raceReads);
    const special = cliAvailable() ? await attackSpecialFiles() : [];
    const outsideChanged = treeFingerprint(attack.outside) !== outsideBefore;
    const gitChanged = fs.readFileSync(path.join(attack.root, ".git", "config"), "utf8") !== gitBefore;
    const all = [...argumentTallies.values(), ...raceTallies.values()];
    const lines = [
      "# Attack run",
      "",
      `${new Date().toISOString()} · node ${process.version} · race reads ${raceReads} per call kind`,
      "",
      `**Total: ${all.reduce((sum, tally) => sum + tally.calls, 0)} calls, ${all.reduce((sum, tally) => sum + tally.escapes, 0)} escapes, ` +
        `files outside the root changed: ${outsideChanged ? "**yes**" : "no"}, git config changed: ${gitChanged ? "**yes**" : "no"}, ` +
        `special files damaged: ${special.filter((outcome) => outcome.damaged).length} of ${special.length}, hangs: ${special.filter((outcome) => outcome.hung).length}**`,
      "",
      "## Hostile arguments (every path and symbol input of every tool, and `root`)",
      "",
      "| tool | calls | escapes | thrown | examples |",
      "|---|---|---|---|---|",
      ...tallyRows(argumentTallies),
      "",
      "## A file swapped for a link out of the root while it is read",
      "",
      "| call | calls | escapes | thrown | examples |",
      "|---|---|---|---|---|",
      ...tallyRows(raceTallies),
      "",
      "## Special files as --db and --out",
      "",
      cliAvailable()
        ? "| case | exit | special file | hang | note |\n|---|---|---|---|---|"
        : "dist/cli.js is missing: run `npm run build` for this part.",
      ...specialRows(special),
    ];
    process.stdout.write(`${lines.join("\n")}\n`);
  } finally {
    await server.close();
    removeTempDirs();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
