import { parse as parseDot, type EdgeASTNode, type NodeASTNode, type SubgraphASTNode } from "@ts-graphviz/ast";
import { parse as parseCsv } from "csv-parse/sync";
import fc from "fast-check";
import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { CYPHER_BATCH, startRendering, type ExportEdge, type ExportFormat, type ExportNode } from "./export-formats.js";

/** Renders rows in one format, gathering each part's text. */
function render(format: ExportFormat, nodes: readonly ExportNode[], edges: readonly ExportEdge[]): Map<string, string> {
  const parts = new Map<string, string>();
  const renderer = startRendering(format, (part, text) => parts.set(part, (parts.get(part) ?? "") + text));
  for (const node of nodes) renderer.node(node);
  renderer.endNodes();
  for (const edge of edges) renderer.edge(edge);
  renderer.end();
  return parts;
}

function nodeOf(key: string, file = key.split(":")[0] ?? key, kind = "Function"): ExportNode {
  return { key, kind, name: key, qualifiedName: key, file, line: 3, endLine: 9, exported: true };
}

/** Keys with every character the formats escape: quotes, backslashes, markup, separators, line breaks, a control character. */
const AWKWARD = [
  'src/a "quoted".ts:f',
  "src/back\\slash.ts:g\\",
  "src/<x&y>.ts:it's",
  "src/comma,semi;.ts:h",
  "src/line\nbreak.ts:k\r\n",
  "src/bell\u0007.ts:m",
];

/** DOT's reading of our escapes: `\"`, `\\` and `\n` (the parser leaves every escape but `\"` as written). */
function dotUnescaped(raw: string): string {
  return raw.replace(/\\(["\\n])/g, (_, character: string) => (character === "n" ? "\n" : character));
}

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "",
  parseTagValue: false,
  trimValues: false,
  htmlEntities: true,
  isArray: (name: string, _path: unknown, _leaf: unknown, isAttribute: boolean) =>
    !isAttribute && ["node", "edge", "data", "key"].includes(name),
});

describe("export formats on awkward names", () => {
  const nodes = AWKWARD.map((key) => nodeOf(key));
  const edges = AWKWARD.slice(1).map((target, index) => ({
    kind: "CALLS",
    source: AWKWARD[index] ?? "",
    target,
    count: index,
  }));

  it("DOT: a Graphviz parser reads back every key, each node in its file's cluster, each edge's ends", () => {
    const ast = parseDot(render("dot", nodes, edges).get("graph") ?? "");
    const graph = ast.children[0];
    const clusters = (graph?.children ?? []).filter((child): child is SubgraphASTNode => child.type === "Subgraph");
    const nodeIds = clusters.flatMap((cluster) =>
      cluster.children
        .filter((child): child is NodeASTNode => child.type === "Node")
        .map((node) => dotUnescaped(node.id.value)),
    );
    expect(nodeIds).toEqual(AWKWARD.map((key) => key.replace(/\r\n/g, "\n")));
    expect(clusters).toHaveLength(AWKWARD.length);
    const edgeEnds = (graph?.children ?? [])
      .filter((child): child is EdgeASTNode => child.type === "Edge")
      .map((edge) => edge.targets.map((target) => ("id" in target ? dotUnescaped(target.id.value) : "")));
    expect(edgeEnds).toEqual(edges.map((edge) => [edge.source, edge.target].map((key) => key.replace(/\r\n/g, "\n"))));
  });

  it("GraphML: an XML parser reads back every key, with its typed data, and each edge's ends", () => {
    const parsed = xml.parse(render("graphml", nodes, edges).get("graph") ?? "") as {
      graphml: {
        key: { id: string; "attr.type": string }[];
        graph: {
          node: { id: string; data: { key: string; "#text": string }[] }[];
          edge: { source: string; target: string }[];
        };
      };
    };
    const { graph } = parsed.graphml;
    // The control character has no XML form at all: it becomes U+FFFD, and the key stays one the file can hold.
    expect(graph.node.map((node) => node.id)).toEqual(AWKWARD.map((key) => key.replace("\u0007", "\uFFFD")));
    expect(graph.edge.map((edge) => edge.target)).toEqual(
      AWKWARD.slice(1).map((key) => key.replace("\u0007", "\uFFFD")),
    );
    expect(Object.fromEntries(parsed.graphml.key.map((key) => [key.id, key["attr.type"]]))).toMatchObject({
      line: "int",
      exported: "boolean",
      count: "int",
      kind: "string",
    });
    expect(graph.node[0]?.data.find((data) => data.key === "line")?.["#text"]).toBe("3");
  });

  it("json-graph: JSON with the nodes keyed by id and the edges' ends", () => {
    const parsed = JSON.parse(render("json-graph", nodes, edges).get("graph") ?? "") as {
      graph: { nodes: Record<string, unknown>; edges: ExportEdge[] };
    };
    expect(Object.keys(parsed.graph.nodes)).toEqual(AWKWARD);
    expect(parsed.graph.edges.map((edge) => [edge.source, edge.target])).toEqual(
      edges.map((edge) => [edge.source, edge.target]),
    );
  });

  it("CSV: a CSV parser reads back every field of the node and edge files", () => {
    const parts = render("csv", nodes, edges);
    const nodeRows = parseCsv(parts.get("nodes") ?? "") as string[][];
    expect(nodeRows[0]).toEqual([
      "key:ID",
      ":LABEL",
      "name",
      "qualifiedName",
      "file",
      "line:int",
      "endLine:int",
      "exported:boolean",
    ]);
    expect(nodeRows.slice(1).map((row) => row[0])).toEqual(AWKWARD);
    expect(nodeRows[1]?.[1]).toBe("CodeNode;Function");
    const edgeRows = parseCsv(parts.get("edges") ?? "") as string[][];
    expect(edgeRows.slice(1)).toEqual(edges.map((edge) => [edge.source, edge.target, "CALLS", String(edge.count)]));
  });

  it("Cypher: every string is a literal that reads back as the key (JSON's escapes are Cypher's)", () => {
    const text = render("cypher", nodes, edges).get("graph") ?? "";
    const keys = [...text.matchAll(/\{key:("(?:[^"\\]|\\.)*")/g)].map((match) => JSON.parse(match[1] ?? "") as string);
    expect(keys).toEqual(AWKWARD);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: a raw control character in the script is what it looks for.
    expect(text).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
  });
});

describe("Cypher batches", () => {
  it("groups rows by kind into UNWIND statements of at most CYPHER_BATCH rows, nodes before edges", () => {
    const functions = Array.from({ length: CYPHER_BATCH + 5 }, (_, index) =>
      nodeOf(`f.ts:n${String(index).padStart(5, "0")}`, "f.ts"),
    );
    const nodes = [...functions, ...["A", "B", "C"].map((name) => nodeOf(`g.ts:${name}`, "g.ts", "Class"))];
    const text =
      render("cypher", nodes, [{ kind: "CALLS", source: "f.ts:n00000", target: "f.ts:n00001", count: 2 }]).get(
        "graph",
      ) ?? "";
    const statements = text.split(";\n").filter((statement) => statement.trim() !== "");
    expect(statements[0]).toMatch(
      /^CREATE CONSTRAINT ts_graph_node_key IF NOT EXISTS FOR \(n:CodeNode\) REQUIRE n\.key IS UNIQUE$/,
    );
    const rowsOf = (statement: string): number => statement.split("\n").filter((line) => line.startsWith("{")).length;
    const merges = statements.filter((statement) => statement.includes("MERGE (n:CodeNode"));
    expect(merges.map((statement) => [/SET n:(\w+)/.exec(statement)?.[1], rowsOf(statement)])).toEqual([
      ["Function", CYPHER_BATCH],
      ["Class", 3],
      ["Function", 5],
    ]);
    expect(statements.at(-1)).toMatch(/MERGE \(a\)-\[r:CALLS\]->\(b\)\nSET r\.count = row\.count$/);
  });

  it("refuses a kind that is not an identifier instead of splicing it into a statement", () => {
    expect(() => render("cypher", [nodeOf("a.ts:x", "a.ts", "X) DETACH DELETE (n")], [])).toThrow(
      /is not a kind of the graph/,
    );
  });
});

describe("determinism", () => {
  it("the same rows give the same bytes in every format", () => {
    const key = fc.string({ unit: "binary", minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(fc.uniqueArray(key, { minLength: 1, maxLength: 8 }), (keys) => {
        const nodes = keys.map((k) => nodeOf(k, "f.ts"));
        const edges = keys.slice(1).map((target) => ({ kind: "READS", source: keys[0] ?? "", target, count: 1 }));
        for (const format of ["dot", "graphml", "json-graph", "cypher", "csv"] as const) {
          expect(render(format, nodes, edges)).toEqual(render(format, nodes, edges));
        }
      }),
      { numRuns: 30 },
    );
  });
});
