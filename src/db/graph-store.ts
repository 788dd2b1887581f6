import type Database from "better-sqlite3";
import { bodyHash, normalizedLines } from "../model/body-hash.js";
import type { ComputedMemberNames, ExtractedNode, FileExtraction } from "../model/extracted.js";
import type { NodeKind } from "../model/graph-kinds.js";
import { nameHumps } from "../model/name-words.js";
import { crashPoint } from "./crash-points.js";
import type { SqliteDb } from "./open-graph-db.js";
import { META, STATE_COMPLETE, STATE_INDEXING } from "./schema.js";

/** What the files table knows about one indexed file. */
export interface StoredFile {
  readonly path: string;
  readonly hash: string;
  readonly size: number;
  readonly mtimeMs: number;
  readonly project: string;
}

/** What the planner compares of a stored node. */
export interface StoredSurface {
  readonly key: string;
  readonly name: string;
  /** How other code can name it (a member by `x.name`, a module-level declaration by its name): see nameParts. */
  readonly kind: NodeKind;
  readonly exported: boolean;
  readonly surface: string;
}

/** One file's contribution to the graph, as extraction produced it. */
export interface FileWrite {
  readonly file: StoredFile;
  readonly extraction: FileExtraction;
  readonly indexedAt: number;
  /** The file's text as extracted: each declaration's body hash is taken from it. */
  readonly text: string;
}

/**
 * A rename applied to the graph without re-extracting (ingestion/run/rename-patch.ts): the changed files'
 * nodes anew (from their syntax), every key that changed, in every table that names keys, and the texts
 * that hold the old name (imported names, dynamic call expressions).
 */
export interface RenamePatch {
  readonly files: readonly {
    readonly file: StoredFile;
    readonly nodes: readonly ExtractedNode[];
    readonly declaresGlobals: boolean;
    readonly text: string;
  }[];
  /** Old key, new key. No new key is an old one. */
  readonly keys: readonly (readonly [string, string])[];
  /** The names of an IMPORTS edge of a changed file, as JSON. */
  readonly importNames: readonly { readonly file: string; readonly target: string; readonly names: string }[];
  /** A dynamic call's expression at a line of a changed file. */
  readonly dynamicCalls: readonly {
    readonly file: string;
    readonly line: number;
    readonly before: string;
    readonly after: string;
  }[];
}

/** What the rename patch compares of a stored node, in the order the file's nodes were written. */
export interface StoredNodeOutline {
  readonly key: string;
  readonly parentKey: string | null;
  readonly kind: string;
  readonly name: string;
  readonly startLine: number;
  readonly endLine: number;
  readonly nameLine: number;
  readonly modifiers: string;
}

export interface FileRecord extends StoredFile {
  readonly indexedAt: number;
}

const SQL = {
  deleteNodes: "DELETE FROM nodes WHERE file = ?",
  deleteEdges: "DELETE FROM edges WHERE file = ?",
  deleteExternalEdges: "DELETE FROM external_edges WHERE file = ?",
  deleteExternalImports: "DELETE FROM external_imports WHERE file = ?",
  deleteDynamicCalls: "DELETE FROM dynamic_calls WHERE file = ?",
  deleteExportNames: "DELETE FROM export_names WHERE file = ?",
  deleteExportNamesAt: "DELETE FROM export_names WHERE target = ?",
  deleteSyntaxErrors: "DELETE FROM syntax_errors WHERE file = ?",
  deleteFile: "DELETE FROM files WHERE path = ?",
  deletePending: "DELETE FROM pending WHERE path = ?",
  upsertFile: `INSERT INTO files (path, hash, size, mtime_ms, project, syntax_errors, declares_globals, indexed_at)
     VALUES (@path, @hash, @size, @mtimeMs, @project, @syntaxErrors, @declaresGlobals, @indexedAt)
     ON CONFLICT(path) DO UPDATE SET hash = excluded.hash, size = excluded.size, mtime_ms = excluded.mtime_ms,
       project = excluded.project, syntax_errors = excluded.syntax_errors,
       declares_globals = excluded.declares_globals, indexed_at = excluded.indexed_at`,
  touchFile: "UPDATE files SET size = ?, mtime_ms = ? WHERE path = ?",
  setComputedNames: "UPDATE files SET computed_names = ? WHERE path = ?",
  computedNames: "SELECT path, computed_names AS names FROM files WHERE computed_names IS NOT NULL",
  insertNode: `INSERT INTO nodes (key, file, kind, name, qualified_name, parent_key, start_line, end_line, name_line,
       implementation_line, exported, signature, doc, modifiers, surface, body)
     VALUES (@key, @file, @kind, @name, @qualifiedName, @parentKey, @startLine, @endLine, @nameLine,
       @implementationLine, @exported, @signature, @doc, @modifiers, @surface, @body)`,
  insertEdge: `INSERT INTO edges (file, kind, source, target, count, lines, names, type_only, receivers, spans)
     VALUES (@file, @kind, @source, @target, @count, @lines, @names, @typeOnly, @receivers, @spans)`,
  insertExternalEdge:
    "INSERT INTO external_edges (file, kind, source, target, count, lines, receivers) VALUES (?, ?, ?, ?, ?, ?, ?)",
  insertDynamicCall: "INSERT INTO dynamic_calls (file, source, line, expression) VALUES (?, ?, ?, ?)",
  insertExportName: "INSERT INTO export_names (file, name, target) VALUES (?, ?, ?)",
  insertExternalImport: `INSERT OR REPLACE INTO external_imports (file, specifier, package, resolved, type_only)
     VALUES (?, ?, ?, ?, ?)`,
  insertSyntaxError: "INSERT INTO syntax_errors (file, line, col, message) VALUES (?, ?, ?, ?)",
  insertPending: "INSERT OR IGNORE INTO pending (path) VALUES (?)",
  allFiles: "SELECT path, hash, size, mtime_ms AS mtimeMs, project, indexed_at AS indexedAt FROM files",
  allPending: "SELECT path FROM pending",
  filesDeclaringGlobals: "SELECT path FROM files WHERE declares_globals = 1",
  setMeta: "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
  deleteMeta: "DELETE FROM meta WHERE key = ?",
  nodeSurfacesOfFile: "SELECT key, name, kind, exported, surface FROM nodes WHERE file = ?",
  importersOf: "SELECT DISTINCT file FROM edges WHERE kind = 'IMPORTS' AND target = ?",
  importedNamesOf: "SELECT names FROM edges WHERE kind = 'IMPORTS' AND file = ?",
  importedFilesOf: "SELECT target FROM edges WHERE kind = 'IMPORTS' AND file = ?",
  ownersOfEdgesAt: `SELECT file FROM edges WHERE target = @key OR source = @key
     UNION SELECT file FROM edges WHERE receivers IS NOT NULL AND instr(receivers, json_quote(@key)) > 0
     UNION SELECT file FROM external_edges WHERE receivers IS NOT NULL AND instr(receivers, json_quote(@key)) > 0`,
  edgesWithReceiver:
    "SELECT id, receivers FROM edges WHERE receivers IS NOT NULL AND instr(receivers, json_quote(?)) > 0",
  setReceivers: "UPDATE edges SET receivers = ? WHERE id = ?",
  externalEdgesWithReceiver:
    "SELECT rowid AS id, receivers FROM external_edges WHERE receivers IS NOT NULL AND instr(receivers, json_quote(?)) > 0",
  setExternalReceivers: "UPDATE external_edges SET receivers = ? WHERE rowid = ?",
  filesWithUnresolvedImports: "SELECT DISTINCT file FROM external_imports WHERE resolved = 0",
  importsToReresolve:
    "SELECT file, specifier FROM external_imports WHERE resolved = 0 OR specifier LIKE '.%' ORDER BY file, specifier",
  deleteEdgesAt: "DELETE FROM edges WHERE target = @key OR source = @key",
  nodeKeysOfFile: "SELECT key FROM nodes WHERE file = ?",
  accessorNodeNames: `SELECT file, name FROM nodes
     WHERE ' ' || modifiers || ' ' LIKE '% get %' OR ' ' || modifiers || ' ' LIKE '% set %'`,
  memberNodeNames: "SELECT DISTINCT file, name FROM nodes WHERE kind IN ('Method', 'Property')",
  countNodesByKind: "SELECT kind, count(*) AS n FROM nodes GROUP BY kind",
  nodeOutlinesOfFile: `SELECT key, parent_key AS parentKey, kind, name, start_line AS startLine, end_line AS endLine, name_line AS nameLine, modifiers
     FROM nodes WHERE file = ? ORDER BY id`,
  importEdgesOfFile: "SELECT target, names FROM edges WHERE kind = 'IMPORTS' AND file = ?",
  dynamicCallsOfFile: "SELECT line, expression FROM dynamic_calls WHERE file = ?",
  edgesAtNode: `SELECT file, kind, source, target, lines FROM edges WHERE target = @key
     UNION ALL SELECT file, kind, source, target, lines FROM edges WHERE source = @key AND kind = 'OVERRIDES'`,
  externalOverridesOf: "SELECT 1 FROM external_edges WHERE source = ? AND kind = 'OVERRIDES' LIMIT 1",
  externalMembersNamed: "SELECT 1 FROM external_edges WHERE substr(target, -length(@name) - 1) = '.' || @name LIMIT 1",
  // The types around a member: its container, their supertypes and subtypes through the graph's heritage edges. One
  // that is no class or interface, or that extends or implements a type declared outside the indexed files, has
  // members the graph does not hold (member-rename-proof.ts).
  foreignTypeAround: `WITH RECURSIVE
       up(k) AS (SELECT parent_key FROM nodes WHERE key = @key
                 UNION SELECT e.target FROM edges e JOIN up ON e.source = up.k WHERE e.kind IN ('EXTENDS', 'IMPLEMENTS')),
       down(k) AS (SELECT parent_key FROM nodes WHERE key = @key
                   UNION SELECT e.source FROM edges e JOIN down ON e.target = down.k WHERE e.kind IN ('EXTENDS', 'IMPLEMENTS')),
       around(k) AS (SELECT k FROM up UNION SELECT k FROM down)
     SELECT 1 FROM around
     WHERE k IS NULL
        OR NOT EXISTS (SELECT 1 FROM nodes n WHERE n.key = around.k AND n.kind IN ('Class', 'Interface'))
        OR EXISTS (SELECT 1 FROM external_edges x WHERE x.source = around.k AND x.kind IN ('EXTENDS', 'IMPLEMENTS'))
     LIMIT 1`,
  filePaths: "SELECT path FROM files",
  fileSyntaxErrors: "SELECT syntax_errors FROM files WHERE path = ?",
  renameEdgeSources: "UPDATE edges SET source = ? WHERE source = ?",
  renameEdgeTargets: "UPDATE edges SET target = ? WHERE target = ?",
  renameExternalEdgeSources: "UPDATE external_edges SET source = ? WHERE source = ?",
  renameDynamicCallSources: "UPDATE dynamic_calls SET source = ? WHERE source = ?",
  renameExportNameTargets: "UPDATE export_names SET target = ? WHERE target = ?",
  setImportNames: "UPDATE edges SET names = ? WHERE kind = 'IMPORTS' AND file = ? AND target = ?",
  setDynamicCallExpression: "UPDATE dynamic_calls SET expression = ? WHERE file = ? AND line = ? AND expression = ?",
  countEdgesByKind: "SELECT kind, count(*) AS n FROM edges GROUP BY kind",
  dropVanishedSymbolNames: `DELETE FROM symbol_names WHERE name IN (SELECT name FROM symbol_names_released)
     AND NOT EXISTS (SELECT 1 FROM nodes WHERE nodes.name = symbol_names.name)`,
  clearReleasedSymbolNames: "DELETE FROM symbol_names_released",
  unindexedSymbolNames: "SELECT id, name FROM symbol_names WHERE humps IS NULL",
  setSymbolNameHumps: "UPDATE symbol_names SET humps = ? WHERE id = ?",
  indexSymbolName: "INSERT INTO symbol_names_trigrams (rowid, name) VALUES (?, ?)",
} as const;

type Statement = Database.Statement<unknown[], unknown>;

export type MetaKey = (typeof META)[keyof typeof META];

type Statements = { [K in keyof typeof SQL]: Statement };

function column<T>(statement: Statement, ...params: unknown[]): T[] {
  return statement.pluck().all(...params) as T[];
}

/**
 * Deletes edges into (or out of) keys the file held before and holds no more: their owners are re-resolved
 * anyway. An edge out of another file's key is an OVERRIDES from a member inherited into a class that
 * names an interface (ADR 0009).
 */
function deleteEdgesAtVanished(
  statements: Statements,
  previousKeys: readonly string[],
  currentKeys: ReadonlySet<string>,
): void {
  for (const key of previousKeys) {
    if (currentKeys.has(key)) continue;
    statements.deleteEdgesAt.run({ key });
    statements.deleteExportNamesAt.run(key);
    renameReceiver(statements, key, undefined);
  }
}

/**
 * Renames a receiver class in the edges' receivers (a rename patch), or, when it is gone (`after` undefined),
 * lets those edges dispatch to any override again until their owners are re-resolved.
 */
function renameReceiver(statements: Statements, before: string, after: string | undefined): void {
  const tables = [
    [statements.edgesWithReceiver, statements.setReceivers],
    [statements.externalEdgesWithReceiver, statements.setExternalReceivers],
  ] as const;
  for (const [withReceiver, setReceivers] of tables) {
    for (const { id, receivers } of withReceiver.all(before) as { id: number; receivers: string }[]) {
      const keys = JSON.parse(receivers) as string[];
      if (!keys.includes(before)) continue;
      const renamed =
        after === undefined ? null : JSON.stringify(keys.map((key) => (key === before ? after : key)).sort());
      setReceivers.run(renamed, id);
    }
  }
}

function clearFileContent(statements: Statements, path: string): void {
  statements.deleteNodes.run(path);
  statements.deleteEdges.run(path);
  statements.deleteExternalEdges.run(path);
  statements.deleteExternalImports.run(path);
  statements.deleteDynamicCalls.run(path);
  statements.deleteExportNames.run(path);
  statements.deleteSyntaxErrors.run(path);
}

/**
 * Makes a write all or nothing: its own transaction, or a part of the caller's when one is open (every index
 * run is one transaction, which rolls back whole on any error). Never a savepoint: inside a savepoint, every
 * statement that keeps a statement journal (an insert into nodes runs a trigger) ends by truncating SQLite's
 * in-memory sub-journal, a linked list walked from its start, which grows with everything the run wrote.
 * That made a full index of effect@3.22.4 spend about 8 s of CPU in sqlite3BtreeSavepoint.
 */
function atomic<A extends unknown[]>(db: SqliteDb, body: (...args: A) => void): (...args: A) => void {
  const inOwnTransaction = db.transaction(body);
  return (...args: A): void => {
    if (db.inTransaction) body(...args);
    else inOwnTransaction(...args);
  };
}

/** Inserts the file's nodes (each with its body hash, from the file's lines). */
function insertNodes(
  statements: Statements,
  path: string,
  extraction: Pick<FileExtraction, "nodes">,
  text: string,
): void {
  const lines = normalizedLines(text);
  for (const node of extraction.nodes) {
    statements.insertNode.run({
      key: node.key,
      file: path,
      kind: node.kind,
      name: node.name,
      qualifiedName: node.qualifiedName,
      parentKey: node.parentKey ?? null,
      startLine: node.startLine,
      endLine: node.endLine,
      nameLine: node.nameLine,
      implementationLine: node.implementationLine ?? null,
      exported: node.exported ? 1 : 0,
      signature: node.signature,
      doc: node.doc,
      modifiers: node.modifiers.join(" "),
      surface: node.surface,
      body: node.kind === "File" ? null : bodyHash(lines, node),
    });
  }
}

/** Inserts the file's edges, external edges, dynamic calls, external imports and syntax errors. */
function insertFileFacts(statements: Statements, path: string, extraction: FileExtraction): void {
  for (const edge of extraction.edges) {
    statements.insertEdge.run({
      file: path,
      kind: edge.kind,
      source: edge.source,
      target: edge.target,
      count: edge.lines.length,
      lines: JSON.stringify(edge.lines),
      names: edge.names === undefined ? null : JSON.stringify(edge.names),
      typeOnly: edge.typeOnly === undefined ? null : edge.typeOnly ? 1 : 0,
      receivers: edge.receivers === undefined ? null : JSON.stringify(edge.receivers),
      spans: edge.spans === undefined ? null : JSON.stringify(edge.spans),
    });
  }
  for (const edge of extraction.externalEdges) {
    statements.insertExternalEdge.run(
      path,
      edge.kind,
      edge.source,
      edge.target,
      edge.lines.length,
      JSON.stringify(edge.lines),
      edge.receivers === undefined ? null : JSON.stringify(edge.receivers),
    );
  }
  for (const call of extraction.dynamicCalls) {
    statements.insertDynamicCall.run(path, call.source, call.line, call.expression);
  }
  for (const row of extraction.exportNames) statements.insertExportName.run(path, row.name, row.target);
  for (const imp of extraction.externalImports) {
    statements.insertExternalImport.run(
      path,
      imp.specifier,
      imp.packageName ?? null,
      imp.resolved ? 1 : 0,
      imp.typeOnly ? 1 : 0,
    );
  }
  for (const problem of extraction.syntaxErrors) {
    statements.insertSyntaxError.run(path, problem.line, problem.column, problem.message);
  }
}

/** Replaces one file's contribution to the graph (inside the caller's transaction). */
function replaceFile(
  statements: Statements,
  file: StoredFile,
  extraction: FileExtraction,
  indexedAt: number,
  text: string,
): void {
  crashPoint();
  const previousKeys = column<string>(statements.nodeKeysOfFile, file.path);
  clearFileContent(statements, file.path);
  statements.upsertFile.run({
    ...file,
    syntaxErrors: extraction.syntaxErrors.length,
    declaresGlobals: extraction.declaresGlobals ? 1 : 0,
    indexedAt,
  });
  statements.setComputedNames.run(
    extraction.computedNames === undefined ? null : JSON.stringify(extraction.computedNames),
    file.path,
  );
  insertNodes(statements, file.path, extraction, text);
  insertFileFacts(statements, file.path, extraction);
  deleteEdgesAtVanished(statements, previousKeys, new Set<string>(extraction.nodes.map((node) => node.key)));
  statements.deletePending.run(file.path);
}

/** Applies a rename patch (inside the caller's transaction): see RenamePatch. */
function applyRenamePatch(statements: Statements, patch: RenamePatch, indexedAt: number): void {
  crashPoint();
  for (const { file, nodes, declaresGlobals, text } of patch.files) {
    statements.deleteNodes.run(file.path);
    statements.upsertFile.run({ ...file, syntaxErrors: 0, declaresGlobals: declaresGlobals ? 1 : 0, indexedAt });
    insertNodes(statements, file.path, { nodes }, text);
    statements.deletePending.run(file.path);
  }
  for (const [before, after] of patch.keys) {
    statements.renameEdgeSources.run(after, before);
    statements.renameEdgeTargets.run(after, before);
    statements.renameExternalEdgeSources.run(after, before);
    statements.renameDynamicCallSources.run(after, before);
    statements.renameExportNameTargets.run(after, before);
    renameReceiver(statements, before, after);
  }
  for (const edge of patch.importNames) statements.setImportNames.run(edge.names, edge.file, edge.target);
  for (const call of patch.dynamicCalls)
    statements.setDynamicCallExpression.run(call.after, call.file, call.line, call.before);
}

/** Brings the symbol-search vocabulary (schema.ts) in line with the nodes, at the end of a run. */
function refreshSymbolNames(statements: Statements): void {
  statements.dropVanishedSymbolNames.run();
  statements.clearReleasedSymbolNames.run();
  for (const { id, name } of statements.unindexedSymbolNames.all() as { id: number; name: string }[]) {
    statements.setSymbolNameHumps.run(nameHumps(name), id);
    statements.indexSymbolName.run(id, name);
  }
}

function markRunFinished(statements: Statements, indexedAt: number, fingerprint: string): void {
  crashPoint();
  refreshSymbolNames(statements);
  statements.setMeta.run(META.indexedAt, String(indexedAt));
  statements.setMeta.run(META.fingerprint, fingerprint);
  // No absolute path in the database (docs/ci.md): a graph made before this rule drops its root here.
  statements.deleteMeta.run(META.root);
  statements.setMeta.run(META.state, STATE_COMPLETE);
  statements.deleteMeta.run(META.run);
  statements.deleteMeta.run(META.lastError);
}

function computedNamesByFile(statement: Statement): Map<string, ComputedMemberNames> {
  const byFile = new Map<string, ComputedMemberNames>();
  for (const row of statement.all() as { path: string; names: string }[]) {
    const parsed = JSON.parse(row.names) as Partial<ComputedMemberNames>;
    if (Array.isArray(parsed.accessors) && Array.isArray(parsed.members))
      byFile.set(row.path, { accessors: parsed.accessors, members: parsed.members });
  }
  return byFile;
}

function namesByFile(statement: Statement): Map<string, string[]> {
  const byFile = new Map<string, string[]>();
  for (const { file, name } of statement.all() as { file: string; name: string }[]) {
    const names = byFile.get(file);
    if (names === undefined) byFile.set(file, [name]);
    else names.push(name);
  }
  return byFile;
}

function countsByKind(statement: Statement): Record<string, number> {
  const rows = statement.all() as { kind: string; n: number }[];
  return Object.fromEntries(rows.map((row) => [row.kind, row.n]));
}

/** The writes of a store: each all or nothing (atomic). */
function graphWrites(db: SqliteDb, statements: Statements) {
  const writeFile = atomic(db, (file: StoredFile, extraction: FileExtraction, indexedAt: number, text: string) =>
    replaceFile(statements, file, extraction, indexedAt, text),
  );
  /**
   * Several files in one transaction (each still replaced whole): a commit per file would write the same
   * index pages to the WAL again for every file.
   */
  const writeFiles = atomic(db, (writes: readonly FileWrite[]) => {
    for (const write of writes) writeFile(write.file, write.extraction, write.indexedAt, write.text);
  });
  const removeFile = atomic(db, (path: string) => {
    crashPoint();
    deleteEdgesAtVanished(statements, column<string>(statements.nodeKeysOfFile, path), new Set());
    clearFileContent(statements, path);
    statements.deleteFile.run(path);
    statements.deletePending.run(path);
  });
  const beginRun = atomic(db, (pendingPaths: readonly string[]) => {
    crashPoint();
    statements.setMeta.run(META.state, STATE_INDEXING);
    for (const path of pendingPaths) statements.insertPending.run(path);
  });
  const finishRun = atomic(db, (indexedAt: number, fingerprint: string) =>
    markRunFinished(statements, indexedAt, fingerprint),
  );
  /** Empties the graph (`index --force`), inside the run's transaction: readers keep the old graph until it commits. */
  const clearGraph = atomic(db, () => {
    crashPoint();
    for (const table of [
      "nodes",
      "edges",
      "external_edges",
      "dynamic_calls",
      "export_names",
      "external_imports",
      "syntax_errors",
      "files",
      "pending",
    ]) {
      db.prepare(`DELETE FROM ${table}`).run();
    }
    statements.deleteMeta.run(META.fingerprint);
    statements.deleteMeta.run(META.discovery);
  });
  const patchRename = atomic(db, (patch: RenamePatch, indexedAt: number) =>
    applyRenamePatch(statements, patch, indexedAt),
  );
  const touchFiles = atomic(db, (files: readonly StoredFile[]) => {
    for (const file of files) statements.touchFile.run(file.size, file.mtimeMs, file.path);
  });
  return {
    writeFiles: (writes: readonly FileWrite[]): void => writeFiles(writes),
    removeFile: (path: string): void => removeFile(path),
    beginRun: (pendingPaths: readonly string[]): void => beginRun(pendingPaths),
    finishRun: (indexedAt: number, fingerprint: string): void => finishRun(indexedAt, fingerprint),
    touchFiles: (files: readonly StoredFile[]): void => touchFiles(files),
    patchRename: (patch: RenamePatch, indexedAt: number): void => patchRename(patch, indexedAt),
    clearGraph: (): void => clearGraph(),
    setMeta: (key: MetaKey, value: string): void => {
      statements.setMeta.run(key, value);
    },
    deleteMeta: (key: MetaKey): void => {
      statements.deleteMeta.run(key);
    },
  };
}

/** The reads of a store: what the indexer and the planner ask of the graph being written. */
function graphReads(statements: Statements) {
  return {
    allFiles: (): FileRecord[] => statements.allFiles.all() as FileRecord[],
    pendingPaths: (): string[] => column<string>(statements.allPending),
    filesDeclaringGlobals: (): string[] => column<string>(statements.filesDeclaringGlobals),
    nodeSurfacesOfFile: (path: string): StoredSurface[] =>
      (statements.nodeSurfacesOfFile.all(path) as (Omit<StoredSurface, "exported"> & { exported: number })[]).map(
        (row) => ({
          ...row,
          exported: row.exported === 1,
        }),
      ),
    importersOf: (path: string): string[] => column<string>(statements.importersOf, path),
    /** The indexed files the file imports or re-exports from. */
    importedFilesOf: (path: string): string[] => column<string>(statements.importedFilesOf, path),
    /** Every name the file imports or re-exports from indexed files (`*` and `default` included). */
    importedNamesOf: (path: string): string[] =>
      column<string | null>(statements.importedNamesOf, path).flatMap((names) =>
        names === null ? [] : (JSON.parse(names) as string[]),
      ),
    ownersOfEdgesAt: (key: string): string[] => column<string>(statements.ownersOfEdgesAt, { key }),
    filesWithUnresolvedImports: (): string[] => column<string>(statements.filesWithUnresolvedImports),
    /** Imports that name no indexed file: unresolved ones, and relative ones that resolved outside the index (`./x.js`). */
    importsToReresolve: (): { file: string; specifier: string }[] =>
      statements.importsToReresolve.all() as { file: string; specifier: string }[],
    /** Names of the get and set accessor nodes, by file. */
    accessorNamesByFile: (): Map<string, string[]> => namesByFile(statements.accessorNodeNames),
    /** Names of the method and property nodes, by file. */
    memberNamesByFile: (): Map<string, string[]> => namesByFile(statements.memberNodeNames),
    /** What each file's computed member names stood for when it was extracted, for the files that have any. */
    computedNamesByFile: (): Map<string, ComputedMemberNames> => computedNamesByFile(statements.computedNames),
    nodeCountsByKind: (): Record<string, number> => countsByKind(statements.countNodesByKind),
    /** The file's nodes, in the order they were written (rename-patch.ts). */
    nodeOutlinesOfFile: (path: string): StoredNodeOutline[] =>
      statements.nodeOutlinesOfFile.all(path) as StoredNodeOutline[],
    importEdgesOfFile: (path: string): { target: string; names: string | null }[] =>
      statements.importEdgesOfFile.all(path) as { target: string; names: string | null }[],
    dynamicCallsOfFile: (path: string): { line: number; expression: string }[] =>
      statements.dynamicCallsOfFile.all(path) as { line: number; expression: string }[],
    /** The edges into a node, and its own OVERRIDES edges (member-rename-proof.ts). */
    edgesAtNode: (key: string): { file: string; kind: string; source: string; target: string; lines: string }[] =>
      statements.edgesAtNode.all({ key }) as {
        file: string;
        kind: string;
        source: string;
        target: string;
        lines: string;
      }[],
    /** Whether a node overrides a library member, or an external edge reaches a library member of one of `names`. */
    reachesLibraryMember: (key: string, names: readonly string[]): boolean =>
      statements.externalOverridesOf.get(key) !== undefined ||
      names.some((name) => statements.externalMembersNamed.get({ name }) !== undefined),
    /** Whether a member's container, or a type above or below it, is no class or interface or meets a type outside the indexed files. */
    meetsForeignType: (key: string): boolean => statements.foreignTypeAround.get({ key }) !== undefined,
    filePaths: (): string[] => column<string>(statements.filePaths),
    /** The syntax errors the graph holds for a file; undefined for a file it does not hold. */
    syntaxErrorCountOf: (path: string): number | undefined =>
      statements.fileSyntaxErrors.pluck().get(path) as number | undefined,
    edgeCountsByKind: (): Record<string, number> => countsByKind(statements.countEdgesByKind),
  };
}

/** All writes to the graph go through here; each file's contribution is replaced in one transaction. */
export function createGraphStore(db: SqliteDb) {
  const statements = Object.fromEntries(
    Object.entries(SQL).map(([name, sql]) => [name, db.prepare(sql)]),
  ) as Statements;
  return { ...graphWrites(db, statements), ...graphReads(statements) };
}

export type GraphStore = ReturnType<typeof createGraphStore>;
