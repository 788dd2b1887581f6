import { describe, expect, it } from "vitest";
import { indexedDispatchSample } from "../test-support/dispatch-sample.js";
import { writeProject } from "../test-support/incremental.js";
import { openIndexedContext, runTool } from "../test-support/tool-harness.js";
import type { CallsStructured } from "./calls/format.js";
import { calleesTool, callersTool } from "./calls/handler.js";
import type { ImpactStructured } from "./impact/format.js";
import { impactTool } from "./impact/handler.js";
import type { PathsStructured } from "./paths/format.js";
import { pathsTool } from "./paths/handler.js";

const context = indexedDispatchSample();

async function calls(tool: typeof callersTool, input: Record<string, unknown>): Promise<CallsStructured> {
  return (await runTool(tool, input, context())).structured as CallsStructured;
}

const names = (structured: CallsStructured): string[] => structured.entries.map((entry) => entry.name);

/**
 * In the dispatch sample, Mid (abstract, extends Base) calls `this.query()`, and `viaMid(mid: Mid)` calls
 * `mid.query()`; Base.query is overridden by MidChild (below Mid) and by SiblingA (beside it).
 */
describe("dispatch from a receiver narrower than the member's class", () => {
  it("callees: a call through `this` or a parameter of the subclass reaches the overrides below it, not its siblings", async () => {
    const load = await calls(calleesTool, { symbol: "Mid.load", depth: 1 });
    expect(names(load)).toEqual(["Base.query", "MidChild.query"]);
    expect(load.entries.find((entry) => entry.name === "Base.query")?.dispatchesTo).toEqual([
      "src/store.ts:MidChild.query",
    ]);
    expect(names(await calls(calleesTool, { symbol: "viaMid", depth: 1 }))).toEqual(["Base.query", "MidChild.query"]);
  });

  it("callers: a sibling's override is not called by the subclass's calls, the override below it is", async () => {
    expect(names(await calls(callersTool, { symbol: "SiblingA.query", depth: 1 }))).toEqual(["Base.run"]);
    expect(names(await calls(callersTool, { symbol: "MidChild.query", depth: 1 }))).toEqual([
      "Base.run",
      "Mid.load",
      "viaMid",
    ]);
  });

  it("paths: no path runs a sibling's override", async () => {
    const result = await runTool(pathsTool, { from: "Mid.load", to: "driverCall" }, context());
    const structured = result.structured as PathsStructured;
    expect(structured.paths.map((path) => path.steps.map((step) => step.name).join(" → "))).toEqual([
      "Mid.load → MidChild.query → driverCall",
    ]);
  });

  it("impact: changing a sibling's override does not reach the subclass's callers", async () => {
    const result = await runTool(impactTool, { symbol: "SiblingA.query", depth: 2 }, context());
    const dependants = (result.structured as ImpactStructured).dependants.map((entry) => entry.name);
    expect(dependants).toContain("Base.run");
    expect(dependants).not.toContain("Mid.load");
    expect(dependants).not.toContain("viaMid");
  });

  it("the compiler's wider set (`dispatch: all`) still lists every override", async () => {
    const all = await calls(calleesTool, { symbol: "Mid.load", depth: 1, dispatch: "all" });
    expect(names(all)).toEqual(["Base.query", "SiblingA.query", "MidChild.query"]);
    expect(all.entries.find((entry) => entry.name === "Base.query")?.dispatchesTo).toEqual([
      "src/store.ts:MidChild.query",
      "src/store.ts:SiblingA.query",
    ]);
  });
});

/** MixedChild extends a mixin call: no EXTENDS edge says it is a Mid, yet it is one. */
const MIXIN = `export abstract class Base {
  abstract query(): string;
}
export abstract class Mid extends Base {
  load(): string {
    return this.query();
  }
}
type Constructor<T> = abstract new (...args: never[]) => T;
function Tagged<C extends Constructor<Mid>>(base: C) {
  abstract class Tagged extends base {
    tag = "t";
  }
  return Tagged;
}
export class MixedChild extends Tagged(Mid) {
  query(): string {
    return "mixed";
  }
}
export class Sibling extends Base {
  query(): string {
    return "sibling";
  }
}
`;

describe("dispatch from a receiver, when heritage is not all in the graph", () => {
  it("keeps an override whose class extends a mixin call, and still drops the sibling's", async () => {
    const mixed = await openIndexedContext(writeProject({ "src/mixin.ts": MIXIN }));
    try {
      const load = (await runTool(calleesTool, { symbol: "Mid.load", depth: 1 }, mixed)).structured as CallsStructured;
      expect(names(load)).toEqual(["Base.query", "MixedChild.query"]);
    } finally {
      mixed.close();
    }
  });
});
