import { describe, expect, it } from "vitest";
import { memoryGraph } from "../../test-support/memory-graph.js";
import { requireSymbol } from "./symbol-address.js";
import { answerFromOneGraph } from "./symbol-input.js";
import type { ToolContext } from "../tool-contract.js";
import { ToolInputError } from "../tool-errors.js";

describe(answerFromOneGraph.name, () => {
  const graph = () => memoryGraph([{ key: "src/cart.ts:Cart", kind: "Class" }, { key: "src/view.ts:render" }]);

  it("answers while the resolved declarations are still in the graph", () => {
    const db = graph();
    const cart = requireSymbol(db, { symbol: "Cart" });
    expect(answerFromOneGraph({ db } as ToolContext, [cart], () => "answer")).toBe("answer");
  });

  it("says so when an index run removed a resolved declaration before the answer was read", () => {
    const db = graph();
    const cart = requireSymbol(db, { symbol: "Cart" });
    db.prepare("DELETE FROM nodes WHERE key = ?").run(cart.key);
    expect(() => answerFromOneGraph({ db } as ToolContext, [cart], () => "answer")).toThrow(ToolInputError);
    expect(() => answerFromOneGraph({ db } as ToolContext, [cart], () => "answer")).toThrow(
      /left the graph while answering/,
    );
  });
});
