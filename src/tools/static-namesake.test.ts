import { afterAll, describe, expect, it } from "vitest";
import { indexAndSnapshot, removeTempDirs } from "../test-support/fixtures.js";
import { writeProject } from "../test-support/incremental.js";
import { openIndexedContext, runTool } from "../test-support/tool-harness.js";
import { callersTool } from "./calls/handler.js";
import { impactTool } from "./impact/handler.js";

afterAll(removeTempDirs);

/** A static getter declared before its instance namesake; the instance getter is read three times, the static once. */
const GAUGE = `export class Gauge {
  static get level(): number { return 0; }
  get level(): number { return 1; }
  static set level(value: number) {}
}
export function total(a: Gauge, b: Gauge): number {
  return a.level + b.level + a.level;
}
export function reset(): number {
  Gauge.level = 0;
  return Gauge.level;
}
`;

async function answers(
  cases: readonly [tool: typeof impactTool | typeof callersTool, symbol: string][],
): Promise<string[]> {
  const root = writeProject({ "src/gauge.ts": GAUGE });
  await indexAndSnapshot(root);
  const context = await openIndexedContext(root);
  try {
    const texts: string[] = [];
    for (const [tool, symbol] of cases) texts.push((await runTool(tool, { symbol, alsoChanges: 0 }, context)).text);
    return texts;
  } finally {
    context.close();
  }
}

describe("a static member beside an instance namesake", () => {
  it("answers the instance getter for Class.member and its #get, with its three reads", async () => {
    const [impact, callers, getter] = await answers([
      [impactTool, "Gauge.level"],
      [callersTool, "Gauge.level#get"],
      [impactTool, "Gauge.level#get"],
    ]);
    expect(impact).toContain("impact of Gauge.level (Method, src/gauge.ts:3)");
    expect(impact).toContain("total 6-8  calls @7×3");
    expect(impact).not.toContain("reset");
    expect(callers).toContain("callers of Gauge.level (Method, getter, src/gauge.ts:3)");
    expect(callers).toContain("total 6-8  reads @7×3");
    expect(getter).toContain("impact of Gauge.level (Method, src/gauge.ts:3)");
  });

  it("answers the static member, and each of its accessors, under #static", async () => {
    const [impact, setter] = await answers([
      [impactTool, "Gauge.level#static"],
      [callersTool, "Gauge.level#static#set"],
    ]);
    expect(impact).toContain("impact of Gauge.level#static (Method, src/gauge.ts:2)");
    expect(impact).toContain("reset 9-12  calls @11");
    expect(impact).not.toContain("total");
    expect(setter).toContain("callers of Gauge.level#static#set (Method, setter, src/gauge.ts:4)");
    expect(setter).toContain("reset 9-12  writes @10");
  });
});
