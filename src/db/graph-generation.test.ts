import Database from "better-sqlite3";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeTempDir, removeTempDirs } from "../test-support/fixtures.js";
import { graphGeneration, perGraphGeneration } from "./graph-generation.js";
import { readConsistently } from "./read-transaction.js";

afterAll(removeTempDirs);

function openPair(): { writer: Database.Database; reader: Database.Database } {
  const dbPath = path.join(makeTempDir("ts-graph-generation-"), "graph.db");
  const writer = new Database(dbPath);
  writer.pragma("journal_mode = WAL");
  writer.exec("CREATE TABLE nodes (key TEXT); INSERT INTO nodes VALUES ('a')");
  return { writer, reader: new Database(dbPath) };
}

describe(perGraphGeneration.name, () => {
  it("derives again after another connection commits, and only then", () => {
    const { writer, reader } = openPair();
    let derivations = 0;
    const keys = perGraphGeneration((db) => {
      derivations += 1;
      return db.prepare("SELECT key FROM nodes ORDER BY key").pluck().all();
    });
    expect(keys(reader)).toEqual(["a"]);
    expect(keys(reader)).toEqual(["a"]);
    expect(derivations).toBe(1);
    writer.exec("INSERT INTO nodes VALUES ('b')");
    expect(keys(reader)).toEqual(["a", "b"]);
    expect(derivations).toBe(2);
  });

  it("derives again after the same connection writes (which SQLite's data_version does not count)", () => {
    const { reader } = openPair();
    const count = perGraphGeneration((db) => db.prepare("SELECT count(*) FROM nodes").pluck().get());
    expect(count(reader)).toBe(1);
    reader.exec("INSERT INTO nodes VALUES ('c')");
    expect(count(reader)).toBe(2);
  });
});

describe(graphGeneration.name, () => {
  it("stays that of the read transaction's snapshot while another connection commits", () => {
    const { writer, reader } = openPair();
    const [inside, stillInside] = readConsistently(reader, () => {
      const first = graphGeneration(reader);
      writer.exec("INSERT INTO nodes VALUES ('b')");
      return [first, graphGeneration(reader)];
    });
    expect(stillInside).toBe(inside);
    expect(graphGeneration(reader)).not.toBe(inside);
  });
});
