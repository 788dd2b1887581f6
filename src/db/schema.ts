/**
 * The graph's SQLite schema. Bump SCHEMA_VERSION whenever a table or the meaning of a column changes:
 * a database with another version is rebuilt, never read.
 */
export const SCHEMA_VERSION = 11;

/** Paths are relative to the indexed root, with forward slashes. Keys: see src/model/node-key.ts. */
export const SCHEMA_SQL = `
CREATE TABLE meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE files (
  path          TEXT PRIMARY KEY,
  hash          TEXT NOT NULL,
  size          INTEGER NOT NULL,
  mtime_ms      INTEGER NOT NULL,
  project       TEXT NOT NULL,
  syntax_errors INTEGER NOT NULL,
  declares_globals INTEGER NOT NULL,
  indexed_at    INTEGER NOT NULL,
  -- JSON {accessors, members}: what the file's computed member names (\`[Key]\`) stand for, resolved when the file
  -- was extracted (member-names.ts); NULL when none of its nodes has one. Later runs read it instead of the file.
  computed_names TEXT
) WITHOUT ROWID;

CREATE TABLE nodes (
  id             INTEGER PRIMARY KEY,
  key            TEXT NOT NULL UNIQUE,
  file           TEXT NOT NULL,
  kind           TEXT NOT NULL,
  name           TEXT NOT NULL,
  qualified_name TEXT NOT NULL,
  parent_key     TEXT,
  start_line     INTEGER NOT NULL,
  end_line       INTEGER NOT NULL,
  name_line      INTEGER NOT NULL,
  implementation_line INTEGER,
  exported       INTEGER NOT NULL,
  signature      TEXT NOT NULL,
  doc            TEXT NOT NULL,
  modifiers      TEXT NOT NULL,
  surface        TEXT NOT NULL,
  -- The body hash (src/model/body-hash.ts) of the declaration's text as indexed, which \`ts-graph diff\` matches
  -- moves and renames by; NULL for a File node (version 7).
  body           TEXT
);
CREATE INDEX nodes_by_file ON nodes(file);
CREATE INDEX nodes_by_kind ON nodes(kind);
CREATE INDEX nodes_by_name ON nodes(name);
-- A class's constructor and properties, which a \`new\` of it runs (src/tools/graph-walk.ts).
CREATE INDEX nodes_by_parent ON nodes(parent_key);

-- Symbol search (the find tool, ADR 0006). The vocabulary: every distinct node name once, with its humps (the
-- first letter of each word, lower case: getUserById -> gubi) and a trigram index for substrings. Triggers
-- add names as nodes are written and note the names of deleted nodes; the end of every run
-- (GraphStore.finishRun) drops the noted names no node has any more, and fills in the humps and trigram
-- entries of new names (humps IS NULL until then). So a run pays for what changed in the vocabulary, not
-- for every node it rewrites.
CREATE TABLE symbol_names (
  id    INTEGER PRIMARY KEY,
  name  TEXT NOT NULL UNIQUE,
  humps TEXT
);
CREATE INDEX symbol_names_by_humps ON symbol_names(humps);
CREATE INDEX symbol_names_unindexed ON symbol_names(id) WHERE humps IS NULL;
CREATE VIRTUAL TABLE symbol_names_trigrams USING fts5(name, content = 'symbol_names', content_rowid = 'id', tokenize = 'trigram');
CREATE TRIGGER nodes_add_symbol_name AFTER INSERT ON nodes BEGIN
  INSERT OR IGNORE INTO symbol_names (name) VALUES (new.name);
END;
CREATE TABLE symbol_names_released (
  name TEXT PRIMARY KEY
) WITHOUT ROWID;
CREATE TRIGGER nodes_release_symbol_name AFTER DELETE ON nodes BEGIN
  INSERT OR IGNORE INTO symbol_names_released (name) VALUES (old.name);
END;
CREATE TRIGGER symbol_names_drop_trigrams AFTER DELETE ON symbol_names WHEN old.humps IS NOT NULL BEGIN
  INSERT INTO symbol_names_trigrams (symbol_names_trigrams, rowid, name) VALUES ('delete', old.id, old.name);
END;

CREATE TABLE edges (
  id        INTEGER PRIMARY KEY,
  file      TEXT NOT NULL,
  kind      TEXT NOT NULL,
  source    TEXT NOT NULL,
  target    TEXT NOT NULL,
  count     INTEGER NOT NULL,
  lines     TEXT NOT NULL,
  names     TEXT,
  type_only INTEGER,
  -- CALLS of a class member only (schema 9): when every site's receiver is narrower than the member's class
  -- (\`this.m()\` inside a subclass, \`x.m()\` with \`x: Sub\`), the JSON array of those receiver classes' keys, sorted:
  -- a call may dispatch only to overrides in them or their subclasses; \`[]\` when every site is \`super.m()\`
  -- (no override runs). NULL: any override may run (src/ingestion/extract/edges/call-receivers.ts).
  receivers TEXT,
  -- HOLDS_IMPLEMENTATION only (schema 11): the JSON array of [first line, last line] of each object-literal function
  -- of the source that implements the target, sorted. A walk entering the source through the edge goes on only from
  -- its sites on those lines (src/tools/walk/literal-entry.ts). NULL for every other kind.
  spans     TEXT
);
CREATE INDEX edges_by_target ON edges(target, kind);
CREATE INDEX edges_by_source ON edges(source, kind);
CREATE INDEX edges_by_file ON edges(file);
CREATE INDEX edges_by_kind ON edges(kind);
-- The few edges with receivers, for the owners of edges naming a class that is gone (GraphStore.ownersOfEdgesAt).
CREATE INDEX edges_by_receivers ON edges(receivers, file) WHERE receivers IS NOT NULL;

-- Edges from a node to a member or type declared outside the indexed files (src/ingestion/extract/external-members.ts):
-- CALLS of a library method or property, OVERRIDES of one by a project member, and EXTENDS and IMPLEMENTS of a
-- library class, interface or type alias by a project type. The target is an external key (lib:Iterator.next,
-- lib:Error), never a node key; edges keeps only edges between nodes.
CREATE TABLE external_edges (
  file   TEXT NOT NULL,
  kind   TEXT NOT NULL,
  source TEXT NOT NULL,
  target TEXT NOT NULL,
  count  INTEGER NOT NULL,
  lines  TEXT NOT NULL,
  -- CALLS only (schema 11), as edges.receivers: the receiver classes and interfaces of every site when each names
  -- one of the project (\`this.toString()\` inside a class), so dispatch reaches only the overrides in them or below
  -- them; \`[]\` for \`super.m()\`; NULL: any override may run (call-receivers.ts, libraryCallReceiver).
  receivers TEXT
);
CREATE INDEX external_edges_by_file ON external_edges(file);
-- The call queries' dispatch step (src/tools/graph-walk.ts) reads both ways: a member's OVERRIDES of library
-- members, and every project call and override of a library member.
CREATE INDEX external_edges_by_source ON external_edges(source, kind);
CREATE INDEX external_edges_by_target ON external_edges(target, kind);

-- Call sites whose callee has no static target (a parameter, a local, a call result, fns[i]): the owner node
-- (as for CALLS), the line where the callee is named, and the callee as written (one line, at most 60
-- characters). Calls of lib or node_modules declarations are not here: they are external, not dynamic.
CREATE TABLE dynamic_calls (
  file       TEXT NOT NULL,
  source     TEXT NOT NULL,
  line       INTEGER NOT NULL,
  expression TEXT NOT NULL
);
CREATE INDEX dynamic_calls_by_file ON dynamic_calls(file);
CREATE INDEX dynamic_calls_by_source ON dynamic_calls(source);

-- The names a file exports that differ from the declaration's own name, or that it re-exports
-- (src/ingestion/extract/edges/export-names.ts, schema 8): \`export { Impl as Public }\` (Public → Impl),
-- \`export default Impl\` and \`export default class Impl\` (default → Impl), \`export { a as b } from "./m"\`
-- and \`export { a } from "./m"\` (b, a → m's a), \`export * as ns from "./m"\` (ns → m's File node) and
-- \`export * from "./m"\` (* → m's File node). \`target\` is the node key of the declaration the name reaches
-- (through any chain of imports and re-exports, as the checker resolves it); names reaching no indexed
-- declaration are not kept. Written with the file's edges, deleted with them.
CREATE TABLE export_names (
  file   TEXT NOT NULL,
  name   TEXT NOT NULL,
  target TEXT NOT NULL,
  PRIMARY KEY (file, name, target)
) WITHOUT ROWID;
CREATE INDEX export_names_by_name ON export_names(name);
CREATE INDEX export_names_by_target ON export_names(target);

CREATE TABLE external_imports (
  file      TEXT NOT NULL,
  specifier TEXT NOT NULL,
  package   TEXT,
  resolved  INTEGER NOT NULL,
  type_only INTEGER NOT NULL,
  PRIMARY KEY (file, specifier)
) WITHOUT ROWID;

CREATE TABLE syntax_errors (
  file    TEXT NOT NULL,
  line    INTEGER NOT NULL,
  col     INTEGER NOT NULL,
  message TEXT NOT NULL
);
CREATE INDEX syntax_errors_by_file ON syntax_errors(file);

CREATE TABLE pending (
  path TEXT PRIMARY KEY
) WITHOUT ROWID;
`;

/** Keys of the meta table. */
export const META = {
  root: "root",
  state: "state",
  indexedAt: "indexed_at",
  fingerprint: "fingerprint",
  discovery: "discovery",
  /** JSON: what the last discovery left out (files outside the root, links leading out, loops, files reached through links). */
  skipped: "skipped",
  /** The run under way, committed before its transaction starts: `{pid, host, startedAt}` (JSON); gone once it commits. */
  run: "run",
  /** Why the last run failed (committed after its transaction rolled back); gone once a run commits. */
  lastError: "last_error",
  /**
   * JSON: the engine of the last run that extracted: `{ name, typescript, notes }`, notes saying what TypeScript 7
   * was given instead of options it removed, or which projects it could not load (ADR 0021).
   */
  engine: "engine",
} as const;

/** `state` is `indexing` from the start of a run until its last write; anything else means complete. */
export const STATE_INDEXING = "indexing";
export const STATE_COMPLETE = "complete";
