import type { SqliteDb } from "../../db/open-graph-db.js";
import type { NodeKind } from "../../model/graph-kinds.js";
import { parseNodeKey, type NodeKey } from "../../model/node-key.js";
import { preparedStatements } from "../prepared-statements.js";
import { echoed } from "../answer/text.js";
import { ToolInputError } from "../tool-errors.js";

/**
 * How a tool is told which declaration it is about. `symbol` is one of:
 * - a node key: `src/cart.ts:Cart.total` (a file's key is its path: `src/cart.ts`);
 * - a qualified name: `Cart.total`, or any suffix of one (`total`);
 * - a file path or file name: `src/cart.ts`, `cart.ts`.
 * `file` (relative to the root) narrows the search to one file.
 */
export interface SymbolAddress {
  readonly symbol: string;
  readonly file?: string | undefined;
}

/** What a tool needs to show a node: where it is and what it is. */
export interface SymbolNode {
  readonly key: NodeKey;
  readonly kind: NodeKind;
  readonly file: string;
  readonly qualifiedName: string;
  readonly startLine: number;
  readonly endLine: number;
}

export type SymbolResolution =
  | { readonly status: "found"; readonly node: SymbolNode }
  | { readonly status: "ambiguous"; readonly candidates: readonly SymbolNode[] }
  | { readonly status: "not-found"; readonly suggestions: readonly SymbolNode[] };

/** The columns of `nodes` that make a SymbolNode (for `SELECT ${SYMBOL_COLUMNS} FROM nodes …`). */
export const SYMBOL_COLUMNS =
  "key, kind, file, qualified_name AS qualifiedName, start_line AS startLine, end_line AS endLine";

const statements = preparedStatements({
  byKey: `SELECT ${SYMBOL_COLUMNS} FROM nodes WHERE key = ?`,
  byName: `SELECT ${SYMBOL_COLUMNS} FROM nodes WHERE name = ? ORDER BY key`,
  byNameInFile: `SELECT ${SYMBOL_COLUMNS} FROM nodes WHERE name = ? AND file = ? ORDER BY key`,
  distinctNames: "SELECT DISTINCT name FROM nodes",
  // The accessors (of the kind the GLOB pattern names) of the property a node is a member or accessor of, as static as it.
  accessorsBeside: `SELECT o.key, o.kind, o.file, o.qualified_name AS qualifiedName, o.start_line AS startLine, o.end_line AS endLine
    FROM nodes n JOIN nodes o ON o.file = n.file AND o.name = n.name AND o.parent_key IS n.parent_key AND o.kind = 'Method'
    WHERE n.key = ? AND ' ' || o.modifiers || ' ' GLOB ?
      AND (' ' || o.modifiers || ' ' GLOB '* static *') = (' ' || n.modifiers || ' ' GLOB '* static *')
    ORDER BY o.key`,
  // The functions, variables and classes declared under a type's name in its scope (`interface X` and `function X`).
  valueTwins: `SELECT o.key, o.kind, o.file, o.qualified_name AS qualifiedName, o.start_line AS startLine, o.end_line AS endLine
    FROM nodes n JOIN nodes o ON o.file = n.file AND o.name = n.name AND o.parent_key IS n.parent_key AND o.kind IN ('Function', 'Variable', 'Class')
    WHERE n.key = ? AND n.kind IN ('Interface', 'TypeAlias') ORDER BY o.key`,
});

const SOURCE_FILE = /\.[cm]?[jt]sx?$/;
const MAX_SUGGESTIONS = 8;
const SUGGESTED_NAMES = 5;

/** The name column to look up and the qualified name (a file node's is its path) to match. */
interface Wanted {
  readonly name: string;
  readonly qualifiedName: string;
  /** What separates a container from the wanted qualified name when only a suffix was given. */
  readonly separator: "." | "/";
  readonly file: string | undefined;
}

function wantedFrom(address: SymbolAddress): Wanted {
  const symbol = address.symbol.trim();
  const parsed = parseNodeKey(symbol);
  if (parsed.qualifiedName !== undefined) return wantedDeclaration(parsed.qualifiedName, address.file ?? parsed.file);
  if (symbol.includes("/") || SOURCE_FILE.test(symbol)) {
    const path = symbol.replace(/^\.\//, "");
    return { name: path.slice(path.lastIndexOf("/") + 1), qualifiedName: path, separator: "/", file: address.file };
  }
  return wantedDeclaration(symbol, address.file);
}

function wantedDeclaration(qualifiedName: string, file: string | undefined): Wanted {
  const last = qualifiedName.slice(qualifiedName.lastIndexOf(".") + 1);
  return { name: last.replace(/#.*$/, ""), qualifiedName, separator: ".", file };
}

function candidatesFor(db: SqliteDb, wanted: Wanted): SymbolNode[] {
  const sql = statements(db);
  return (
    wanted.file === undefined ? sql.byName.all(wanted.name) : sql.byNameInFile.all(wanted.name, wanted.file)
  ) as SymbolNode[];
}

/** `Wallet.balance#set` → `Wallet.balance`: the second declaration of a name still answers to the name. */
function withoutVariant(qualifiedName: string): string {
  return qualifiedName.replace(/#[^.]*$/, "");
}

/** One match is found; several are ambiguous; none is undefined. */
function decide(matches: readonly SymbolNode[]): SymbolResolution | undefined {
  const [only] = matches;
  if (only === undefined) return undefined;
  return matches.length === 1 ? { status: "found", node: only } : { status: "ambiguous", candidates: matches };
}

/**
 * Finds the one declaration an address means. An exact node key wins; then an exact qualified name (a bare
 * name only when no member elsewhere has it too); then qualified names that end with the given one
 * (`total` → `Cart.total`; a `#variant` counts as its name). Several matches are ambiguous (every candidate is returned),
 * none is not found (the closest names are returned). Never picks one of several silently. An address that ends in
 * `#get`/`#set` and names no node that way is the getter or setter of the property the rest names (accessorOf). A
 * static member beside an instance namesake is keyed `Class.member#static` (node-key.ts): `Class.member` is the instance one.
 */
export function resolveSymbol(db: SqliteDb, address: SymbolAddress): SymbolResolution {
  const resolution = resolveAddress(db, address);
  const accessor = ACCESSOR_ADDRESS.exec(address.symbol.trim());
  if (resolution.status !== "not-found" || accessor === null) return resolution;
  return (
    accessorOf(
      db,
      { ...address, symbol: address.symbol.trim().slice(0, accessor.index) },
      accessor[1] === "get" ? "get" : "set",
    ) ?? resolution
  );
}

/** `Gauge.level#get`, `src/gauge.ts:Gauge.level#static#set`: one accessor of a property. */
const ACCESSOR_ADDRESS = /#(get|set)$/;

/**
 * The getter or setter of the property an address names (`Gauge.level` + get), when no node is keyed with the
 * `#get`/`#set` itself (a getter is keyed by the plain name; `#get` is a key only for a getter declared after its setter).
 */
function accessorOf(db: SqliteDb, property: SymbolAddress, access: "get" | "set"): SymbolResolution | undefined {
  const base = resolveAddress(db, property);
  const nodes = base.status === "found" ? [base.node] : base.status === "ambiguous" ? base.candidates : [];
  const accessors = new Map<string, SymbolNode>();
  for (const node of nodes) {
    for (const found of statements(db).accessorsBeside.all(node.key, `* ${access} *`) as SymbolNode[])
      accessors.set(found.key, found);
  }
  return decide([...accessors.values()]);
}

/** resolveSymbol without the accessor addresses. */
function resolveAddress(db: SqliteDb, address: SymbolAddress): SymbolResolution {
  const exactKey = statements(db).byKey.get(address.symbol.trim()) as SymbolNode | undefined;
  if (exactKey !== undefined && (address.file === undefined || exactKey.file === address.file))
    return { status: "found", node: exactKey };
  const wanted = wantedFrom(address);
  const candidates = candidatesFor(db, wanted);
  const suffix = `${wanted.separator}${wanted.qualifiedName}`;
  const exact = candidates.filter((node) => node.qualifiedName === wanted.qualifiedName);
  const members = candidates.filter(
    (node) => node.qualifiedName !== wanted.qualifiedName && withoutVariant(node.qualifiedName).endsWith(suffix),
  );
  // A bare name that is both a top-level declaration and a member elsewhere (`login`) is ambiguous;
  // a qualified name (`Cart.total`) or a path that matches exactly is not.
  const bare = !wanted.qualifiedName.includes(wanted.separator);
  return (
    decide(bare && members.length > 0 ? [...exact, ...members] : exact) ??
    decide(members) ?? { status: "not-found", suggestions: suggestionsFor(db, wanted) }
  );
}

/** Edit distance between two strings, or Infinity once it exceeds `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return Infinity;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return Infinity;
    previous = current;
  }
  const distance = previous[b.length] ?? Infinity;
  return distance > limit ? Infinity : distance;
}

/** How close a name is to the wanted one (lower is closer), or undefined when it is not worth suggesting. */
export function nameScore(candidate: string, wanted: string): number | undefined {
  const a = candidate.toLowerCase();
  const b = wanted.toLowerCase();
  if (a === b) return 0;
  if (a.startsWith(b) || b.startsWith(a)) return 1 + Math.abs(a.length - b.length) / 100;
  if (a.includes(b) || (a.length >= 4 && b.includes(a))) return 2 + Math.abs(a.length - b.length) / 100;
  const distance = editDistance(a, b, Math.max(1, Math.floor(b.length / 3)));
  return distance === Infinity ? undefined : 3 + distance;
}

/**
 * The nodes whose names are closest to the wanted one: case-insensitive equality, then prefixes, then
 * substrings, then small edit distances. Reads the distinct names from the name index, not the node table.
 */
function suggestionsFor(db: SqliteDb, wanted: Wanted): SymbolNode[] {
  const sql = statements(db);
  const scored: { readonly name: string; readonly score: number }[] = [];
  for (const name of sql.distinctNames.pluck().all() as string[]) {
    const score = nameScore(name, wanted.name);
    if (score !== undefined) scored.push({ name, score });
  }
  scored.sort((a, b) => a.score - b.score || a.name.localeCompare(b.name));
  const nodes = scored.slice(0, SUGGESTED_NAMES).flatMap(({ name, score }) =>
    (sql.byName.all(name) as SymbolNode[]).map((node) => ({
      node,
      score:
        score * 100 +
        (node.file === wanted.file ? 0 : 1) +
        Math.min(editDistance(node.qualifiedName, wanted.qualifiedName, 50), 50) / 100,
    })),
  );
  nodes.sort((a, b) => a.score - b.score || a.node.key.localeCompare(b.node.key));
  return nodes.slice(0, MAX_SUGGESTIONS).map(({ node }) => node);
}

/** `src/cart.ts:Cart.total (Method, lines 39-41)`: one line an agent can copy an address from. */
export function describeNode(node: SymbolNode): string {
  const lines = node.startLine === node.endLine ? `line ${node.startLine}` : `lines ${node.startLine}-${node.endLine}`;
  return `${node.key} (${node.kind}, ${lines})`;
}

/**
 * The declaration a call query means by a node: a type that shares its name with one function, variable or class
 * of its scope (`interface NonEmptyArrayEnsure` and `function NonEmptyArrayEnsure`, keyed `…#function`) stands for
 * that value, since a type neither calls nor is called; any other node stands for itself.
 */
export function callableNode(db: SqliteDb, node: SymbolNode): SymbolNode {
  const twins = statements(db).valueTwins.all(node.key) as SymbolNode[];
  const [only] = twins;
  return only !== undefined && twins.length === 1 ? only : node;
}

function listed(nodes: readonly SymbolNode[]): string {
  return nodes.map((node) => `\n  - ${describeNode(node)}`).join("");
}

/**
 * The handler edge: the found node, or a ToolInputError that lists the candidates (ambiguous) or the closest
 * names (not found) in its message and in its details.
 */
export function requireSymbol(db: SqliteDb, address: SymbolAddress): SymbolNode {
  const resolution = resolveSymbol(db, address);
  const where = address.file === undefined ? "" : ` in ${echoed(address.file)}`;
  switch (resolution.status) {
    case "found":
      return resolution.node;
    case "ambiguous":
      throw new ToolInputError(
        `"${echoed(address.symbol)}"${where} matches ${resolution.candidates.length} declarations. Give a narrower address: a node key, a longer qualified name, or a file.${listed(resolution.candidates)}`,
        { reason: "ambiguous", candidates: resolution.candidates },
      );
    case "not-found": {
      const hint =
        resolution.suggestions.length > 0
          ? ` Closest names:${listed(resolution.suggestions)}`
          : " Nothing with a similar name either; if the code is new, re-index it (ts-graph index).";
      throw new ToolInputError(`No declaration "${echoed(address.symbol)}"${where} in the graph.${hint}`, {
        reason: "not-found",
        suggestions: resolution.suggestions,
      });
    }
  }
}
