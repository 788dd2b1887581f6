import { afterAll, describe, expect, it } from "vitest";
import { indexAndSnapshot, removeTempDirs, snapshotEdges } from "../../../test-support/fixtures.js";
import { editProjectFile, expectIncrementalEqualsFull, writeProject } from "../../../test-support/incremental.js";

afterAll(removeTempDirs);

const SINK = `export interface Sink {
  push(value: number): void;
  close(): void;
}
export function feed(sink: Sink): void {
  sink.push(1);
}
`;

/**
 * Two literals implement Sink.push in `pipe` (lines 4-6 and 11): one edge, both spans. The method `close() {…}` is a
 * node of its own (it overrides Sink.close), so only line 11's `close` is held by `pipe`.
 */
const PIPE = `import { feed, type Sink } from "./sink";
export function pipe(log: (text: string) => void): void {
  feed({
    push: (value) => {
      log(String(value));
    },
    close() {
      log("closed");
    },
  });
  feed({ push: (value) => log(\`again \${value}\`), close: () => undefined });
}
`;

function spansOf(snapshot: string, source: string, target: string): [number, number][] | undefined {
  const edge = snapshotEdges(snapshot).find(
    (found) => found.edge === "HOLDS_IMPLEMENTATION" && found.source === source && found.target === target,
  );
  if (edge === undefined) throw new Error(`no HOLDS_IMPLEMENTATION edge ${source} → ${target}`);
  return edge.spans;
}

describe.each([{ engine: "ts7" }, { engine: "ts6" }] as const)(
  "the lines of an object literal's functions on HOLDS_IMPLEMENTATION ($engine)",
  ({ engine }) => {
    it("keeps the first and last line of each function the edge stands for, sorted", async () => {
      const { snapshot } = await indexAndSnapshot(writeProject({ "src/sink.ts": SINK, "src/pipe.ts": PIPE }), {
        engine,
      });
      expect(spansOf(snapshot, "src/pipe.ts:pipe", "src/sink.ts:Sink.push")).toEqual([
        [4, 6],
        [11, 11],
      ]);
      expect(spansOf(snapshot, "src/pipe.ts:pipe", "src/sink.ts:Sink.close")).toEqual([[11, 11]]);
    });
  },
);

describe("literal spans and incremental runs", () => {
  it("moves with the code when lines are added above it", async () => {
    const root = writeProject({ "src/sink.ts": SINK, "src/pipe.ts": PIPE });
    await indexAndSnapshot(root);
    editProjectFile(root, "src/pipe.ts", (text) => `// one\n// two\n${text}`);
    const { snapshot } = await expectIncrementalEqualsFull(root);
    expect(spansOf(snapshot, "src/pipe.ts:pipe", "src/sink.ts:Sink.push")).toEqual([
      [6, 8],
      [13, 13],
    ]);
  });
});
