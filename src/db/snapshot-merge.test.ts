import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseSnapshot, SnapshotFormatError } from "./snapshot-load.js";
import { mergeSnapshots } from "./snapshot-merge.js";

const GOLDEN = path.join(import.meta.dirname, "..", "ingestion", "run", "golden");
const webApp = fs.readFileSync(path.join(GOLDEN, "web-app.snapshot.jsonl"), "utf8");
const monorepo = fs.readFileSync(path.join(GOLDEN, "monorepo.snapshot.jsonl"), "utf8");

function part(label: string, text: string) {
  return { label, snapshot: parseSnapshot(text, label) };
}

describe(mergeSnapshots.name, () => {
  it("writes one snapshot back as the same text, and a part given twice once", () => {
    expect(mergeSnapshots([part("web-app.jsonl", webApp)])).toEqual({ text: webApp, danglingEdges: [] });
    expect(mergeSnapshots([part("a.jsonl", webApp), part("b.jsonl", webApp)]).text).toBe(webApp);
  });

  it("unites disjoint parts into the snapshot of both, sorted, and names the edges whose ends no part defines", () => {
    const lines = monorepo.trimEnd().split("\n").slice(1);
    const inUtils = (line: string) => line.includes('"packages/utils/');
    const header = (body: string[]) =>
      `${JSON.stringify({ format: "ts-graph-snapshot", version: 7, nodes: 0 })}\n${body.join("\n")}\n`;
    // Nodes of utils and everything owned by (starting with a source in) utils, against the rest.
    const owned = (line: string) =>
      line.startsWith('{"node"')
        ? line.includes('{"node":"packages/utils/')
        : inUtils(line.slice(0, line.indexOf('"target"')));
    const utils = lines.filter(owned);
    const rest = lines.filter((line) => !owned(line));
    expect(utils.length).toBeGreaterThan(5);
    expect(mergeSnapshots([part("rest.jsonl", header(rest)), part("utils.jsonl", header(utils))])).toEqual({
      text: monorepo,
      danglingEdges: [],
    });
    const alone = mergeSnapshots([part("rest.jsonl", header(rest))]);
    expect(alone.danglingEdges.length).toBeGreaterThan(0);
    expect(alone.danglingEdges.every((edge) => edge.includes("packages/utils/"))).toBe(true);
  });

  it("refuses two parts that hold the same node differently, naming it and both parts", () => {
    const changed = webApp.replace(
      '"signature":"export function validateToken(',
      '"signature":"export function validateToken(extra: number, ',
    );
    expect(changed).not.toBe(webApp);
    expect(() => mergeSnapshots([part("a.jsonl", webApp), part("b.jsonl", changed)])).toThrow(SnapshotFormatError);
    expect(() => mergeSnapshots([part("a.jsonl", webApp), part("b.jsonl", changed)])).toThrow(
      /node shared\/validation\.ts:validateToken differs between a\.jsonl and b\.jsonl/,
    );
  });
});
