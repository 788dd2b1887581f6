import type { SqliteDb } from "../db/open-graph-db.js";
import { readConsistently } from "../db/read-transaction.js";
import { startRendering, type ExportFormat } from "./export-formats.js";
import { selectedEdges, selectedNodes, type ExportSelection } from "./export-selection.js";

/** How many nodes and edges an export wrote. */
export interface ExportCounts {
  readonly nodes: number;
  readonly edges: number;
}

/**
 * Renders the selected part of the graph in `format`, handing text to `sink` (part name, text) as rows are read,
 * all inside one read transaction: the export is one committed graph even while a run commits beside it.
 */
export function exportGraph(
  db: SqliteDb,
  format: ExportFormat,
  selection: ExportSelection,
  sink: (part: string, text: string) => void,
): ExportCounts {
  return readConsistently(db, () => {
    const renderer = startRendering(format, sink);
    let nodes = 0;
    let edges = 0;
    for (const node of selectedNodes(db, selection)) {
      renderer.node(node);
      nodes++;
    }
    renderer.endNodes();
    for (const edge of selectedEdges(db, selection)) {
      renderer.edge(edge);
      edges++;
    }
    renderer.end();
    return { nodes, edges };
  });
}
