import { describe, expect, it } from "vitest";
import { mermaidFlowchart, mermaidText } from "./mermaid.js";

describe(mermaidFlowchart.name, () => {
  it("draws groups as subgraphs, marks the focus and external nodes, and drops edges to unknown nodes", () => {
    const chart = mermaidFlowchart(
      "LR",
      [
        { id: "a.ts:f", label: "f 1-3", group: "a.ts", style: "focus" },
        { id: "b.ts:g", label: 'g "quoted"', group: "b.ts" },
        { id: "pkg", label: "zod", style: "external" },
      ],
      [
        { from: "a.ts:f", to: "b.ts:g", label: "calls" },
        { from: "a.ts:f", to: "pkg" },
        { from: "a.ts:f", to: "missing" },
      ],
    );
    expect(chart).toBe(
      [
        "flowchart LR",
        '  subgraph g0["a.ts"]',
        '    n0["f 1-3"]',
        "  end",
        '  subgraph g1["b.ts"]',
        '    n1["g #quot;quoted#quot;"]',
        "  end",
        '  n2(["zod"])',
        "  n0 -->|calls| n1",
        "  n0 --> n2",
        "  classDef focus stroke-width:3px",
        "  class n0 focus",
      ].join("\n"),
    );
  });

  it("escapes double quotes", () => {
    expect(mermaidText('say "hi"')).toBe("say #quot;hi#quot;");
  });
});
