import { describe, expect, it } from "vitest";
import { createProgressReporter, progressBarLine, progressFigures, progressPlainLine } from "./progress-reporter.js";

describe("progress figures", () => {
  it("computes files per second and the remaining time", () => {
    expect(progressFigures({ done: 50, total: 200, file: "a.ts" }, 2000)).toEqual({ rate: 25, etaSeconds: 6 });
  });

  it("has no finite ETA before the first file", () => {
    expect(progressFigures({ done: 0, total: 10, file: "" }, 0).etaSeconds).toBe(Number.POSITIVE_INFINITY);
  });
});

describe("progress lines", () => {
  it("draws a bar with counts, rate, ETA and the current file, cut to the terminal width", () => {
    const line = progressBarLine({ done: 12, total: 24, file: "src/deep/path/file.ts" }, 3000, 200);
    expect(line).toBe(`${"█".repeat(12)}${"░".repeat(12)} 12/24 files  4 files/s  ETA 3s  src/deep/path/file.ts`);
    expect(progressBarLine({ done: 12, total: 24, file: "src/deep/path/file.ts" }, 3000, 40)).toHaveLength(39);
  });

  it("writes a plain line with the percentage for logs", () => {
    expect(progressPlainLine({ done: 30, total: 300, file: "x.ts" }, 1000)).toBe(
      "indexed 30/300 files (10%), 30 files/s, ETA 9s",
    );
    expect(progressPlainLine({ done: 1, total: 1000, file: "x.ts" }, 1000)).toMatch(/ETA 16m39s$/);
  });
});

describe("createProgressReporter", () => {
  function fakeStream(isTTY: boolean): { stream: NodeJS.WriteStream; written: string[] } {
    const written: string[] = [];
    const stream = {
      isTTY,
      columns: 100,
      write: (chunk: string) => written.push(chunk) > 0,
    } as unknown as NodeJS.WriteStream;
    return { stream, written };
  }

  it("redraws one line in place on a terminal and clears it at the end", () => {
    const { stream, written } = fakeStream(true);
    const reporter = createProgressReporter(stream, false);
    reporter.update({ done: 100, total: 100, file: "last.ts" });
    reporter.finish();
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the escape sequence (ESC [K) is what the test looks for.
    expect(written[0]).toMatch(/^\r█{24} 100\/100 files .* last\.ts\u001b\[K$/);
    expect(written.at(-1)).toBe("\r\u001b[K");
  });

  it("prints one line per tenth of the way when not on a terminal", () => {
    const { stream, written } = fakeStream(false);
    const reporter = createProgressReporter(stream, false);
    for (let done = 1; done <= 40; done += 1) reporter.update({ done, total: 40, file: `f${done}.ts` });
    reporter.finish();
    expect(written.map((line) => line.replace(/, \d+ files\/s.*$/s, ""))).toEqual(
      [4, 8, 12, 16, 20, 24, 28, 32, 36, 40].map((done) => `indexed ${done}/40 files (${done * 2.5}%)`),
    );
  });

  it("prints nothing when quiet", () => {
    const { stream, written } = fakeStream(true);
    const reporter = createProgressReporter(stream, true);
    reporter.update({ done: 1, total: 1, file: "a.ts" });
    reporter.finish();
    expect(written).toEqual([]);
  });
});
