import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CliToolContext } from "../../cli/cli-tool-context.js";
import { writeDiSample } from "../../test-support/di-sample.js";
import { makeTempDir, removeTempDirs } from "../../test-support/fixtures.js";
import { openIndexedContext, runTool } from "../../test-support/tool-harness.js";
import { impactTool } from "../impact/handler.js";
import type { ReachEntry } from "../answer/reach-report.js";
import type { CallsStructured } from "./format.js";
import { calleesTool, callersTool } from "./handler.js";

/**
 * Decorator-and-DI code names classes as values far more often than it calls them: a class in `providers`,
 * as `provide:` and `useClass:`, after `instanceof`, in an `@Inject(() => …)` thunk; a function is passed as a
 * callback. None of those is a call: `callers` and `callees` list them apart, as value uses, and do not walk
 * through them; `impact` still reaches them.
 */
let context: CliToolContext;

beforeAll(async () => {
  const root = makeTempDir();
  writeDiSample(root);
  context = await openIndexedContext(root);
});

afterAll(() => {
  context.close();
  removeTempDirs();
});

const ask = async (tool: typeof callersTool, input: Record<string, unknown>): Promise<CallsStructured> =>
  (await runTool(tool, { ...input, format: "json" }, context)).structured as CallsStructured;

/** `name depth: edge @lines` for each entry's links. */
const described = (entries: readonly ReachEntry[]): string[] =>
  entries.map(
    (entry) =>
      `${entry.name} ${entry.depth}: ${entry.links.map((link) => `${link.edge} @${link.sites.join(",")}`).join("; ")}`,
  );

describe("callers of a class used as a DI token", () => {
  it("lists only the `new`, and the providers, the token, `instanceof` and the thunk apart as value uses", async () => {
    const answer = await ask(callersTool, { symbol: "src/tokens.ts:Logger" });
    expect(described(answer.entries)).toEqual(["main 1: INSTANTIATES @24"]);
    expect(answer.total).toBe(1);
    // `providers: [Logger]` and `provide: Logger` (in the class decorator, evaluated by the module), the
    // `@Inject(() => Logger)` thunk (the constructor's parameter), `instanceof Logger`; and at depth 2 the array
    // that holds `main`, a caller.
    expect(described(answer.values)).toEqual([
      "src/app.ts 1: REFERENCES @16,16",
      "Service.constructor 1: REFERENCES @8",
      "isLogger 1: REFERENCES @20",
      "commands 2: REFERENCES @29",
    ]);
    expect(answer.totalValues).toBe(4);
  });

  it("says so in the text, under a heading of their own after the callers", async () => {
    const { text } = await runTool(callersTool, { symbol: "src/tokens.ts:Logger" }, context);
    expect(text).toBe(
      [
        "callers of Logger (Class, src/tokens.ts:1-5), depth ≤ 3, dispatch up",
        "1 caller in 1 file; 4 value uses apart (not calls)",
        "",
        "depth 1 (1)",
        "  src/app.ts",
        "    main 23-27  instantiates @24",
        "",
        "used as a value, not called (4): passed, stored or compared; not followed (impact follows them)",
        "depth 1 (3)",
        "  src/app.ts",
        "    <top level> 1-30  references @16×2",
        "    Service.constructor 8  references @8",
        "    isLogger 19-21  references @20",
        "depth 2 (1)",
        "  src/app.ts",
        "    commands 29  references main @29",
      ].join("\n"),
    );
  });

  it("cuts the value uses last, and counts them in the cut", async () => {
    const { text, structured } = await runTool(callersTool, { symbol: "src/tokens.ts:Logger", maxNodes: 2 }, context);
    expect((structured as CallsStructured).entries).toHaveLength(1);
    expect((structured as CallsStructured).values).toHaveLength(1);
    expect(text).toContain("used as a value, not called (1 of 4)");
    expect(text).toContain("[cut: 2 of 5 callers and value uses shown (maxNodes reached).");
  });
});

describe("a function passed as a callback", () => {
  it("is no call: its callers are the calls, and the function that passes it is a value use", async () => {
    const answer = await ask(callersTool, { symbol: "fmt", depth: 1 });
    expect(described(answer.entries)).toEqual(["main 1: CALLS @25"]);
    expect(described(answer.values)).toEqual(["Service.report 1: REFERENCES @12"]);
  });

  it("is no callee of the function that passes it, and the walk does not go on from it", async () => {
    const answer = await ask(calleesTool, { symbol: "Service.report" });
    expect(described(answer.entries)).toEqual(["Logger.log 1: CALLS @11"]);
    expect(described(answer.values)).toEqual(["fmt 1: REFERENCES @12"]);
  });
});

describe("impact of what is used as a value", () => {
  it("still reaches every value use, and what depends on them", async () => {
    const { text } = await runTool(impactTool, { symbol: "src/tokens.ts:Logger" }, context);
    expect(text).toContain("    <top level> 1-30  references @16×2");
    expect(text).toContain("    Service.constructor 8  references @8");
    expect(text).toContain("    isLogger 19-21  references @20");
    expect(text).toContain("    commands 29  references main @29");
    const fmt = await runTool(impactTool, { symbol: "fmt" }, context);
    expect(fmt.text).toContain("    Service.report 10-13  references @12");
  });
});
