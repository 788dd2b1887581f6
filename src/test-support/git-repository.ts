import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { makeTempDir } from "./fixtures.js";

/** A temporary git repository: its root, the first commit (base) and the last (head, on `main`). */
export interface DiffRepository {
  readonly root: string;
  readonly base: string;
  readonly head: string;
}

export function git(root: string, ...args: string[]): string {
  const result = spawnSync("git", args, { cwd: root, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr}`);
  return result.stdout.trim();
}

function write(root: string, file: string, text: string): void {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
}

/** A repository whose commits after `base` change a parameter type, add a caller, move a function and delete an export. */
export function makeDiffRepository(): DiffRepository {
  const root = makeTempDir("ts-graph-diff-repo-");
  git(root, "init", "-q", "-b", "main");
  git(root, "config", "user.email", "test@example.com");
  git(root, "config", "user.name", "test");
  write(
    root,
    "tsconfig.json",
    JSON.stringify({
      compilerOptions: { strict: true, target: "ES2022", module: "ESNext", moduleResolution: "Bundler", types: [] },
      include: ["src", "test"],
    }),
  );
  write(
    root,
    "src/format.ts",
    "export function formatPrice(cents: number): string {\n  return `$${(cents / 100).toFixed(2)}`;\n}\n\nexport function shout(text: string): string {\n  return text.toUpperCase();\n}\n\nexport function legacyTotal(items: readonly number[]): number {\n  return items.reduce((sum, item) => sum + item, 0);\n}\n",
  );
  write(
    root,
    "src/cart.ts",
    'import { formatPrice } from "./format";\n\nexport function describeCart(items: readonly number[]): string {\n  return formatPrice(items.length);\n}\n',
  );
  write(
    root,
    "test/cart.test.ts",
    'import { describeCart } from "../src/cart";\n\nexport function testDescribeCart(): boolean {\n  return describeCart([1, 2]) === "$0.02";\n}\n',
  );
  git(root, "add", "-A");
  git(root, "commit", "-qm", "base");
  const base = git(root, "rev-parse", "HEAD");
  // 1. An exported function's parameter type changes (narrowed: number → bigint).
  write(
    root,
    "src/format.ts",
    "export function formatPrice(cents: bigint): string {\n  return `$${(Number(cents) / 100).toFixed(2)}`;\n}\n\nexport function shout(text: string): string {\n  return text.toUpperCase();\n}\n\nexport function legacyTotal(items: readonly number[]): number {\n  return items.reduce((sum, item) => sum + item, 0);\n}\n",
  );
  write(
    root,
    "src/cart.ts",
    'import { formatPrice } from "./format";\n\nexport function describeCart(items: readonly number[]): string {\n  return formatPrice(BigInt(items.length));\n}\n',
  );
  git(root, "commit", "-qam", "formatPrice takes bigint");
  // 2. A caller is added.
  write(
    root,
    "src/cart.ts",
    'import { formatPrice, shout } from "./format";\n\nexport function describeCart(items: readonly number[]): string {\n  return shout(formatPrice(BigInt(items.length)));\n}\n',
  );
  git(root, "commit", "-qam", "describeCart shouts");
  // 3. A function moves to another file (lines of the others move too).
  write(
    root,
    "src/format.ts",
    "export function formatPrice(cents: bigint): string {\n  return `$${(Number(cents) / 100).toFixed(2)}`;\n}\n\nexport function legacyTotal(items: readonly number[]): number {\n  return items.reduce((sum, item) => sum + item, 0);\n}\n",
  );
  write(root, "src/text.ts", "export function shout(text: string): string {\n  return text.toUpperCase();\n}\n");
  write(
    root,
    "src/cart.ts",
    'import { formatPrice } from "./format";\nimport { shout } from "./text";\n\nexport function describeCart(items: readonly number[]): string {\n  return shout(formatPrice(BigInt(items.length)));\n}\n',
  );
  git(root, "add", "-A");
  git(root, "commit", "-qm", "shout moves to text.ts");
  // 4. An export is deleted.
  write(
    root,
    "src/format.ts",
    "export function formatPrice(cents: bigint): string {\n  return `$${(Number(cents) / 100).toFixed(2)}`;\n}\n",
  );
  git(root, "commit", "-qam", "legacyTotal goes");
  return { root, base, head: git(root, "rev-parse", "HEAD") };
}
