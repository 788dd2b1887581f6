import { describe, expect, it } from "vitest";
import { NAME_PATTERN_TESTS } from "../workspace/test-files.js";

const { isTest } = NAME_PATTERN_TESTS;
import { memoryGraph, type EdgeSpec, type NodeSpec } from "../../test-support/memory-graph.js";
import { present } from "../answer/query-output.js";
import { requireSymbol } from "../inputs/symbol-address.js";
import { countTokens } from "../answer/token-count.js";
import { callsAnswer, type CallsStructured } from "./format.js";
import { queryCalls } from "./query.js";
import { callsSummary, callsWithin } from "./summary.js";
import { z } from "../../vendor/zod.js";
import { callersTool } from "./handler.js";

/** `log` is called by 240 functions: 160 in `src/server/`, 40 in `src/cli/`, 40 in tests under `src/server/`. */
function popularFunction() {
  const nodes: NodeSpec[] = [{ key: "src/log.ts:log", start: 1, end: 3 }];
  const edges: EdgeSpec[] = [];
  const place = (index: number): string =>
    index < 160
      ? `src/server/handler${index}.ts`
      : index < 200
        ? `src/cli/command${index}.ts`
        : `src/server/handler${index}.test.ts`;
  for (let index = 0; index < 240; index++) {
    const key = `${place(index)}:caller${index}`;
    nodes.push({ key, start: 5, end: 12 });
    edges.push(["CALLS", key, "src/log.ts:log", [7, 9]]);
  }
  return memoryGraph(nodes, edges);
}

const db = popularFunction();
const result = queryCalls(db, requireSymbol(db, { symbol: "log" }), {
  direction: "in",
  depth: 3,
  dispatch: "up",
  tests: "include",
  isTest,
});
const keys = (structured: CallsStructured): string[] =>
  [...structured.entries, ...structured.testEntries].map((entry) => entry.key);

describe("a cut callers answer", () => {
  it("lists the same callers in text, json and toon", () => {
    const options = { maxNodes: 100, maxTokens: 4000 } as const;
    const text = present(callsAnswer(result), { format: "text", ...options });
    const json = present(callsAnswer(result), { format: "json", ...options });
    const toon = present(callsAnswer(result), { format: "toon", ...options });
    expect(keys(text.structured as CallsStructured)).toHaveLength(100);
    expect(keys(JSON.parse(json.text) as CallsStructured)).toEqual(keys(text.structured as CallsStructured));
    expect(toon.structured).toEqual(text.structured);
  });

  it("with the tool's default budget, lists all 240 callers, past the first ones by name only, the same in json", () => {
    const defaults = z.object(callersTool.inputShape).parse({ symbol: "log" });
    const text = present(callsAnswer(result), { ...defaults, format: "text" });
    const json = present(callsAnswer(result), { ...defaults, format: "json" });
    const shown = keys(text.structured as CallsStructured);
    expect(shown).toHaveLength(240);
    expect((text.structured as CallsStructured).truncated).toBeNull();
    expect(countTokens(text.text)).toBeLessThanOrEqual(defaults.maxTokens);
    expect(text.text).toMatch(/\n {4}caller\d+ 5-12 {2}calls @7,9\n/);
    expect(text.text).toMatch(/\n {2}src\/server\/handler\d+\.test\.ts\n {4}caller\d+\n/);
    expect(text.text.split("\n")[2]).toMatch(
      /^the first \d+ with their lines and the step that reaches them; the other \d+ by name only$/,
    );
    expect(keys(JSON.parse(json.text) as CallsStructured)).toEqual(shown);
  });

  it("counts the callers per folder, shows the first of each, and says what to ask next", () => {
    const answer = present(callsAnswer(result), { format: "text", maxNodes: 100, maxTokens: 600 });
    expect(countTokens(answer.text)).toBeLessThanOrEqual(600);
    const lines = answer.text.split("\n");
    expect(lines[1]).toMatch(/^200 callers \+ 40 in tests in 240 files; \d+ of 240 shown, the first of each folder$/);
    expect(lines[2]).toBe("by folder: src/server/ 200 · src/cli/ 40");
    const shown = keys(answer.structured as CallsStructured);
    expect(shown.some((key) => key.startsWith("src/cli/"))).toBe(true);
    expect(lines.at(-1)).toBe(
      `[cut: ${shown.length} of 240 callers shown (maxTokens reached). To narrow: callers src/log.ts:log --in src/server (200) · ` +
        "callers src/log.ts:log --tests exclude (200) · or raise --max-nodes / --max-tokens]",
    );
  });

  it("keeps the narrowing of the question asked when it suggests a narrower one", () => {
    const cli = callsWithin(result, "src/cli");
    expect(cli.entries).toHaveLength(40);
    expect(cli.testEntries).toHaveLength(0);
    expect(cli.files).toBe(40);
    const server = callsWithin(result, "src/server");
    expect(callsSummary(server, "src/server").summary.next).toEqual([
      {
        ask: "callers src/log.ts:log --tests exclude --in src/server",
        input: { symbol: "src/log.ts:log", tests: "exclude", in: "src/server" },
        entries: 160,
      },
    ]);
  });
});
