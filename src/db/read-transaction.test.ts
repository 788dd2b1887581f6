import Database from "better-sqlite3";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeTempDir, removeTempDirs } from "../test-support/fixtures.js";
import { readConsistently } from "./read-transaction.js";

afterAll(removeTempDirs);

describe(readConsistently.name, () => {
  const dbPath = path.join(makeTempDir("ts-graph-read-transaction-"), "graph.db");
  const writer = new Database(dbPath);
  writer.pragma("journal_mode = WAL");
  writer.exec("CREATE TABLE nodes (key TEXT); INSERT INTO nodes VALUES ('a')");
  const reader = new Database(dbPath, { readonly: true });
  const count = (): number => reader.prepare("SELECT count(*) FROM nodes").pluck().get() as number;
  const commitAnother = (): void => {
    writer.exec("INSERT INTO nodes VALUES ('b')");
  };

  it("answers every statement from the graph committed when the first one ran, though a writer commits in between", () => {
    writer.exec("DELETE FROM nodes WHERE key <> 'a'");
    const counts = readConsistently(reader, () => {
      const first = count();
      commitAnother();
      return [first, count()];
    });
    expect(counts).toEqual([1, 1]);
    expect(count()).toBe(2);
  });

  it("without it, the second statement sees the writer's commit (what the answers must not mix)", () => {
    writer.exec("DELETE FROM nodes WHERE key <> 'a'");
    const first = count();
    commitAnother();
    expect([first, count()]).toEqual([1, 2]);
  });
});
