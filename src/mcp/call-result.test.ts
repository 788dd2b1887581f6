import { describe, expect, it } from "vitest";
import { ToolInputError, ToolUnavailableError } from "../tools/tool-errors.js";
import { answerResult, failureResult, freshnessLine } from "./call-result.js";

const NOW = Date.parse("2026-01-01T12:00:00.000Z");

describe(freshnessLine.name, () => {
  it("says when the graph was indexed and that it is up to date", () => {
    expect(freshnessLine([{ root: "/r", indexedAt: "2026-01-01T11:59:58.000Z", pendingFiles: 0 }], NOW)).toBe(
      "[graph indexed 2026-01-01T11:59:58.000Z (2 s ago), up to date]",
    );
  });

  it("names what the answer may miss and the last failure, per root when there are several", () => {
    const line = freshnessLine(
      [
        { root: "/a", indexedAt: "2026-01-01T11:00:00.000Z", pendingFiles: 1 },
        { root: "/b", indexedAt: undefined, pendingFiles: 3, indexError: "cannot parse tsconfig.json" },
      ],
      NOW,
    );
    expect(line).toBe(
      "[graph /a: indexed 2026-01-01T11:00:00.000Z (60 min ago), 1 changed file is not re-indexed yet (this answer may miss them) | " +
        "/b: never indexed, 3 changed files are not re-indexed yet (this answer may miss them); last index failed: cannot parse tsconfig.json]",
    );
  });
});

describe(answerResult.name, () => {
  it("appends the freshness line to the text and a freshness field to the structured content", () => {
    const result = answerResult({ text: "answer", structured: { n: 1 } }, [
      { root: "/r", indexedAt: undefined, pendingFiles: 0 },
    ]);
    expect(result.content).toEqual([
      { type: "text", text: expect.stringMatching(/^answer\n\[graph never indexed, up to date\]$/) },
    ]);
    expect(result.structuredContent).toEqual({ n: 1, freshness: { root: "/r", indexedAt: null, pendingFiles: 0 } });
  });
});

describe(failureResult.name, () => {
  const noLog = (): void => {
    throw new Error("not expected");
  };

  it("gives an input error's message and details", () => {
    const result = failureResult(
      "t",
      new ToolInputError("symbol not found; did you mean save?", { suggestions: ["save"] }),
      noLog,
    );
    expect(result).toEqual({
      isError: true,
      content: [{ type: "text", text: "symbol not found; did you mean save?" }],
      structuredContent: { error: "symbol not found; did you mean save?", suggestions: ["save"] },
    });
  });

  it("gives an unavailable dependency as why and how to fix it", () => {
    const result = failureResult("t", new ToolUnavailableError("git is not installed", "install git"), noLog);
    expect(result.structuredContent).toEqual({ unavailable: { why: "git is not installed", fix: "install git" } });
    expect(result.isError).toBe(true);
  });

  it("logs an unexpected error and answers one line without its stack", () => {
    const logged: unknown[] = [];
    const error = new Error("first line\nsecond line");
    const result = failureResult("impact", error, (unexpected) => logged.push(unexpected));
    expect(logged).toEqual([error]);
    expect(result.content).toEqual([
      {
        type: "text",
        text: "impact failed unexpectedly: first line. The details are in the server's log (stderr); try again, or check the input.",
      },
    ]);
  });
});
