import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parse as parseDot, type EdgeASTNode, type NodeASTNode, type SubgraphASTNode } from "@ts-graphviz/ast";
import Database from "better-sqlite3";
import { parse as parseCsv } from "csv-parse/sync";
import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indexedSampleProject, makeTempDir, removeTempDirs, runCli } from "../test-support/fixtures.js";

afterAll(removeTempDirs);

interface Graph {
  readonly nodes: readonly string[];
  /** `kind source target`, one per distinct edge. */
  readonly edges: readonly string[];
}

let root = "";
let truth: { readonly db: Database.Database; all(where?: string, ...parameters: string[]): Graph };

beforeAll(() => {
  root = indexedSampleProject("web-app").root;
  const db = new Database(path.join(root, ".ts-graph", "graph.db"), { readonly: true });
  truth = {
    db,
    // What the database holds for a node condition: its nodes, and the distinct edges between two of them.
    all(where = "1", ...parameters) {
      const nodes = db
        .prepare<string[], { key: string }>(`SELECT key FROM nodes WHERE ${where} ORDER BY key`)
        .all(...parameters)
        .map((row) => row.key);
      const kept = new Set(nodes);
      const edges = db
        .prepare<[], { kind: string; source: string; target: string }>(
          "SELECT DISTINCT kind, source, target FROM edges",
        )
        .all()
        .filter((edge) => kept.has(edge.source) && kept.has(edge.target))
        .map((edge) => `${edge.kind} ${edge.source} ${edge.target}`);
      return { nodes, edges: edges.sort() };
    },
  };
});
afterAll(() => truth.db.close());

function exported(...args: string[]): string {
  const result = runCli(["export", root, ...args]);
  expect(result.stderr).toBe("");
  expect(result.status).toBe(0);
  return result.stdout;
}

function sorted(graph: { nodes: string[]; edges: string[] }): Graph {
  return { nodes: [...graph.nodes].sort(), edges: [...graph.edges].sort() };
}

function fromJsonGraph(text: string): Graph {
  const parsed = JSON.parse(text) as {
    graph: { nodes: Record<string, unknown>; edges: { source: string; target: string; relation: string }[] };
  };
  return sorted({
    nodes: Object.keys(parsed.graph.nodes),
    edges: parsed.graph.edges.map((edge) => `${edge.relation} ${edge.source} ${edge.target}`),
  });
}

describe("ts-graph export (subprocess, the web-app sample)", () => {
  it("json-graph holds exactly the database's nodes and distinct edges", () => {
    const graph = fromJsonGraph(exported("--format", "json-graph"));
    expect(graph.nodes.length).toBeGreaterThan(200);
    expect(graph).toEqual(truth.all());
  });

  it("DOT: Graphviz's grammar reads it back (one cluster per file) and, when installed, `dot` renders it", () => {
    const text = exported("--format", "dot");
    const graph = parseDot(text).children[0];
    const clusters = (graph?.children ?? []).filter((child): child is SubgraphASTNode => child.type === "Subgraph");
    const nodes = clusters.flatMap((cluster) =>
      cluster.children.filter((child): child is NodeASTNode => child.type === "Node").map((node) => node.id.value),
    );
    const edges = (graph?.children ?? [])
      .filter((child): child is EdgeASTNode => child.type === "Edge")
      .map((edge) => {
        const label = edge.children.find(
          (attribute) => attribute.type === "Attribute" && attribute.key.value === "label",
        );
        return `${label?.type === "Attribute" ? label.value.value : ""} ${edge.targets.map((target) => ("id" in target ? target.id.value : "")).join(" ")}`;
      });
    expect(sorted({ nodes, edges })).toEqual(truth.all());
    expect(clusters).toHaveLength(
      (truth.db.prepare("SELECT COUNT(DISTINCT file) AS n FROM nodes").get() as { n: number }).n,
    );
    const dot = spawnSync("dot", ["-Tsvg"], { input: text, encoding: "utf8", maxBuffer: 1 << 28 });
    if (dot.error !== undefined) {
      console.log(`skipped rendering with Graphviz: ${dot.error.message} (apt-get install graphviz)`);
      return;
    }
    expect(dot.stderr).toBe("");
    expect(dot.status).toBe(0);
    expect(dot.stdout).toContain("<svg");
  });

  it("GraphML: an XML parser reads it back, every edge between declared nodes", () => {
    const xml = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: "",
      htmlEntities: true,
      trimValues: false,
    });
    const out = path.join(makeTempDir(), "graph.graphml");
    runCli(["export", root, "--format", "graphml", "--out", out]);
    const parsed = xml.parse(fs.readFileSync(out, "utf8")) as {
      graphml: {
        graph: {
          node: { id: string }[];
          edge: { source: string; target: string; data: { key: string; "#text": string }[] }[];
        };
      };
    };
    const { node, edge } = parsed.graphml.graph;
    const edges = edge.map(
      (e) => `${e.data.find((data) => data.key === "edgeKind")?.["#text"]} ${e.source} ${e.target}`,
    );
    expect(sorted({ nodes: node.map((n) => n.id), edges })).toEqual(truth.all());
  });

  it("CSV: --out names a folder that gets nodes.csv and edges.csv, in neo4j-admin's header form", () => {
    const folder = path.join(makeTempDir(), "neo4j");
    const result = runCli(["export", root, "--format", "csv", "--out", folder]);
    expect(result.status).toBe(0);
    expect(fs.readdirSync(folder).sort()).toEqual(["edges.csv", "nodes.csv"]);
    const nodes = parseCsv(fs.readFileSync(path.join(folder, "nodes.csv"))) as string[][];
    const edges = parseCsv(fs.readFileSync(path.join(folder, "edges.csv"))) as string[][];
    expect(nodes[0]?.slice(0, 2)).toEqual(["key:ID", ":LABEL"]);
    expect(edges[0]?.slice(0, 3)).toEqual([":START_ID", ":END_ID", ":TYPE"]);
    const graph = sorted({
      nodes: nodes.slice(1).map((row) => row[0] ?? ""),
      edges: edges.slice(1).map(([start, end, type]) => `${type} ${start} ${end}`),
    });
    expect(graph).toEqual(truth.all());
    expect(result.stderr).toBe(`ts-graph: exported ${graph.nodes.length} nodes and ${graph.edges.length} edges\n`);
  });

  it("Cypher: one MERGE row per node and per edge, batched with UNWIND", () => {
    const text = exported("--format", "cypher");
    const nodes = [...text.matchAll(/^\{key:("(?:[^"\\]|\\.)*")/gm)].map(
      (match) => JSON.parse(match[1] ?? "") as string,
    );
    const statements = text.split(";\n").filter((statement) => statement.trim() !== "");
    const edges = statements.flatMap((statement) => {
      const type = /MERGE \(a\)-\[r:(\w+)\]->\(b\)/.exec(statement)?.[1];
      if (type === undefined) return [];
      return [...statement.matchAll(/^\{source:("(?:[^"\\]|\\.)*"),target:("(?:[^"\\]|\\.)*")/gm)].map(
        (match) => `${type} ${JSON.parse(match[1] ?? "")} ${JSON.parse(match[2] ?? "")}`,
      );
    });
    expect(sorted({ nodes, edges })).toEqual(truth.all());
  });

  it("is byte-identical from run to run, in every format", () => {
    for (const format of ["dot", "graphml", "json-graph", "cypher"])
      expect(exported("--format", format)).toBe(exported("--format", format));
  });

  it("--kinds keeps nodes of those kinds and the edges between them", () => {
    const graph = fromJsonGraph(exported("--format", "json-graph", "--kinds", "class,Interface"));
    expect(graph).toEqual(truth.all("kind IN ('Class', 'Interface')"));
    expect(graph.edges.length).toBeGreaterThan(0);
  });

  it("--in keeps the nodes of the files under a folder (a path relative to the working directory)", () => {
    const result = runCli(["export", ".", "--format", "json-graph", "--in", "backend/services"], { cwd: root });
    expect(result.status).toBe(0);
    expect(fromJsonGraph(result.stdout)).toEqual(truth.all("file LIKE 'backend/services/%'"));
    const file = runCli(["export", root, "--format", "json-graph", "--in", path.join(root, "backend", "server.ts")]);
    expect(fromJsonGraph(file.stdout)).toEqual(truth.all("file = 'backend/server.ts'"));
  });

  it("--from and --depth keep a declaration's neighbourhood, along edges either way", () => {
    const key = "backend/services/token-service.ts:TokenService.issue";
    const near = truth.db
      .prepare<[string, string, string], { key: string }>(
        "SELECT ? AS key UNION SELECT target FROM edges WHERE source = ? UNION SELECT source FROM edges WHERE target = ?",
      )
      .all(key, key, key)
      .map((row) => row.key);
    const graph = fromJsonGraph(exported("--format", "json-graph", "--from", "TokenService.issue", "--depth", "1"));
    expect(graph).toEqual(truth.all(`key IN (${near.map(() => "?").join(", ")})`, ...near));
    expect(graph.nodes.length).toBeGreaterThan(2);
  });

  it("refuses bad input with exit 2 and a sentence, leaving --out as it was", () => {
    const out = path.join(makeTempDir(), "graph.dot");
    fs.writeFileSync(out, "before");
    const cases: [string[], RegExp][] = [
      [["--format", "png"], /--format must be one of dot, graphml, json-graph, cypher, csv/],
      [["--format", "dot", "--kinds", "Widget"], /"Widget" is not a node kind/],
      [["--format", "dot", "--kinds", " , "], /--kinds names no node kind/],
      [["--format", "dot", "--depth", "2"], /--depth needs --from SYMBOL/],
      [["--format", "dot", "--from", "noSuchDeclarationAnywhere"], /No declaration "noSuchDeclarationAnywhere"/],
      [["--format", "dot", "--in", "/etc"], /outside|not inside|root/i],
      [["--format", "csv"], /--format csv writes two files/],
      [["--format", "dot", "--in", path.join(root, "backend", "no-such-folder")], /does not exist/],
    ];
    for (const [args, message] of cases) {
      const result = runCli(["export", root, ...args, "--out", ...(args.includes("csv") ? ["-"] : [out])]);
      expect(result.status, args.join(" ")).toBe(2);
      expect(result.stderr).toMatch(message);
    }
    const database = runCli(["export", root, "--format", "dot", "--out", path.join(root, ".ts-graph", "graph.db")]);
    expect(database.status).toBe(2);
    expect(database.stderr).toMatch(/is the graph's database/);
    const config = path.join(root, "ts-graph.config.json");
    fs.writeFileSync(config, "{}\n");
    const configured = runCli(["export", root, "--format", "dot", "--out", config]);
    expect(configured.stderr).toMatch(/is the root's ts-graph configuration/);
    expect(configured.status).toBe(2);
    expect(fs.readFileSync(config, "utf8")).toBe("{}\n");
    fs.rmSync(config);
    expect(fs.readFileSync(out, "utf8")).toBe("before");
    expect(fs.readdirSync(path.dirname(out))).toEqual(["graph.dot"]);
  });

  it("refuses --out at the database's real path when --db reaches it through a symbolic link", () => {
    const project = indexedSampleProject("web-app").root;
    const database = path.join(project, ".ts-graph", "graph.db");
    fs.symlinkSync(database, path.join(project, "graph-link.db"));
    const before = fs.readFileSync(database);
    const result = runCli([
      "export",
      project,
      "--format",
      "dot",
      "--db",
      path.join(project, "graph-link.db"),
      "--out",
      database,
    ]);
    expect(result.stderr).toMatch(/is the graph's database/);
    expect(result.status).toBe(2);
    expect(fs.readFileSync(database).equals(before)).toBe(true);
  });

  it("refuses an --out through a file with exit 2 and a sentence, for one file and for csv's folder", () => {
    const plain = path.join(makeTempDir(), "plain");
    fs.writeFileSync(plain, "x");
    for (const format of ["dot", "csv"]) {
      const result = runCli(["export", root, "--format", format, "--out", path.join(plain, "inner")]);
      expect(result.stderr, format).toMatch(/a part of the path is a file, not a folder/);
      expect(result.status, format).toBe(2);
    }
  });

  it("ends quietly with SIGPIPE's code when its reader closes the pipe early (`export | head -1`)", () => {
    const result = spawnSync(
      "bash",
      ["-o", "pipefail", "-c", `"${process.execPath}" dist/cli.js export "${root}" --format dot | head -1`],
      {
        encoding: "utf8",
      },
    );
    expect(result.stdout).toBe('digraph "ts-graph" {\n');
    expect(result.stderr).toBe("");
    expect(result.status).toBe(141);
  });
});
