import { describe, expect, it } from "vitest";
import { copySampleProject, indexAndSnapshot, removeTempDirs } from "../test-support/fixtures.js";
import { afterAll } from "vitest";
import { loadSnapshot, SnapshotFormatError } from "./snapshot-load.js";
import { readSnapshot } from "./snapshot.js";

afterAll(removeTempDirs);

describe(loadSnapshot.name, () => {
  it("loads a snapshot into a graph whose own snapshot is the same text, body hashes and call receivers included", async () => {
    const { snapshot } = await indexAndSnapshot(copySampleProject("web-app"));
    expect(snapshot).toContain('"body":"');
    expect(snapshot).toContain('"receivers":["frontend/store/cart.ts:Cart"]');
    const db = loadSnapshot(snapshot, "web-app.jsonl");
    expect(readSnapshot(db)).toBe(snapshot);
    const parent = db
      .prepare("SELECT parent_key AS parent FROM nodes WHERE key = ?")
      .get("backend/http/router.ts:HttpRequest.body") as {
      parent: string;
    };
    expect(parent.parent).toBe("backend/http/router.ts:HttpRequest");
  });

  it("refuses a text that is not a snapshot, and a snapshot of another format version, saying what to do", () => {
    expect(() => loadSnapshot("hello\n", "notes.txt")).toThrow(SnapshotFormatError);
    expect(() => loadSnapshot('{"format":"ts-graph-snapshot","version":1,"nodes":0}\n', "old.jsonl")).toThrow(
      /format version 1.*same ts-graph/,
    );
    expect(() =>
      loadSnapshot('{"format":"ts-graph-snapshot","version":7,"nodes":1}\n{"node":"a.ts"\n', "cut.jsonl"),
    ).toThrow(/cut\.jsonl, line 2, is not a JSON object/);
  });
});
