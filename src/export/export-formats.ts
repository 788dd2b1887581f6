/**
 * The five renderings of `ts-graph export` (docs/export.md), pure: each takes the nodes (ordered by file, then key)
 * and the edges (ordered by source, target, kind) one at a time and hands text to a sink, so that a graph of any
 * size streams through without being held. The same rows give the same bytes.
 */

export const EXPORT_FORMATS = ["dot", "graphml", "json-graph", "cypher", "csv"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface ExportNode {
  readonly key: string;
  readonly kind: string;
  readonly name: string;
  readonly qualifiedName: string;
  readonly file: string;
  readonly line: number;
  readonly endLine: number;
  readonly exported: boolean;
}

export interface ExportEdge {
  readonly kind: string;
  readonly source: string;
  readonly target: string;
  /** Sites (calls, reads…) the edge stands for; 0 for an edge that records no sites (CONTAINS, EXTENDS, USES_TYPE…). */
  readonly count: number;
}

/** Where a rendering writes: one named part (`graph`, or the CSV pair's `nodes` and `edges`). */
export type ExportSink = (part: string, text: string) => void;

export interface GraphRenderer {
  node(node: ExportNode): void;
  /** Called once, after the last node and before the first edge. */
  endNodes(): void;
  edge(edge: ExportEdge): void;
  end(): void;
}

/** The label a node is shown with: its qualified name, or a file's name. */
function labelOf(node: ExportNode): string {
  if (node.kind !== "File") return node.qualifiedName;
  const slash = node.key.lastIndexOf("/");
  return slash < 0 ? node.key : node.key.slice(slash + 1);
}

// ---- DOT (Graphviz) ----

/** A DOT quoted string: `"` and `\` escaped, line breaks as `\n` (a raw one would end nothing, but reads badly). */
function dotString(text: string): string {
  return `"${text.replace(/[\\"]/g, "\\$&").replace(/\r\n|\r|\n/g, "\\n")}"`;
}

const DOT_SHAPES: Readonly<Record<string, string>> = {
  File: "folder",
  Class: "box3d",
  Interface: "component",
  TypeAlias: "component",
  Enum: "box",
  Namespace: "tab",
  Variable: "ellipse",
  Property: "ellipse",
};

function dotRenderer(sink: ExportSink): GraphRenderer {
  let cluster: string | undefined;
  let clusters = 0;
  const write = (text: string): void => sink("graph", text);
  write(
    'digraph "ts-graph" {\n  graph [rankdir=LR, newrank=true, fontname="Helvetica"];\n  node [shape=box, fontname="Helvetica", fontsize=10];\n',
  );
  write('  edge [fontname="Helvetica", fontsize=8];\n');
  return {
    node(node) {
      if (node.file !== cluster) {
        if (cluster !== undefined) write("  }\n");
        cluster = node.file;
        write(`  subgraph "cluster_${clusters++}" {\n    label=${dotString(node.file)};\n`);
      }
      const shape = DOT_SHAPES[node.kind] ?? "box";
      write(
        `    ${dotString(node.key)} [label=${dotString(labelOf(node))}, shape=${shape}, kind=${dotString(node.kind)}, file=${dotString(node.file)}, line=${node.line}];\n`,
      );
    },
    endNodes() {
      if (cluster !== undefined) write("  }\n");
    },
    edge(edge) {
      write(
        `  ${dotString(edge.source)} -> ${dotString(edge.target)} [label=${dotString(edge.kind)}, count=${edge.count}];\n`,
      );
    },
    end() {
      write("}\n");
    },
  };
}

// ---- GraphML (Gephi, yEd, Cytoscape) ----

/** XML 1.0 cannot hold these characters at all, not even escaped: each becomes U+FFFD. */
const XML_FORBIDDEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters XML forbids are what it looks for.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const XML_ENTITIES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
  "\t": "&#9;",
  "\n": "&#10;",
  "\r": "&#13;",
};

/**
 * Text for an XML attribute or element: the five markup characters as entities, tabs and line breaks as character
 * references (an attribute's value would read them as spaces, and a parser would fold `\r\n`), forbidden characters replaced.
 */
function xmlText(text: string): string {
  return text
    .replace(XML_FORBIDDEN, "\uFFFD")
    .replace(/[&<>"'\t\n\r]/g, (character) => XML_ENTITIES[character] ?? character);
}

const GRAPHML_NODE_KEYS: readonly (readonly [id: string, name: string, type: string])[] = [
  ["label", "label", "string"],
  ["kind", "kind", "string"],
  ["name", "name", "string"],
  ["file", "file", "string"],
  ["line", "line", "int"],
  ["endLine", "endLine", "int"],
  ["exported", "exported", "boolean"],
];
const GRAPHML_EDGE_KEYS: readonly (readonly [id: string, name: string, type: string])[] = [
  ["edgeKind", "kind", "string"],
  ["count", "count", "int"],
];

function graphmlData(key: string, value: string | number | boolean): string {
  return `<data key="${key}">${typeof value === "string" ? xmlText(value) : String(value)}</data>`;
}

function graphmlRenderer(sink: ExportSink): GraphRenderer {
  const write = (text: string): void => sink("graph", text);
  const keys = [
    ...GRAPHML_NODE_KEYS.map(
      ([id, name, type]) => `  <key id="${id}" for="node" attr.name="${name}" attr.type="${type}"/>\n`,
    ),
    ...GRAPHML_EDGE_KEYS.map(
      ([id, name, type]) => `  <key id="${id}" for="edge" attr.name="${name}" attr.type="${type}"/>\n`,
    ),
  ];
  write('<?xml version="1.0" encoding="UTF-8"?>\n');
  write(
    '<graphml xmlns="http://graphml.graphdrawing.org/xmlns" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd">\n',
  );
  write(`${keys.join("")}  <graph id="ts-graph" edgedefault="directed">\n`);
  return {
    node(node) {
      const data = [
        graphmlData("label", labelOf(node)),
        graphmlData("kind", node.kind),
        graphmlData("name", node.name),
        graphmlData("file", node.file),
        graphmlData("line", node.line),
        graphmlData("endLine", node.endLine),
        graphmlData("exported", node.exported),
      ];
      write(`    <node id="${xmlText(node.key)}">${data.join("")}</node>\n`);
    },
    endNodes() {},
    edge(edge) {
      const data = graphmlData("edgeKind", edge.kind) + graphmlData("count", edge.count);
      write(`    <edge source="${xmlText(edge.source)}" target="${xmlText(edge.target)}">${data}</edge>\n`);
    },
    end() {
      write("  </graph>\n</graphml>\n");
    },
  };
}

// ---- JSON Graph Format (version 2: nodes keyed by id) ----

function jsonGraphRenderer(sink: ExportSink): GraphRenderer {
  const write = (text: string): void => sink("graph", text);
  let first = true;
  write('{"graph":{"directed":true,"type":"ts-graph","nodes":{');
  const separator = (): string => {
    const text = first ? "\n" : ",\n";
    first = false;
    return text;
  };
  return {
    node(node) {
      const metadata = {
        kind: node.kind,
        name: node.name,
        file: node.file,
        line: node.line,
        endLine: node.endLine,
        exported: node.exported,
      };
      write(`${separator()}${JSON.stringify(node.key)}:${JSON.stringify({ label: labelOf(node), metadata })}`);
    },
    endNodes() {
      write('\n},"edges":[');
      first = true;
    },
    edge(edge) {
      write(
        `${separator()}${JSON.stringify({ source: edge.source, target: edge.target, relation: edge.kind, metadata: { count: edge.count } })}`,
      );
    },
    end() {
      write("\n]}}\n");
    },
  };
}

// ---- Cypher (cypher-shell -f) ----

/** The label every exported node carries beside its kind's, which the key constraint is on. */
const NEO4J_NODE_LABEL = "CodeNode";
/** Rows per UNWIND statement: small enough for one transaction each, few enough statements for a big graph. */
export const CYPHER_BATCH = 1000;

/**
 * A Cypher string literal. JSON's escapes (`\"`, `\\`, `\n`, `\uXXXX`…) are all Cypher escapes; `'` needs none in
 * a double-quoted string.
 */
function cypherString(text: string): string {
  return JSON.stringify(text);
}

function cypherNodeRow(node: ExportNode): string {
  return `{key:${cypherString(node.key)},name:${cypherString(node.name)},qualifiedName:${cypherString(node.qualifiedName)},file:${cypherString(node.file)},line:${node.line},endLine:${node.endLine},exported:${node.exported}}`;
}

function cypherEdgeRow(edge: ExportEdge): string {
  return `{source:${cypherString(edge.source)},target:${cypherString(edge.target)},count:${edge.count}}`;
}

/** Node kinds and edge kinds are the graph's own identifiers (model/graph-kinds.ts); anything else is refused, never spliced. */
function cypherLabel(kind: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(kind)) throw new Error(`${JSON.stringify(kind)} is not a kind of the graph`);
  return kind;
}

function cypherRenderer(sink: ExportSink): GraphRenderer {
  const write = (text: string): void => sink("graph", text);
  const pending = new Map<string, string[]>();
  const nodeStatement = (kind: string, rows: readonly string[]): string =>
    `UNWIND [\n${rows.join(",\n")}\n] AS row\nMERGE (n:${NEO4J_NODE_LABEL} {key: row.key})\nSET n:${cypherLabel(kind)}, n.kind = ${cypherString(kind)}, n.name = row.name, n.qualifiedName = row.qualifiedName, n.file = row.file, n.line = row.line, n.endLine = row.endLine, n.exported = row.exported;\n`;
  const edgeStatement = (kind: string, rows: readonly string[]): string =>
    `UNWIND [\n${rows.join(",\n")}\n] AS row\nMATCH (a:${NEO4J_NODE_LABEL} {key: row.source})\nMATCH (b:${NEO4J_NODE_LABEL} {key: row.target})\nMERGE (a)-[r:${cypherLabel(kind)}]->(b)\nSET r.count = row.count;\n`;
  let statementOf = nodeStatement;
  const add = (kind: string, row: string): void => {
    const rows = pending.get(kind) ?? [];
    rows.push(row);
    pending.set(kind, rows);
    if (rows.length >= CYPHER_BATCH) {
      write(statementOf(kind, rows));
      pending.delete(kind);
    }
  };
  const flush = (): void => {
    for (const kind of [...pending.keys()].sort()) write(statementOf(kind, pending.get(kind) ?? []));
    pending.clear();
  };
  write(`CREATE CONSTRAINT ts_graph_node_key IF NOT EXISTS FOR (n:${NEO4J_NODE_LABEL}) REQUIRE n.key IS UNIQUE;\n`);
  return {
    node: (node) => add(node.kind, cypherNodeRow(node)),
    endNodes() {
      flush();
      statementOf = edgeStatement;
    },
    edge: (edge) => add(edge.kind, cypherEdgeRow(edge)),
    end: flush,
  };
}

// ---- CSV (neo4j-admin database import full) ----

/** A CSV field, always quoted, its quotes doubled (RFC 4180; neo4j-admin's default quote character). */
function csvField(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

function csvRenderer(sink: ExportSink): GraphRenderer {
  sink("nodes", "key:ID,:LABEL,name,qualifiedName,file,line:int,endLine:int,exported:boolean\n");
  sink("edges", ":START_ID,:END_ID,:TYPE,count:int\n");
  return {
    node(node) {
      const fields = [node.key, `${NEO4J_NODE_LABEL};${node.kind}`, node.name, node.qualifiedName, node.file].map(
        csvField,
      );
      sink("nodes", `${fields.join(",")},${node.line},${node.endLine},${node.exported}\n`);
    },
    endNodes() {},
    edge(edge) {
      sink("edges", `${csvField(edge.source)},${csvField(edge.target)},${csvField(edge.kind)},${edge.count}\n`);
    },
    end() {},
  };
}

const RENDERERS: Readonly<Record<ExportFormat, (sink: ExportSink) => GraphRenderer>> = {
  dot: dotRenderer,
  graphml: graphmlRenderer,
  "json-graph": jsonGraphRenderer,
  cypher: cypherRenderer,
  csv: csvRenderer,
};

/** The parts a format writes: `graph`, or the CSV pair. */
export function partsOf(format: ExportFormat): readonly string[] {
  return format === "csv" ? ["nodes", "edges"] : ["graph"];
}

/** Starts a rendering: its header is written to the sink at once. */
export function startRendering(format: ExportFormat, sink: ExportSink): GraphRenderer {
  return RENDERERS[format](sink);
}
