import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readSnapshot } from "../db/snapshot.js";
import { openIndexer } from "../ingestion/run/indexer.js";
import { copySampleProject, makeTempDir, removeTempDirs } from "../test-support/fixtures.js";
import { startInProcessServer, textOf, type InProcessServer } from "../test-support/mcp.js";

/**
 * Issue 19: nothing from outside a root reaches an answer. The root links out of itself (a folder, a file),
 * into itself (a second path to a file), and in a loop; a file inside imports through the outside link.
 */

/**
 * Names, literal values, signatures and doc text that exist only outside the root (the file inside names
 * SECRET_OUTSIDE and outsideHelper, which find must not find declared anywhere).
 */
const OUTSIDE_WORDS = [
  "top-secret-123",
  "SECRET_FILE",
  "file-secret-456",
  "n: number",
  "Outside doc comment",
  "secret.ts",
  "file-secret.ts",
];

let root: string;
let outside: string;
let server: InProcessServer;

function makeRoot(): void {
  root = copySampleProject("web-app");
  outside = path.join(makeTempDir("ts-graph-outside-"), "OUT");
  fs.mkdirSync(outside);
  fs.writeFileSync(
    path.join(outside, "secret.ts"),
    'export const SECRET_OUTSIDE = "top-secret-123";\n/** Outside doc comment. */\nexport function outsideHelper(n: number): number {\n  return n + 1;\n}\n',
  );
  fs.writeFileSync(path.join(outside, "file-secret.ts"), 'export const SECRET_FILE = "file-secret-456";\n');
  const shared = path.join(root, "shared");
  fs.symlinkSync(outside, path.join(shared, "outside-link"));
  fs.symlinkSync(path.join(outside, "file-secret.ts"), path.join(shared, "linked-file.ts"));
  fs.symlinkSync(".", path.join(shared, "loop"));
  fs.symlinkSync("self", path.join(shared, "self"));
  fs.symlinkSync(path.join(root, "backend"), path.join(shared, "backend-alias"));
  fs.writeFileSync(
    path.join(shared, "uses-outside.ts"),
    'import { outsideHelper, SECRET_OUTSIDE } from "./outside-link/secret";\n' +
      "export function useOutside(): number {\n  return outsideHelper(SECRET_OUTSIDE.length);\n}\n",
  );
}

function answerText(result: CallToolResult): string {
  return `${textOf(result)}\n${JSON.stringify(result.structuredContent ?? {})}`;
}

/** The answer without the call's own string arguments, which an answer may echo ("No symbol matches …"). */
function withoutEchoOf(args: Record<string, unknown>, answer: string): string {
  const echoed = Object.values(args).filter((value): value is string => typeof value === "string");
  return echoed.reduce(
    (text, value) => text.replaceAll(JSON.stringify(value).slice(1, -1), "").replaceAll(value, ""),
    answer,
  );
}

function expectNothingFromOutside(answer: string): void {
  for (const word of OUTSIDE_WORDS) expect(answer, `an answer names ${word}`).not.toContain(word);
  expect(answer).not.toContain(outside);
}

beforeAll(async () => {
  makeRoot();
  server = await startInProcessServer({ roots: [root] });
});

afterAll(async () => {
  await server.close();
  removeTempDirs();
});

describe("a root that links outside itself, to itself and in a loop", () => {
  it("indexes nothing from outside, each file once under its real path, and says what it skipped", async () => {
    const status = await server.call("status");
    expectNothingFromOutside(answerText(status));
    expect(textOf(status)).toContain(
      "skipped  3 files whose real path is outside the root; 2 symbolic links leading outside the root (shared/linked-file.ts, shared/outside-link); " +
        "2 symbolic link loops (shared/loop, shared/self)",
    );
    const snapshot = readSnapshot(openIndexer({ root }).db);
    expectNothingFromOutside(snapshot);
    expect(snapshot).not.toContain("backend-alias");
    expect(snapshot).toContain('"shared/uses-outside.ts:useOutside"');
    expect(server.logs.join("\n")).not.toMatch(/ELOOP|update failed/);
  });

  it("answers find, zoom, list and search without a name, signature or text from outside", async () => {
    const calls: [string, Record<string, unknown>][] = [
      ["find", { name: "SECRET_OUTSIDE" }],
      ["find", { name: "SECRET_FILE" }],
      ["find", { name: "outside" }],
      ["find", { name: "oH" }],
      ["zoom", { path: "shared" }],
      ["zoom", { path: "shared", level: 1 }],
      ["zoom", { path: "shared/uses-outside.ts", level: 1 }],
      ["zoom", { path: "." }],
      ["list", { path: "shared" }],
      ["list", { path: ".", recursive: true }],
      ["search", { pattern: "secret" }],
      ["search", { pattern: "SECRET_FILE|top-secret|file-secret|Outside doc" }],
    ];
    for (const [tool, args] of calls)
      expectNothingFromOutside(withoutEchoOf(args, answerText(await server.call(tool, args))));
    for (const name of ["SECRET_OUTSIDE", "outsideHelper"]) {
      expect((await server.call("find", { name })).structuredContent).toMatchObject({ total: 0 });
    }
    // list shows no link that leads outside, loops or dangles (not even its size); a link that stays inside, yes.
    const listed = textOf(await server.call("list", { path: "shared" }));
    for (const link of ["outside-link", "linked-file.ts", "loop/", "self"]) expect(listed).not.toContain(link);
    expect(listed).toContain("backend-alias/");
    // The importing file inside the root names SECRET_OUTSIDE; that is all a search finds.
    const searched = (await server.call("search", { pattern: "SECRET_OUTSIDE" })).structuredContent as {
      matches: { file: string }[];
    };
    expect([...new Set(searched.matches.map((match) => match.file))]).toEqual(["shared/uses-outside.ts"]);
  });

  it("answers the query tools without a node from outside", async () => {
    const calls: [string, Record<string, unknown>][] = [
      ["callees", { symbol: "useOutside", depth: 3 }],
      ["impact", { symbol: "useOutside" }],
      ["callers", { symbol: "useOutside" }],
      ["deps", { target: "shared/uses-outside.ts" }],
      ["deps", { target: "shared" }],
      ["paths", { from: "useOutside", to: "useOutside" }],
    ];
    for (const [tool, args] of calls) expectNothingFromOutside(answerText(await server.call(tool, args)));
  });

  it("refuses the links that lead outside as paths", async () => {
    for (const target of ["shared/outside-link/secret.ts", "shared/linked-file.ts", "shared/outside-link"]) {
      const result = await server.call("zoom", { path: target, level: 2 });
      expect(result.isError).toBe(true);
      expectNothingFromOutside(withoutEchoOf({ target }, answerText(result)));
    }
  });
});
