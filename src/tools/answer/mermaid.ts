/** A Mermaid flowchart from nodes and edges: what the graph-shaped query slices render for `format: mermaid`. */
export interface MermaidNode {
  /** Any unique string; the chart uses short generated ids. */
  readonly id: string;
  readonly label: string;
  /** Nodes of one group are drawn inside one subgraph titled by it (a file, a package). */
  readonly group?: string | undefined;
  /** `focus` marks the node the question is about; `external` a package outside the index. */
  readonly style?: "focus" | "external" | undefined;
}

export interface MermaidEdge {
  readonly from: string;
  readonly to: string;
  readonly label?: string | undefined;
}

/** Text inside `["…"]`: Mermaid takes anything but a double quote, which it spells `#quot;`. */
export function mermaidText(text: string): string {
  return text.replace(/"/g, "#quot;");
}

/** Edges whose ends are not among the nodes are left out (a cut answer shows only some nodes). */
export function mermaidFlowchart(
  direction: "LR" | "TD" | "BT",
  nodes: readonly MermaidNode[],
  edges: readonly MermaidEdge[],
): string {
  const ids = new Map(nodes.map((node, index) => [node.id, `n${index}`]));
  const lines = [`flowchart ${direction}`];
  const groups = new Map<string | undefined, MermaidNode[]>();
  for (const node of nodes) groups.set(node.group, [...(groups.get(node.group) ?? []), node]);
  let groupIndex = 0;
  for (const [group, members] of groups) {
    const indent = group === undefined ? "  " : "    ";
    if (group !== undefined) lines.push(`  subgraph g${groupIndex++}["${mermaidText(group)}"]`);
    for (const node of members) {
      const label = mermaidText(node.label);
      lines.push(`${indent}${ids.get(node.id) ?? ""}${node.style === "external" ? `(["${label}"])` : `["${label}"]`}`);
    }
    if (group !== undefined) lines.push("  end");
  }
  for (const edge of edges) {
    const from = ids.get(edge.from);
    const to = ids.get(edge.to);
    if (from === undefined || to === undefined) continue;
    const label = edge.label === undefined ? "" : `|${mermaidText(edge.label).replace(/\|/g, "/")}|`;
    lines.push(`  ${from} -->${label} ${to}`);
  }
  const focus = nodes.filter((node) => node.style === "focus").map((node) => ids.get(node.id) ?? "");
  if (focus.length > 0) lines.push(`  classDef focus stroke-width:3px`, `  class ${focus.join(",")} focus`);
  return lines.join("\n");
}
