/**
 * The reference oracle (issue 12, docs/accuracy.md "Reference completeness"): for every node of a corpus's
 * graph, the language service's find-all-references lists the places that use it; each use outside the
 * node's own declaration and outside imports and exports must be an edge into the node from the
 * declaration that encloses the use.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import Database from "better-sqlite3";
import ts from "typescript-6";
import { createLanguageService } from "./call-hierarchy.js";
import { enclosingNode, placeNodes, type GraphNode, type PlacedNode } from "./graph-declarations.js";
import { RELATED_MEMBER, referenceForm, tokenAt } from "./reference-form.js";
import { symbolReferenceAnswers } from "./reference-symbols.js";

/** What find-references answered for one node: its definitions (`file:position`) and its other sites. */
export interface ReferenceAnswer {
  readonly definitions: readonly string[];
  readonly sites: readonly (readonly [file: string, position: number])[];
}

/** How a use relates to the graph. */
export type Verdict = "edge" | "edge from a container" | "edge, other line" | "missing";

export interface ReferenceSite {
  readonly target: GraphNode;
  /** The kind as reported: `Method of Class`, `Property of Interface`, `Function`, … */
  readonly targetKind: string;
  readonly file: string;
  readonly line: number;
  readonly form: string;
  /** The key of the innermost node whose declaration contains the site (the file's key for top-level code). */
  readonly enclosing: string;
  readonly verdict: Verdict;
}

export interface ReferenceEdgeCheck {
  readonly source: string;
  readonly target: string;
  readonly file: string;
  readonly line: number;
  readonly listed: boolean;
}

export interface OracleResult {
  readonly sites: readonly ReferenceSite[];
  /** The uses of each node (`file:nameLine:name`), as the oracle found them. */
  readonly answers: ReadonlyMap<string, ReferenceAnswer>;
  /** Which way the uses were found. */
  readonly engine: "find-references" | "symbols";
  /** Every line of every REFERENCES edge, and whether find-references lists a use of its target there. */
  readonly referenceEdges: readonly ReferenceEdgeCheck[];
  readonly nodes: number;
  readonly unplaced: readonly GraphNode[];
  readonly asked: number;
  readonly cached: number;
  readonly excluded: number;
  readonly insideOwnDeclaration: number;
  /** Uses of a property of a union of several declarations (one-pass engine), counted for the first of them. */
  readonly unionUses: number;
  readonly ms: number;
  /** The text of a line of a corpus file, for reports. */
  readonly lineText: (file: string, line: number) => string;
}

export interface OracleOptions {
  readonly root: string;
  readonly tsconfigPath: string;
  readonly dbPath: string;
  /**
   * Ask find-references node by node, with the answers of earlier runs by node (`file:nameLine:name`); filled
   * with the new ones. Without it, one pass over every name finds the same (reference-symbols.ts).
   */
  readonly findReferences?: Map<string, ReferenceAnswer>;
  /** Progress on stderr. */
  readonly log?: (message: string) => void;
  /** Called every 2,000 new answers, to save them (a long run that dies keeps what it asked). */
  readonly checkpoint?: () => void;
}

interface EdgeRow {
  readonly kind: string;
  readonly source: string;
  readonly target: string;
  readonly lines: string;
}

const NODES_SQL =
  "SELECT key, file, kind, name, name_line AS nameLine, start_line AS startLine, end_line AS endLine, parent_key AS parentKey FROM nodes ORDER BY file, start_line";
const EDGES_SQL = "SELECT kind, source, target, lines FROM edges WHERE kind <> 'CONTAINS'";

/** Edges by source, then target: each kind with its site lines (null for kinds that keep none). */
type EdgeIndex = Map<string, Map<string, { kind: string; lines: ReadonlySet<number> | null }[]>>;

function readGraph(dbPath: string): { nodes: GraphNode[]; edges: EdgeIndex; references: EdgeRow[] } {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    const nodes = db.prepare(NODES_SQL).all() as GraphNode[];
    const edges: EdgeIndex = new Map();
    const references: EdgeRow[] = [];
    for (const edge of db.prepare(EDGES_SQL).all() as EdgeRow[]) {
      const lines = JSON.parse(edge.lines) as number[];
      const byTarget =
        edges.get(edge.source) ?? new Map<string, { kind: string; lines: ReadonlySet<number> | null }[]>();
      edges.set(edge.source, byTarget);
      const list = byTarget.get(edge.target) ?? [];
      byTarget.set(edge.target, list);
      list.push({ kind: edge.kind, lines: lines.length === 0 ? null : new Set(lines) });
      if (edge.kind === "REFERENCES") references.push(edge);
    }
    return { nodes, edges, references };
  } finally {
    db.close();
  }
}

function nodeId(node: GraphNode): string {
  return `${node.file}:${node.nameLine}:${node.name}`;
}

function kindLabel(node: GraphNode, byKey: ReadonlyMap<string, GraphNode>): string {
  if (node.kind !== "Method" && node.kind !== "Property") return node.kind;
  const parent = node.parentKey === null ? undefined : byKey.get(node.parentKey);
  const container =
    parent === undefined || parent.kind === "File"
      ? "module"
      : parent.kind === "Class" || parent.kind === "Interface"
        ? parent.kind
        : "object literal";
  return `${node.kind} of ${container}`;
}

/**
 * Asks find-references at a node's name. Keeps the group of the symbol whose definitions include the node's
 * name (a node may merge with others: an interface and a namespace of one name) and the groups of its import
 * aliases, and their sites that are not definitions.
 */
function askFindReferences(
  service: ts.LanguageService,
  program: ts.Program,
  root: string,
  placed: PlacedNode,
): ReferenceAnswer {
  const fileName = path.join(root, placed.node.file);
  const own = `${placed.node.file}:${placed.namePosition}`;
  const relative = (name: string): string => path.relative(root, name).split(path.sep).join("/");
  const definitions = new Set<string>([own]);
  const sites: [string, number][] = [];
  for (const group of service.findReferences(fileName, placed.namePosition) ?? []) {
    const groupDefinitions = group.references
      .filter((reference) => reference.isDefinition === true)
      .map((reference) => `${relative(reference.fileName)}:${reference.textSpan.start}`);
    groupDefinitions.push(`${relative(group.definition.fileName)}:${group.definition.textSpan.start}`);
    // The node's own symbol, and the aliases of it that imports and re-exports make (a group each); not the
    // members find-references relates to it (bases, implementations, contextual-type members).
    const isOwn = groupDefinitions.includes(own);
    if (!isOwn && group.definition.kind !== ts.ScriptElementKind.alias) continue;
    if (isOwn) for (const definition of groupDefinitions) definitions.add(definition);
    for (const reference of group.references) {
      if (reference.isDefinition !== true && program.getSourceFile(reference.fileName) !== undefined)
        sites.push([relative(reference.fileName), reference.textSpan.start]);
    }
  }
  return { definitions: [...definitions].sort(), sites };
}

interface Placement {
  readonly placedByFile: Map<string, PlacedNode[]>;
  readonly unplaced: GraphNode[];
  readonly nodesByFile: Map<string, GraphNode[]>;
}

/** Every node on its declaration, file by file. */
function placeAll(nodes: readonly GraphNode[], sourceFileOf: (file: string) => ts.SourceFile | undefined): Placement {
  const placedByFile = new Map<string, PlacedNode[]>();
  const unplaced: GraphNode[] = [];
  const nodesByFile = new Map<string, GraphNode[]>();
  for (const node of nodes) {
    const list = nodesByFile.get(node.file);
    if (list === undefined) nodesByFile.set(node.file, [node]);
    else list.push(node);
  }
  for (const [file, fileNodes] of nodesByFile) {
    const sourceFile = sourceFileOf(file);
    if (sourceFile === undefined) {
      unplaced.push(...fileNodes.filter((node) => node.kind !== "File"));
      continue;
    }
    const result = placeNodes(sourceFile, fileNodes);
    placedByFile.set(file, result.placed);
    unplaced.push(...result.unplaced);
  }
  return { placedByFile, unplaced, nodesByFile };
}

interface Answers {
  readonly answers: Map<string, ReferenceAnswer>;
  readonly asked: number;
  readonly cached: number;
  readonly unionUses: number;
}

/** The uses of every placed node: one pass over every name, or find-references node by node when asked to. */
function collectAnswers(
  service: ts.LanguageService,
  program: ts.Program,
  placement: Placement,
  entries: readonly PlacedNode[],
  options: OracleOptions,
  startedAt: number,
): Answers {
  const answers = new Map<string, ReferenceAnswer>();
  const known = options.findReferences;
  if (known === undefined) {
    const found = symbolReferenceAnswers(program, options.root, placement.placedByFile);
    for (const [entry, answer] of found.answers) answers.set(nodeId(entry.node), answer);
    return { answers, asked: 0, cached: 0, unionUses: found.unionUses };
  }
  let asked = 0;
  let cached = 0;
  for (const entry of entries) {
    const id = nodeId(entry.node);
    const answer = known.get(id);
    if (answer !== undefined) {
      answers.set(id, answer);
      cached++;
      continue;
    }
    const asking = askFindReferences(service, program, options.root, entry);
    answers.set(id, asking);
    known.set(id, asking);
    asked++;
    if (asked % 1000 === 0)
      options.log?.(
        `find-references asked at ${asked} nodes (${cached} cached), ${Math.round((performance.now() - startedAt) / 1000)} s`,
      );
    if (asked % 2000 === 0) options.checkpoint?.();
  }
  return { answers, asked, cached, unionUses: 0 };
}

/** The verdict on a use: is there an edge into one of `targets` from the enclosing node, or a node containing it? */
function edgeJudge(edges: EdgeIndex, byKey: ReadonlyMap<string, GraphNode>) {
  const ancestors = (key: string): string[] => {
    const chain: string[] = [];
    for (let parent = byKey.get(key)?.parentKey ?? null; parent !== null; parent = byKey.get(parent)?.parentKey ?? null)
      chain.push(parent);
    return chain;
  };
  /** An import("./x").T type is recorded as the file's IMPORTS edge to the target's file. */
  const edgeFrom = (
    source: string,
    targets: readonly string[],
    line: number,
    importOf?: string,
  ): "edge" | "edge, other line" | undefined => {
    const byTarget = edges.get(source);
    let otherLine = false;
    for (const target of targets) {
      for (const edge of byTarget?.get(target) ?? []) {
        if (edge.lines === null || edge.lines.has(line)) return "edge";
        otherLine = true;
      }
    }
    if (importOf !== undefined && (byTarget?.get(importOf) ?? []).some((edge) => edge.kind === "IMPORTS"))
      return "edge";
    return otherLine ? "edge, other line" : undefined;
  };
  return (enclosing: string, targets: readonly string[], line: number, form: string, targetFile: string): Verdict => {
    const importOf = form.startsWith("import(") ? targetFile : undefined;
    const direct = edgeFrom(enclosing, targets, line, importOf);
    if (direct === "edge") return direct;
    // The declaration of a contextual type's member: the OVERRIDES edge runs from the literal's member to it.
    if (form === RELATED_MEMBER && targets.some((target) => edgeFrom(target, [enclosing], line) !== undefined))
      return "edge";
    if (ancestors(enclosing).some((ancestor) => edgeFrom(ancestor, targets, line, importOf) === "edge"))
      return "edge from a container";
    return direct ?? "missing";
  };
}

export function runReferenceOracle(options: OracleOptions): OracleResult {
  const startedAt = performance.now();
  const { nodes, edges, references } = readGraph(options.dbPath);
  const byKey = new Map(nodes.map((node) => [node.key, node]));
  const { service } = createLanguageService(options.tsconfigPath);
  const program = service.getProgram();
  if (program === undefined) throw new Error("the language service built no program");
  const sourceFileOf = (file: string): ts.SourceFile | undefined =>
    program.getSourceFile(path.join(options.root, file));
  const placement = placeAll(nodes, sourceFileOf);
  const nodeAtDefinition = new Map<string, GraphNode>();
  for (const [file, placed] of placement.placedByFile)
    for (const entry of placed) nodeAtDefinition.set(`${file}:${entry.namePosition}`, entry.node);
  // Constructors are left out: their uses are their class's (`new C()`).
  const all = [...placement.placedByFile.values()].flat().filter((entry) => entry.node.kind !== "Constructor");
  const { answers, asked, cached, unionUses } = collectAnswers(service, program, placement, all, options, startedAt);
  const judge = edgeJudge(edges, byKey);

  const sites: ReferenceSite[] = [];
  const listed = new Set<string>();
  let excluded = 0;
  let insideOwnDeclaration = 0;
  for (const entry of all) {
    const answer = answers.get(nodeId(entry.node));
    if (answer === undefined) continue;
    const targets = answer.definitions.flatMap((definition) => {
      const node = nodeAtDefinition.get(definition);
      return node === undefined ? [] : [node.key];
    });
    for (const [file, position] of answer.sites) {
      const sourceFile = sourceFileOf(file);
      if (sourceFile === undefined || !placement.nodesByFile.has(file)) continue;
      const shape = referenceForm(tokenAt(sourceFile, position));
      // find-references lists a parameter property's uses as a parameter too (`xhr` in its constructor).
      const parameterUse = entry.declarationKind === ts.SyntaxKind.Parameter && !shape.member;
      if (shape.excluded || parameterUse) {
        excluded++;
        continue;
      }
      const line = sourceFile.getLineAndCharacterOfPosition(position).line + 1;
      for (const target of targets) listed.add(`${target}|${file}:${line}`);
      if (file === entry.node.file && entry.start <= position && position < entry.end) {
        insideOwnDeclaration++;
        continue;
      }
      const enclosing = enclosingNode(placement.placedByFile.get(file) ?? [], position)?.node.key ?? file;
      const verdict = judge(enclosing, targets, line, shape.form, entry.node.file);
      const form = shape.member ? `${shape.form} (x.f)` : shape.form;
      sites.push({
        target: entry.node,
        targetKind: kindLabel(entry.node, byKey),
        file,
        line,
        form,
        enclosing,
        verdict,
      });
    }
  }

  const referenceEdges: ReferenceEdgeCheck[] = [];
  for (const edge of references) {
    const file = byKey.get(edge.source)?.file ?? edge.source;
    for (const line of JSON.parse(edge.lines) as number[]) {
      referenceEdges.push({
        source: edge.source,
        target: edge.target,
        file,
        line,
        listed: listed.has(`${edge.target}|${file}:${line}`),
      });
    }
  }

  const lineText = (file: string, line: number): string => {
    const sourceFile = sourceFileOf(file);
    return sourceFile === undefined ? "" : (sourceFile.text.split(/\r?\n/)[line - 1] ?? "").trim();
  };
  return {
    sites,
    answers,
    engine: options.findReferences === undefined ? "symbols" : "find-references",
    referenceEdges,
    nodes: nodes.length,
    unplaced: placement.unplaced,
    asked,
    cached,
    excluded,
    insideOwnDeclaration,
    unionUses,
    ms: Math.round(performance.now() - startedAt),
    lineText,
  };
}

/** Reads the answers cached by an earlier run (an empty map when there are none). */
export function readAnswers(cacheFile: string): Map<string, ReferenceAnswer> {
  if (!fs.existsSync(cacheFile)) return new Map();
  return new Map(JSON.parse(fs.readFileSync(cacheFile, "utf8")) as [string, ReferenceAnswer][]);
}

export function writeAnswers(cacheFile: string, answers: ReadonlyMap<string, ReferenceAnswer>): void {
  fs.mkdirSync(path.dirname(cacheFile), { recursive: true });
  fs.writeFileSync(cacheFile, JSON.stringify([...answers]));
}
