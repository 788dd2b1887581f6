import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { makeTempDir } from "./fixtures.js";

/**
 * Small git repositories with known histories, for the co-change tests: every git command runs one day after
 * the one before (author and committer dates alike), so that recency and dates are the same on every run.
 */
const DAY = 86_400;
let clock = 1_700_000_000;

/** The unix time of the last git command run through `git`. */
export function lastCommitClock(): number {
  return clock;
}

export function git(cwd: string, args: readonly string[]): string {
  clock += DAY;
  const date = `${clock} +0000`;
  const env = {
    ...process.env,
    GIT_AUTHOR_NAME: "t",
    GIT_AUTHOR_EMAIL: "t@example.com",
    GIT_COMMITTER_NAME: "t",
    GIT_COMMITTER_EMAIL: "t@example.com",
    GIT_AUTHOR_DATE: date,
    GIT_COMMITTER_DATE: date,
  };
  return execFileSync("git", args, { cwd, env, encoding: "utf8" }).trim();
}

/** Writes (or, for null, deletes) the files and commits everything, with the message given or the files' names. */
export function commitFiles(
  repo: string,
  files: Readonly<Record<string, string | null>>,
  message = Object.keys(files).join(" "),
): void {
  for (const [file, text] of Object.entries(files)) {
    const full = path.join(repo, file);
    if (text === null) fs.rmSync(full);
    else {
      fs.mkdirSync(path.dirname(full), { recursive: true });
      fs.writeFileSync(full, text);
    }
  }
  git(repo, ["add", "-A"]);
  git(repo, ["commit", "--quiet", "--allow-empty", "-m", message]);
}

const handler = (version: number): string =>
  `import { parse } from "./parser";\nexport function handle(input: string): number {\n  return parse(input) + ${version};\n}\n`;
const parser = (version: number): string =>
  `export function parse(input: string): number {\n  return input.length * ${version};\n}\n`;
const schema = (version: number): string => `export const schema = { version: ${version} };\n`;

/**
 * A repository whose TypeScript project lives in app/: the handler calls the parser (a static path), and the
 * schema changes with the handler though nothing links them (hidden coupling). Four commits:
 * c1 adds tsconfig, parser, handler, schema; c2 handler + schema; c3 handler + parser + README.md; c4 handler + schema.
 */
export function handlerSchemaRepository(): { repo: string; root: string } {
  const repo = makeTempDir("ts-graph-cochange-");
  git(repo, ["init", "--quiet", "-b", "main"]);
  const root = path.join(repo, "app");
  commitFiles(repo, {
    "app/tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, types: [] }, include: ["src"] }),
    "app/src/parser.ts": parser(1),
    "app/src/handler.ts": handler(1),
    "app/src/schema.ts": schema(1),
  });
  commitFiles(repo, { "app/src/handler.ts": handler(2), "app/src/schema.ts": schema(2) });
  commitFiles(repo, { "app/src/handler.ts": handler(3), "app/src/parser.ts": parser(3), "README.md": "notes\n" });
  commitFiles(repo, { "app/src/handler.ts": handler(4), "app/src/schema.ts": schema(4) });
  return { repo, root };
}
