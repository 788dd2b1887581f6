import fs from "node:fs";
import path from "node:path";

/**
 * The two test projects of vitest.config.ts. A test file is an integration test when it starts something: a
 * process or a thread (node:child_process, node:worker_threads, `dist/cli.js`), an index run (the indexer, a
 * TypeScript 7 session), the MCP server or the daemon, directly or through a test-support module that does
 * (below). Every other test file is a unit test: `npm run test:unit` runs those alone, as a quick inner loop.
 * Decided from each file's imports, so a new test lands in the right project without a list to keep.
 */

/** test-support modules that index, start processes or serve (fixtures.ts indexes sample projects, git-*.ts run git). */
const STARTING_SUPPORT = new Set([
  "fixtures",
  "git-history",
  "git-repository",
  "kept-indexer",
  "mcp",
  "rename-run",
  "incremental",
  "tool-golden",
  "dispatch-sample",
]);

const STARTING_MODULES: readonly RegExp[] = [
  /^node:(child_process|worker_threads)$/,
  /(^|\/)ingestion\/run\/(indexer|extraction-engine|parallel-extraction)\.js$/,
  /(^|\/)engine\/ts7\/ts7-session\.js$/,
  /(^|\/)mcp\/server\.js$/,
  /(^|\/)daemon\//,
];

function importsOf(text: string): string[] {
  return [...text.matchAll(/^(?:import|export)\s(?!type\s)[^;]*?\sfrom\s+["']([^"']+)["']/gm)].map(
    (match) => match[1] ?? "",
  );
}

/** Why a test file's text makes it an integration test (the first reason), or undefined for a unit test. */
export function integrationReason(text: string): string | undefined {
  for (const specifier of importsOf(text)) {
    const support = /(?:^|\/)test-support\/([\w-]+)\.js$/.exec(specifier)?.[1];
    if (support !== undefined && STARTING_SUPPORT.has(support)) return `imports test-support/${support}`;
    if (STARTING_MODULES.some((pattern) => pattern.test(specifier))) return `imports ${specifier}`;
  }
  return /\bdist\/cli\.js\b/.test(text) ? "runs dist/cli.js" : undefined;
}

function testFilesUnder(folder: string): string[] {
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".test.ts") && !file.split(path.sep).includes("node_modules"))
    .map((file) => path.join(folder, file));
}

/** The test files under `root`'s src/ and bench/, split into the two projects (paths relative to root, '/'-separated). */
export function testProjects(root: string): { readonly unit: string[]; readonly integration: string[] } {
  const unit: string[] = [];
  const integration: string[] = [];
  for (const file of [...testFilesUnder(path.join(root, "src")), ...testFilesUnder(path.join(root, "bench"))].sort()) {
    const relative = path.relative(root, file).split(path.sep).join("/");
    (integrationReason(fs.readFileSync(file, "utf8")) === undefined ? unit : integration).push(relative);
  }
  return { unit, integration };
}
