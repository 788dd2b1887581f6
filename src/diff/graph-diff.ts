/**
 * The pure core of `ts-graph diff` (docs/ci.md): two graphs' declarations and edges in, what changed out.
 * No IO and no TypeScript: reading the graphs (read-side.ts) and classifying API changes (api-rules.ts) are
 * apart.
 */
import { replaceName } from "../model/body-hash.js";
import { declarationKey, parseNodeKey } from "../model/node-key.js";

/** A declaration as the diff compares it. */
export interface DiffNode {
  readonly key: string;
  readonly kind: string;
  readonly name: string;
  readonly file: string;
  /** The container's key; undefined for a File node and, in a snapshot, for what no CONTAINS edge holds. */
  readonly parent: string | undefined;
  readonly exported: boolean;
  readonly modifiers: readonly string[];
  readonly signature: string;
  readonly startLine: number;
  /** A hash of the declaration's text with its own name blanked out, when the side's sources were readable. */
  readonly body: string | undefined;
}

export interface DiffEdge {
  readonly kind: string;
  readonly source: string;
  readonly target: string;
}

export interface GraphSideData {
  readonly nodes: readonly DiffNode[];
  readonly edges: readonly DiffEdge[];
}

/** What a declaration that kept its key changed: line moves alone are no change. */
export type ChangedAspect = "signature" | "kind" | "modifiers" | "exported" | "body";

export interface DeclarationState {
  readonly kind: string;
  readonly signature: string;
  readonly modifiers: readonly string[];
  readonly exported: boolean;
}

export interface ChangedDeclaration {
  readonly key: string;
  readonly aspects: readonly ChangedAspect[];
  readonly before: DeclarationState;
  readonly after: DeclarationState;
}

/** A declaration found under another key: moved (another file or container, same name), renamed (same place), or both. */
export interface MovedDeclaration {
  readonly from: string;
  readonly to: string;
  readonly how: "moved" | "renamed" | "moved and renamed";
  /** Matched by signature and body hash (`body`), or else (a side kept no bodies, or the body changed too) by kind, name and signature (`signature`). */
  readonly matchedBy: "body" | "signature";
  readonly before: DeclarationState;
  readonly after: DeclarationState;
}

export interface EdgeChange {
  readonly kind: string;
  readonly target: string;
}

/** The edges one declaration (the edge's source, named as in head) gained and lost. */
export interface DeclarationEdges {
  readonly key: string;
  readonly added: readonly EdgeChange[];
  readonly removed: readonly EdgeChange[];
}

export interface GraphDiff {
  readonly filesAdded: readonly string[];
  readonly filesRemoved: readonly string[];
  /** Declarations only in head (members of an added container are listed under it, not here). */
  readonly added: readonly DiffNode[];
  /** Declarations only in base (members of a removed container likewise). */
  readonly removed: readonly DiffNode[];
  readonly changed: readonly ChangedDeclaration[];
  readonly moved: readonly MovedDeclaration[];
  readonly edges: readonly DeclarationEdges[];
}

function stateOf(node: DiffNode): DeclarationState {
  return { kind: node.kind, signature: node.signature, modifiers: node.modifiers, exported: node.exported };
}

/** The signature with the declaration's own name blanked out, so that a rename keeps it. */
function anonymousSignature(node: Pick<DiffNode, "name" | "signature">): string {
  return replaceName(node.signature, node.name, "\u0000");
}

function aspectsOf(before: DiffNode, after: DiffNode): ChangedAspect[] {
  const aspects: ChangedAspect[] = [];
  if (before.signature !== after.signature) aspects.push("signature");
  if (before.kind !== after.kind) aspects.push("kind");
  if (before.modifiers.join(" ") !== after.modifiers.join(" ")) aspects.push("modifiers");
  if (before.exported !== after.exported) aspects.push("exported");
  if (before.body !== undefined && after.body !== undefined && before.body !== after.body) aspects.push("body");
  return aspects;
}

/** One-to-one matches of removed to added declarations by a match key; a key that several share on a side matches nothing. */
function uniqueMatches(
  removed: readonly DiffNode[],
  added: readonly DiffNode[],
  keyOf: (node: DiffNode) => string | undefined,
): [DiffNode, DiffNode][] {
  const group = (nodes: readonly DiffNode[]): Map<string, DiffNode[]> => {
    const groups = new Map<string, DiffNode[]>();
    for (const node of nodes) {
      const key = keyOf(node);
      if (key !== undefined) groups.set(key, [...(groups.get(key) ?? []), node]);
    }
    return groups;
  };
  const addedGroups = group(added);
  const pairs: [DiffNode, DiffNode][] = [];
  for (const [key, fromNodes] of group(removed)) {
    const toNodes = addedGroups.get(key);
    if (fromNodes.length === 1 && toNodes?.length === 1 && fromNodes[0] !== undefined && toNodes[0] !== undefined)
      pairs.push([fromNodes[0], toNodes[0]]);
  }
  return pairs;
}

/** Declarations that left one key for another: by body and anonymous signature first, then by kind, name and signature (never a rename). */
function matchMoves(removed: readonly DiffNode[], added: readonly DiffNode[]): MovedDeclaration[] {
  const declarations = (nodes: readonly DiffNode[]) => nodes.filter((node) => node.kind !== "File");
  const byBody = uniqueMatches(declarations(removed), declarations(added), (node) =>
    node.body === undefined ? undefined : JSON.stringify([node.kind, anonymousSignature(node), node.body]),
  );
  const matched = new Set(byBody.flatMap(([from, to]) => [from.key, to.key]));
  // Then by kind, name and signature: a side that kept no bodies, or a declaration moved and edited.
  const rest = (nodes: readonly DiffNode[]) => declarations(nodes).filter((node) => !matched.has(node.key));
  const bySignature = uniqueMatches(rest(removed), rest(added), (node) =>
    JSON.stringify([node.kind, node.name, node.signature]),
  );
  const moves = [
    ...byBody.map((pair) => [...pair, "body"] as const),
    ...bySignature.map((pair) => [...pair, "signature"] as const),
  ];
  const movedTo = new Map(moves.map(([from, to]) => [from.key, to.key]));
  return moves
    .filter(([from, to]) => from.parent === undefined || movedTo.get(from.parent) !== to.parent)
    .map(([from, to, matchedBy]) => ({
      from: from.key,
      to: to.key,
      how:
        from.name === to.name
          ? "moved"
          : from.file === to.file && from.parent === to.parent
            ? "renamed"
            : "moved and renamed",
      matchedBy,
      before: stateOf(from),
      after: stateOf(to),
    }));
}

/** Declarations whose container is not among the same nodes: a removed class is listed, its members are not (a removed file's declarations are). */
function outermost(nodes: readonly DiffNode[]): DiffNode[] {
  const declarations = nodes.filter((node) => node.kind !== "File");
  const keys = new Set(declarations.map((node) => node.key));
  return declarations.filter((node) => node.parent === undefined || !keys.has(node.parent));
}

function byKey(a: { readonly key: string }, b: { readonly key: string }): number {
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareEdges(a: DiffEdge, b: DiffEdge): number {
  return compareText(a.kind, b.kind) || compareText(a.source, b.source) || compareText(a.target, b.target);
}

/** The edges but CONTAINS, sorted by kind, source and target (a snapshot's edges come sorted: then only checked). */
function sortedEdges(edges: readonly DiffEdge[]): DiffEdge[] {
  const kept = edges.filter((edge) => edge.kind !== "CONTAINS");
  for (let index = 1; index < kept.length; index += 1) {
    if (compareEdges(kept[index - 1] as DiffEdge, kept[index] as DiffEdge) > 0) return kept.sort(compareEdges);
  }
  return kept;
}

/** Edges gained and lost, base keys renamed to head's for moved declarations, grouped by source; CONTAINS left out. One merge of both sides' sorted edges. */
function edgeChanges(
  base: GraphSideData,
  head: GraphSideData,
  renamed: ReadonlyMap<string, string>,
): DeclarationEdges[] {
  const rename = (edge: DiffEdge): DiffEdge => {
    const source = renamed.get(edge.source) ?? edge.source;
    const target = renamed.get(edge.target) ?? edge.target;
    return source === edge.source && target === edge.target ? edge : { kind: edge.kind, source, target };
  };
  const before = sortedEdges(renamed.size === 0 ? base.edges : base.edges.map(rename));
  const after = sortedEdges(head.edges);
  const bySource = new Map<string, { added: EdgeChange[]; removed: EdgeChange[] }>();
  const entry = (source: string) => {
    const known = bySource.get(source);
    if (known !== undefined) return known;
    const found: { added: EdgeChange[]; removed: EdgeChange[] } = { added: [], removed: [] };
    bySource.set(source, found);
    return found;
  };
  let i = 0;
  let j = 0;
  while (i < before.length || j < after.length) {
    const old = before[i];
    const now = after[j];
    const order = old === undefined ? 1 : now === undefined ? -1 : compareEdges(old, now);
    const edge = (order <= 0 ? old : now) as DiffEdge;
    if (order < 0) entry(edge.source).removed.push({ kind: edge.kind, target: edge.target });
    if (order > 0) entry(edge.source).added.push({ kind: edge.kind, target: edge.target });
    // Past this edge on each side that has it, repeats included.
    if (order <= 0) while (i < before.length && compareEdges(before[i] as DiffEdge, edge) === 0) i += 1;
    if (order >= 0) while (j < after.length && compareEdges(after[j] as DiffEdge, edge) === 0) j += 1;
  }
  const sortChanges = (changes: EdgeChange[]) =>
    changes.sort((a, b) => compareText(a.kind, b.kind) || compareText(a.target, b.target));
  return [...bySource]
    .map(([key, changes]) => ({ key, added: sortChanges(changes.added), removed: sortChanges(changes.removed) }))
    .sort(byKey);
}

/** Compares two graphs: files, declarations (added, removed, changed, moved) and edges. */
export function diffGraphs(base: GraphSideData, head: GraphSideData): GraphDiff {
  const baseNodes = new Map(base.nodes.map((node) => [node.key, node]));
  const headNodes = new Map(head.nodes.map((node) => [node.key, node]));
  const onlyBase = base.nodes.filter((node) => !headNodes.has(node.key));
  const onlyHead = head.nodes.filter((node) => !baseNodes.has(node.key));
  const moved = matchMoves(onlyBase, onlyHead);
  const movedFrom = new Set(moved.map((move) => move.from));
  const movedTo = new Set(moved.map((move) => move.to));
  const renamed = new Map(moved.map((move) => [move.from, move.to]));
  // Members that moved with their container are matched too (so that their edges read as unchanged), but reported under it.
  for (const [from, to] of pairsBelowMoves(onlyBase, onlyHead, renamed)) {
    movedFrom.add(from);
    movedTo.add(to);
    renamed.set(from, to);
  }
  const changed: ChangedDeclaration[] = [];
  for (const after of head.nodes) {
    const before = baseNodes.get(after.key);
    if (before === undefined || after.kind === "File") continue;
    const aspects = aspectsOf(before, after);
    if (aspects.length > 0) changed.push({ key: after.key, aspects, before: stateOf(before), after: stateOf(after) });
  }
  return {
    filesAdded: onlyHead
      .filter((node) => node.kind === "File")
      .map((node) => node.key)
      .sort(),
    filesRemoved: onlyBase
      .filter((node) => node.kind === "File")
      .map((node) => node.key)
      .sort(),
    added: outermost(onlyHead.filter((node) => !movedTo.has(node.key))).sort(byKey),
    removed: outermost(onlyBase.filter((node) => !movedFrom.has(node.key))).sort(byKey),
    changed: changed.sort(byKey),
    moved: moved.sort((a, b) => byKey({ key: a.from }, { key: b.from })),
    edges: edgeChanges(base, head, renamed),
  };
}

/** The members of moved containers, paired by their qualified name under the container's new key. */
function pairsBelowMoves(
  onlyBase: readonly DiffNode[],
  onlyHead: readonly DiffNode[],
  renamed: ReadonlyMap<string, string>,
): [string, string][] {
  const headKeys = new Set(onlyHead.map((node) => node.key));
  const pairs: [string, string][] = [];
  const baseByParent = new Map<string, DiffNode[]>();
  for (const node of onlyBase)
    if (node.parent !== undefined) baseByParent.set(node.parent, [...(baseByParent.get(node.parent) ?? []), node]);
  const queue = [...renamed];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    const [fromParent, toParent] = next;
    for (const member of baseByParent.get(fromParent) ?? []) {
      if (renamed.has(member.key)) continue;
      const target = keyUnderMovedContainer(member.key, fromParent, toParent);
      if (target === undefined || !headKeys.has(target)) continue;
      pairs.push([member.key, target]);
      queue.push([member.key, target]);
    }
  }
  return pairs;
}

/** The key a member of a container has once the container moved (`a.ts:Cart.total` under `b.ts:Basket` is `b.ts:Basket.total`). */
function keyUnderMovedContainer(member: string, fromParent: string, toParent: string): string | undefined {
  const memberName = parseNodeKey(member).qualifiedName;
  const from = parseNodeKey(fromParent);
  const to = parseNodeKey(toParent);
  if (memberName === undefined || from.qualifiedName === undefined || to.qualifiedName === undefined) return undefined;
  if (!memberName.startsWith(`${from.qualifiedName}.`)) return undefined;
  return declarationKey(to.file, `${to.qualifiedName}${memberName.slice(from.qualifiedName.length)}`);
}
