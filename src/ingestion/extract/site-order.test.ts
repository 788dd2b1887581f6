import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { inSiteOrder } from "./site-order.js";

interface Edge {
  readonly kind: string;
  readonly source: string;
  readonly target: string;
  readonly lines: number[];
}

/** Edges as extraction records them: site by site in source order, each new edge appended, a known one given the site's line. */
function record(
  sites: readonly { source: string; line: number; uses: readonly { kind: string; target: string }[] }[],
): Edge[] {
  const edges = new Map<string, Edge>();
  for (const site of sites) {
    for (const use of site.uses) {
      const key = `${use.kind}\u0000${site.source}\u0000${use.target}`;
      const edge = edges.get(key) ?? { ...use, source: site.source, lines: [] };
      edges.set(key, edge);
      if (!edge.lines.includes(site.line)) edge.lines.push(site.line);
    }
  }
  return [...edges.values()];
}

const site = fc.record({
  source: fc.constantFrom("a.ts:f", "a.ts:g"),
  uses: fc.uniqueArray(
    fc.record({
      kind: fc.constantFrom("READS", "CALLS"),
      target: fc.constantFrom("b.ts:A._tag", "b.ts:B._tag", "b.ts:C._tag", "c.ts:run"),
    }),
    {
      selector: (use) => `${use.kind} ${use.target}`,
      minLength: 1,
      maxLength: 4,
    },
  ),
});

describe("inSiteOrder", () => {
  it("writes the same edges in the same order whatever order the checker listed each site's targets in", () => {
    fc.assert(
      fc.property(
        fc
          .array(site, { maxLength: 12 })
          .chain((sites) =>
            fc.tuple(
              fc.constant(sites),
              fc.tuple(
                ...sites.map((each) =>
                  fc.shuffledSubarray(each.uses, { minLength: each.uses.length, maxLength: each.uses.length }),
                ),
              ),
            ),
          ),
        ([sites, shuffled]) => {
          const withLines = sites.map((each, index) => ({ ...each, line: index + 1 }));
          const reordered = withLines.map((each, index) => ({ ...each, uses: shuffled[index] ?? each.uses }));
          expect(inSiteOrder(record(reordered))).toEqual(inSiteOrder(record(withLines)));
        },
      ),
      { seed: 1604, numRuns: 300 },
    );
  });

  it("keeps structural edges and edges of different sites where they are", () => {
    const contains = [
      { kind: "CONTAINS", source: "a.ts", target: "a.ts:z", lines: [] },
      { kind: "CONTAINS", source: "a.ts", target: "a.ts:b", lines: [] },
    ];
    const uses = [
      { kind: "READS", source: "a.ts:z", target: "b.ts:Y", lines: [3] },
      { kind: "READS", source: "a.ts:z", target: "b.ts:X", lines: [4] },
      { kind: "READS", source: "a.ts:z", target: "b.ts:W", lines: [4, 9] },
    ];
    expect(inSiteOrder([...contains, ...uses])).toEqual([...contains, uses[0], uses[2], uses[1]]);
  });
});
