import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CliToolContext } from "../../cli/cli-tool-context.js";
import { makeTempDir, removeTempDirs } from "../../test-support/fixtures.js";
import { openIndexedContext, runTool } from "../../test-support/tool-harness.js";
import type { PathsStructured } from "./format.js";
import { pathsTool } from "./handler.js";

/**
 * Two value uses that read like calls: a class property holding a method (`step = this.multipleOf`, run by
 * every `new`), and a constructor storing the function it is given over an overridable method
 * (`this._subscribe = subscribe`). Neither calls what it names: paths walks calls only, and takes such a
 * step only when asked (`values: include`), marked as a value use.
 */
const FILES: Record<string, string> = {
  "src/num.ts": [
    "export class Num {",
    "  constructor(private readonly checks: readonly string[]) {}",
    "  gte(value: number): Num {",
    "    return this.setLimit(`gte ${value}`);",
    "  }",
    "  setLimit(check: string): Num {",
    "    return new Num([...this.checks, check]);",
    "  }",
    "  multipleOf(value: number): Num {",
    "    return this.addCheck(`multipleOf ${value}`);",
    "  }",
    "  addCheck(check: string): Num {",
    "    return new Num([check]);",
    "  }",
    "  step = this.multipleOf;",
    "}",
    "",
  ].join("\n"),
  "src/source.ts": [
    "export interface Sink {",
    "  next(value: number): void;",
    "}",
    "export function notify(sink: Sink, value: number): void {",
    "  sink.next(value);",
    "}",
    "export class Source {",
    "  constructor(subscribe?: (sink: Sink) => void) {",
    "    if (subscribe) this._subscribe = subscribe;",
    "  }",
    "  _subscribe(sink: Sink): void {",
    "    sink.next(0);",
    "  }",
    "}",
    "export class Replay extends Source {",
    "  override _subscribe(sink: Sink): void {",
    "    notify(sink, 1);",
    "  }",
    "}",
    "export function fromList(items: readonly number[]): Source {",
    "  return new Source((sink) => {",
    "    for (const item of items) sink.next(item);",
    "  });",
    "}",
    "",
  ].join("\n"),
};

let context: CliToolContext;

beforeAll(async () => {
  const root = makeTempDir();
  for (const [relative, text] of Object.entries(FILES)) {
    fs.mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
    fs.writeFileSync(path.join(root, relative), text);
  }
  context = await openIndexedContext(root);
});

afterAll(() => {
  context.close();
  removeTempDirs();
});

async function paths(input: Record<string, unknown>): Promise<{ structured: PathsStructured; text: string }> {
  const result = await runTool(pathsTool, input, context);
  return { structured: result.structured as PathsStructured, text: result.text };
}

/** Each path as `name (edge) → …`. */
const described = (structured: PathsStructured): string[] =>
  structured.paths.map((entry) =>
    entry.steps.map((step) => (step.edge === null ? step.name : `${step.name} (${step.edge})`)).join(" → "),
  );

describe("paths walk calls, not value uses", () => {
  it("does not go from `new Num` through the property `step = this.multipleOf` into multipleOf", async () => {
    const { structured, text } = await paths({ from: "Num.gte", to: "src/num.ts:Num" });
    expect(described(structured)).toEqual(["Num.gte → Num.setLimit (CALLS) → Num (INSTANTIATES)"]);
    expect(structured.totalOthers).toBe(0);
    expect(text).not.toContain("multipleOf");
    // what a value use would add is a count, and how to see it
    expect(structured.withValues).toEqual({ shortest: null, declarations: 3 });
    expect(text).toContain(
      "\nThrough value uses (functions passed or stored, not called there), 3 more declarations lie on chains of ≤ 6 steps: ask again with values include.",
    );
  });

  it("does not go from a constructor storing a function into the overrides of the method it replaces", async () => {
    const { structured, text } = await paths({ from: "fromList", to: "notify" });
    expect(structured.paths).toEqual([]);
    expect(structured.withValues).toEqual({ shortest: 3, declarations: 2 });
    expect(text).toContain(
      "no call path within 6 steps.\nThrough a value use (a function passed or stored, not called there) there is a path of 3 steps: ask again with values include.",
    );
  });

  it("with values include, takes value uses after the paths of calls and says which step is one", async () => {
    const number = await paths({ from: "Num.gte", to: "src/num.ts:Num", values: "include" });
    expect(described(number.structured)).toEqual([
      "Num.gte → Num.setLimit (CALLS) → Num (INSTANTIATES)",
      "Num.gte → Num.setLimit (CALLS) → Num.step (INSTANTIATES) → Num.multipleOf (REFERENCES) → Num.addCheck (CALLS) → Num (INSTANTIATES)",
    ]);
    expect(number.structured.paths.map((entry) => entry.valueSteps)).toEqual([0, 1]);
    expect(number.structured.throughValues).toBe(1);
    expect(number.text).toContain("2 paths, 1 through a value use, shortest 2 steps\n");
    expect(number.text).toContain("path 2 (5 steps, 1 value use)\n");
    expect(number.text).toContain("Num.multipleOf 9-11  ← used as a value, not called @15\n");

    const source = await paths({ from: "fromList", to: "notify", values: "include" });
    expect(described(source.structured)).toEqual([
      "fromList → Source.constructor (INSTANTIATES) → Replay._subscribe (REFERENCES) → notify (CALLS)",
    ]);
    expect(source.text).toContain(
      "Replay._subscribe 16-18  ← used as a value, not called @9 via Source._subscribe (dispatch)",
    );
  });
});
