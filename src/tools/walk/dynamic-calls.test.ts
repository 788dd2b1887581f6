import { describe, expect, it } from "vitest";
import { declarationKey } from "../../model/node-key.js";
import { memoryGraph } from "../../test-support/memory-graph.js";
import { dynamicCallSitesOf } from "./dynamic-calls.js";

const compose = declarationKey("src/compose.ts", "compose");
const dispatch = declarationKey("src/compose.ts", "dispatch");
const other = declarationKey("src/other.ts", "other");

function graphWithDynamicCalls() {
  const db = memoryGraph([{ key: compose }, { key: dispatch }, { key: other }]);
  const insert = db.prepare("INSERT INTO dynamic_calls (file, source, line, expression) VALUES (?, ?, ?, ?)");
  insert.run("src/compose.ts", dispatch, 12, "handler");
  insert.run("src/compose.ts", dispatch, 4, "middleware[i]");
  insert.run("src/compose.ts", compose, 20, "make()");
  insert.run("src/other.ts", other, 3, "callback");
  return db;
}

describe("dynamicCallSitesOf", () => {
  it("lists the dynamic call sites of the given nodes only, by source then line", () => {
    expect(dynamicCallSitesOf(graphWithDynamicCalls(), [dispatch, compose])).toEqual([
      { source: compose, line: 20, expression: "make()" },
      { source: dispatch, line: 4, expression: "middleware[i]" },
      { source: dispatch, line: 12, expression: "handler" },
    ]);
  });

  it("answers nothing for no sources or sources without dynamic calls", () => {
    const db = graphWithDynamicCalls();
    expect(dynamicCallSitesOf(db, [])).toEqual([]);
    expect(dynamicCallSitesOf(db, [declarationKey("src/compose.ts", "missing")])).toEqual([]);
  });
});
