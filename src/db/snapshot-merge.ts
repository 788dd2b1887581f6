/**
 * `ts-graph merge` (docs/ci.md, "Scale beyond one machine"): the union of snapshots of parts of one
 * checkout, written as one snapshot. A node, an edge or an owner's dynamic calls that two parts both hold
 * must be the same in both (a project indexed by two jobs, as the projects a job's project references
 * are): it is kept once. Anything that differs is refused, never chosen.
 */
import {
  SnapshotFormatError,
  type DynamicCallLine,
  type EdgeLine,
  type ExternalEdgeLine,
  type NodeLine,
  type ParsedSnapshot,
} from "./snapshot-load.js";
import {
  formatSnapshot,
  type SnapshotDynamicCallRow,
  type SnapshotEdgeRow,
  type SnapshotExternalEdgeRow,
  type SnapshotNodeRow,
} from "./snapshot.js";

export interface SnapshotPart {
  /** How errors name the part (its file). */
  readonly label: string;
  readonly snapshot: ParsedSnapshot;
}

export interface MergedSnapshot {
  readonly text: string;
  /** Edges whose source or target no part defines: a part indexed without a project its code uses. */
  readonly danglingEdges: readonly string[];
}

/** What one part holds under each identity, and which part gave it first. */
class UnionOf<T> {
  private readonly entries = new Map<string, { readonly value: T; readonly text: string; readonly label: string }>();
  constructor(private readonly what: string) {}

  add(id: string, value: T, label: string): void {
    const text = JSON.stringify(value);
    const known = this.entries.get(id);
    if (known === undefined) this.entries.set(id, { value, text, label });
    else if (known.text !== text) {
      throw new SnapshotFormatError(
        `${this.what} ${id} differs between ${known.label} and ${label}: the same files indexed with other sources or options; snapshot every part from one checkout with one ts-graph`,
      );
    }
  }

  values(): T[] {
    return [...this.entries.values()].map((entry) => entry.value);
  }
}

function nodeRow(line: NodeLine): SnapshotNodeRow {
  return {
    key: line.node,
    kind: line.kind,
    name: line.name,
    file: line.file,
    startLine: line.lines[0],
    endLine: line.lines[1],
    nameLine: line.nameLine,
    implementationLine: line.implementationLine ?? null,
    exported: line.exported ? 1 : 0,
    signature: line.signature,
    modifiers: line.modifiers.join(" "),
    body: line.body,
  };
}

function edgeRow(line: EdgeLine): SnapshotEdgeRow {
  return {
    kind: line.edge,
    source: line.source,
    target: line.target,
    lines: JSON.stringify(line.lines ?? []),
    names: line.names === undefined ? null : JSON.stringify(line.names),
    typeOnly: line.typeOnly === undefined ? null : line.typeOnly ? 1 : 0,
    receivers: line.receivers === undefined ? null : JSON.stringify(line.receivers),
    spans: line.spans === undefined ? null : JSON.stringify(line.spans),
  };
}

function externalEdgeRow(line: ExternalEdgeLine): SnapshotExternalEdgeRow {
  return {
    kind: line.externalEdge,
    source: line.source,
    target: line.target,
    lines: JSON.stringify(line.lines ?? []),
    receivers: line.receivers === undefined ? null : JSON.stringify(line.receivers),
  };
}

function dynamicCallRow(line: DynamicCallLine): SnapshotDynamicCallRow {
  return { source: line.dynamicCall, line: line.line, expression: line.expression };
}

/** Merges parts into one snapshot (sorted as any snapshot). Throws SnapshotFormatError when two parts disagree. */
export function mergeSnapshots(parts: readonly SnapshotPart[]): MergedSnapshot {
  const nodes = new UnionOf<NodeLine>("node");
  const edges = new UnionOf<EdgeLine>("edge");
  const externalEdges = new UnionOf<ExternalEdgeLine>("external edge");
  // An owner's dynamic calls may repeat a line (two sites, one line): they are compared as one list per owner.
  const dynamicCalls = new UnionOf<DynamicCallLine[]>("the dynamic calls of");
  for (const { label, snapshot } of parts) {
    for (const node of snapshot.nodes) nodes.add(node.node, node, label);
    for (const edge of snapshot.edges) edges.add(JSON.stringify([edge.edge, edge.source, edge.target]), edge, label);
    for (const edge of snapshot.externalEdges)
      externalEdges.add(JSON.stringify([edge.externalEdge, edge.source, edge.target]), edge, label);
    const byOwner = new Map<string, DynamicCallLine[]>();
    for (const call of snapshot.dynamicCalls)
      byOwner.set(call.dynamicCall, [...(byOwner.get(call.dynamicCall) ?? []), call]);
    for (const [owner, calls] of byOwner) dynamicCalls.add(owner, calls, label);
  }
  const nodeLines = nodes.values();
  const defined = new Set(nodeLines.map((node) => node.node));
  const edgeLines = edges.values();
  const danglingEdges = edgeLines
    .filter((edge) => !defined.has(edge.source) || !defined.has(edge.target))
    .map((edge) => `${edge.edge} ${edge.source} → ${edge.target}`)
    .sort();
  const text = formatSnapshot(
    nodeLines.map(nodeRow),
    edgeLines.map(edgeRow),
    externalEdges.values().map(externalEdgeRow),
    dynamicCalls.values().flat().map(dynamicCallRow),
  );
  return { text, danglingEdges };
}
