import type { SqliteDb } from "../../db/open-graph-db.js";
import { declarationKey } from "../../model/node-key.js";
import { preparedStatements } from "../prepared-statements.js";

/**
 * What the edit tools read from the graph: a file's hash, the files that import it and what they use of it,
 * who refers to a declaration.
 */

/** One edge into a declaration (or one of its members) from code outside it. */
export interface IncomingReference {
  readonly kind: string;
  readonly source: string;
  readonly target: string;
  readonly file: string;
  readonly lines: readonly number[];
}

const statements = preparedStatements({
  fileHash: "SELECT hash FROM files WHERE path = ?",
  declares: "SELECT 1 FROM nodes WHERE key = ?",
  importNames: "SELECT source, names FROM edges WHERE kind = 'IMPORTS' AND target = ? ORDER BY source",
  // Edges into one declaration: from which file, and from which node.
  usesOf: "SELECT file, source FROM edges WHERE target = ? AND kind NOT IN ('CONTAINS', 'IMPORTS')",
  // The lines of one file's uses of one declaration.
  useLinesIn: "SELECT lines FROM edges WHERE target = ? AND file = ? AND kind NOT IN ('CONTAINS', 'IMPORTS')",
  // Any edge from a file into the declarations of another (keys `path:…` sort between `path:` and `path;`).
  usesAny:
    "SELECT 1 FROM edges WHERE file = @file AND target >= @from || ':' AND target < @from || ';' AND kind NOT IN ('CONTAINS', 'IMPORTS') LIMIT 1",
  // Members sort between `key.` and `key/` ('/' follows '.'): the declaration and everything under it.
  incoming: `
    SELECT kind, source, target, file, lines FROM edges
    WHERE kind NOT IN ('CONTAINS', 'IMPORTS')
      AND (target = @key OR (target >= @key || '.' AND target < @key || '/'))
      AND NOT (source = @key OR (source >= @key || '.' AND source < @key || '/'))
    ORDER BY file, source, kind`,
  importsOfName: `
    SELECT kind, source, target, file, lines FROM edges, json_each(edges.names)
    WHERE kind = 'IMPORTS' AND target = @file AND json_each.value = @name
    ORDER BY source`,
});

/** The SHA-1 the graph holds for a file's text, or undefined when the file is not indexed. */
export function graphHashOf(db: SqliteDb, file: string): string | undefined {
  return (statements(db).fileHash.pluck().get(file) as string | undefined) ?? undefined;
}

interface EdgeRow {
  readonly kind: string;
  readonly source: string;
  readonly target: string;
  readonly file: string;
  readonly lines: string | null;
}

/**
 * The edges that name a declaration or its members from outside it (calls, references, reads, type uses,
 * inheritance, overrides), plus the imports of its name when it is a top-level declaration of its file.
 */
export function incomingReferences(
  db: SqliteDb,
  node: { readonly key: string; readonly file: string; readonly qualifiedName: string },
): IncomingReference[] {
  const sql = statements(db);
  const rows = sql.incoming.all({ key: node.key }) as EdgeRow[];
  const imports = node.qualifiedName.includes(".")
    ? []
    : (sql.importsOfName.all({ file: node.file, name: node.qualifiedName.replace(/#.*$/, "") }) as EdgeRow[]);
  return [...rows, ...imports].map((row) => ({
    kind: row.kind,
    source: row.source,
    target: row.target,
    file: row.file,
    lines: row.lines === null ? [] : (JSON.parse(row.lines) as number[]),
  }));
}

/** The top-level name a key's declaration is imported by (`src/a.ts:Cart.total` → `Cart`). */
function topLevelName(file: string, key: string): string {
  const qualified = key.slice(file.length + 1);
  return /^[^.#]*/.exec(qualified)?.[0] ?? qualified;
}

/**
 * The declarations of `file` whose meaning may change when `changed` (keys of `file`) change: those, the
 * declarations that hold them (a changed member changes its class), and, transitively, the declarations of
 * the same file that use any of these (a function whose return type names a changed class, a constant whose
 * inferred type comes from a changed function). Uses come from the graph's edges, as before the edit.
 */
export function affectedDeclarations(db: SqliteDb, file: string, changed: Iterable<string>): Set<string> {
  const sql = statements(db);
  const affected = new Set<string>();
  const queue = [...changed];
  for (let key = queue.pop(); key !== undefined; key = queue.pop()) {
    if (affected.has(key) || !key.startsWith(`${file}:`)) continue;
    affected.add(key);
    const qualified = key.slice(file.length + 1);
    const dot = qualified.lastIndexOf(".");
    if (dot > 0) queue.push(`${file}:${qualified.slice(0, dot)}`);
    for (const use of sql.usesOf.all(key) as { file: string; source: string }[])
      if (use.file === file) queue.push(use.source);
  }
  return affected;
}

/** The names of `file`'s declarations `imported` hands on to its own importers (those it imports and does not declare itself). */
function handedOn(
  db: SqliteDb,
  imported: string,
  importedNames: readonly string[],
  names: ReadonlySet<string>,
): Set<string> {
  const sql = statements(db);
  const handed = importedNames.includes("*") ? [...names] : importedNames.filter((name) => names.has(name));
  return new Set(handed.filter((name) => sql.declares.get(declarationKey(imported, name)) === undefined));
}

/**
 * The files that can see a change of the `affected` declarations of `file`, nearest first: its importers with
 * an edge into one of them (a call, a reference, a type use, `extends`, an override), that import one of their
 * names, or that import everything without using any declaration (`export * from`: a new or renamed name can
 * collide there); then, the same way, the importers of a file that imports such names without declaring them
 * itself (a barrel hands them on, at any depth); then any other file with an edge into one of them (a use
 * through an alias the walk does not follow). `unaffected` are the direct importers that use nothing the edit
 * changed.
 */
export function filesSeeing(
  db: SqliteDb,
  file: string,
  affected: ReadonlySet<string>,
): { readonly seeing: string[]; readonly unaffected: string[] } {
  const sql = statements(db);
  const using = new Set<string>();
  for (const key of affected)
    for (const use of sql.usesOf.all(key) as { file: string; source: string }[]) using.add(use.file);
  const reached = new Set([file]);
  const seeing: string[] = [];
  const unaffected = new Set<string>();
  // Each file of a level with the names of the changed file it hands on.
  let level = new Map([[file, new Set([...affected].map((key) => topLevelName(file, key)))]]);
  while (level.size > 0) {
    const next = new Map<string, Set<string>>();
    for (const [imported, names] of level) {
      for (const row of sql.importNames.all(imported) as { source: string; names: string | null }[]) {
        if (reached.has(row.source)) continue;
        const importedNames = row.names === null ? [] : (JSON.parse(row.names) as string[]);
        const sees =
          using.has(row.source) ||
          importedNames.some((name) => names.has(name)) ||
          (importedNames.includes("*") &&
            names.size > 0 &&
            sql.usesAny.get({ file: row.source, from: imported }) === undefined);
        if (sees) {
          reached.add(row.source);
          seeing.push(row.source);
          const handed = handedOn(db, row.source, importedNames, names);
          if (handed.size > 0) next.set(row.source, handed);
        } else if (imported === file) unaffected.add(row.source);
      }
    }
    level = new Map([...next].sort(([a], [b]) => a.localeCompare(b)));
  }
  for (const user of [...using].sort()) {
    if (reached.has(user)) continue;
    reached.add(user);
    seeing.push(user);
  }
  for (const seen of seeing) unaffected.delete(seen);
  return { seeing, unaffected: [...unaffected] };
}

/** The lines (1-based, as the graph holds them) where `file` uses any of the `affected` declarations. */
export function useLinesIn(db: SqliteDb, file: string, affected: Iterable<string>): number[] {
  const sql = statements(db);
  const lines = new Set<number>();
  for (const key of affected) {
    for (const row of sql.useLinesIn.pluck().all(key, file) as (string | null)[]) {
      for (const line of row === null ? [] : (JSON.parse(row) as number[])) lines.add(line);
    }
  }
  return [...lines].sort((a, b) => a - b);
}
