/**
 * The static links the cochange tool reads from the graph (a direct import, either way), rebuilt for a commit of
 * the past, for the prediction bench: the query file's version after the commit (the change the user has made)
 * and every other file's version before it (their state when the user asks). Imports are read syntactically
 * (TypeScript's `preProcessFile`: import and export declarations, `import()`, `require`) and resolved by path
 * only: a relative specifier, with or without its extension, to a file or a folder's index. Package specifiers
 * (a test importing `zod/v4`) are not followed, where the graph may resolve them: the bench under-counts links,
 * it never invents one. Parsed imports are kept by blob, so each version is read once.
 */
import path from "node:path";
import { ts } from "ts-morph";
import type { SqliteDb } from "../../src/db/open-graph-db.js";
import { readFileVersions, runGit } from "../../src/history/git.js";

export interface PastImports {
  /**
   * history_files ids of the files linked with `file` (a history_files id) by a direct import at commit
   * `commitId`, either way; empty when the commit did not change the file.
   */
  linkedAt(commitId: number, file: number): ReadonlySet<number>;
}

interface Tree {
  /** path → blob id, the TypeScript sources only. */
  readonly blobs: ReadonlyMap<string, string>;
  /** path → the paths it imports that exist in the tree. */
  readonly imports: ReadonlyMap<string, readonly string[]>;
  /** path → the paths that import it. */
  readonly importers: ReadonlyMap<string, readonly string[]>;
}

const RESOLVED_ENDINGS = [".ts", ".tsx", ".mts", ".cts", ".d.ts", "/index.ts", "/index.tsx", "/index.d.ts"];

/** The existing file a relative specifier of `from` names, if any. */
function resolveRelative(from: string, specifier: string, exists: (path: string) => boolean): string | undefined {
  if (!specifier.startsWith("./") && !specifier.startsWith("../") && specifier !== "." && specifier !== "..") return undefined;
  const joined = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  if (joined.startsWith("../")) return undefined;
  if (/\.(?:ts|tsx|mts|cts)$/.test(joined) && exists(joined)) return joined;
  const base = joined.replace(/\.(?:[mc]?js|jsx|[mc]?ts|tsx)$/, "");
  for (const ending of RESOLVED_ENDINGS) if (exists(`${base}${ending}`)) return `${base}${ending}`;
  return undefined;
}

export function createPastImports(db: SqliteDb, repository: string, isSource: (path: string) => boolean): PastImports {
  const shaOf = db.prepare("SELECT sha FROM history_commits WHERE id = ?").pluck();
  const pathAt = db.prepare("SELECT path FROM history_changes WHERE file = ? AND commit_id = ?").pluck();
  const pathBefore = db.prepare("SELECT path FROM history_changes WHERE file = ? AND commit_id < ? ORDER BY commit_id DESC LIMIT 1").pluck();
  // The lineage that held a path at a commit: the last change at that path up to it.
  const lineageAt = db.prepare("SELECT file FROM history_changes WHERE path = ? AND commit_id <= ? ORDER BY commit_id DESC LIMIT 1").pluck();
  const specifiersOfBlob = new Map<string, readonly string[]>();
  const trees = new Map<string, Tree>();

  const specifiers = (blobs: readonly string[]): void => {
    const missing = [...new Set(blobs.filter((blob) => !specifiersOfBlob.has(blob)))];
    const texts = readFileVersions(repository, missing);
    missing.forEach((blob, index) => {
      const info = ts.preProcessFile(texts[index] ?? "", true, true);
      specifiersOfBlob.set(
        blob,
        info.importedFiles.map((file) => file.fileName),
      );
    });
  };

  const treeAt = (sha: string): Tree => {
    const known = trees.get(sha);
    if (known !== undefined) return known;
    const listing = runGit(repository, ["ls-tree", "-r", "-z", sha]);
    const blobs = new Map<string, string>();
    for (const entry of listing.stdout.toString("utf8").split("\0")) {
      const match = /^\d+ blob ([0-9a-f]+)\t(.*)$/s.exec(entry);
      if (match?.[1] !== undefined && match[2] !== undefined && isSource(match[2])) blobs.set(match[2], match[1]);
    }
    specifiers([...blobs.values()]);
    const imports = new Map<string, string[]>();
    const importers = new Map<string, string[]>();
    for (const [file, blob] of blobs) {
      const resolved = resolveAll(file, specifiersOfBlob.get(blob) ?? [], (candidate) => blobs.has(candidate));
      imports.set(file, resolved);
      for (const target of resolved) {
        const list = importers.get(target) ?? [];
        list.push(file);
        importers.set(target, list);
      }
    }
    const tree = { blobs, imports, importers };
    // Two trees per commit asked (the commit's and its parent's): keep the last few only.
    trees.set(sha, tree);
    if (trees.size > 4) trees.delete(trees.keys().next().value as string);
    return tree;
  };

  const answers = new Map<string, ReadonlySet<number>>();
  return {
    linkedAt(commitId, file) {
      const key = `${commitId} ${file}`;
      const known = answers.get(key);
      if (known !== undefined) return known;
      const linked = linkedFiles(commitId, file);
      answers.set(key, linked);
      return linked;
    },
  };

  function linkedFiles(commitId: number, file: number): ReadonlySet<number> {
    const sha = shaOf.get(commitId) as string | undefined;
    const filePath = pathAt.get(file, commitId) as string | undefined;
    if (sha === undefined || filePath === undefined) return new Set();
    const after = treeAt(sha);
    const before = treeAt(`${sha}^`);
    const linkedPaths = new Set<string>();
    // What the query's new version imports, among the files that existed before the commit.
    for (const target of after.imports.get(filePath) ?? []) if (before.blobs.has(target)) linkedPaths.add(target);
    // Who imported it before the commit (at its path before the commit, if the commit moved it).
    const previousPath = (pathBefore.get(file, commitId) as string | undefined) ?? filePath;
    for (const importer of before.importers.get(previousPath) ?? []) linkedPaths.add(importer);
    linkedPaths.delete(filePath);
    const linked = new Set<number>();
    for (const linkedPath of linkedPaths) {
      const lineage = lineageAt.get(linkedPath, commitId - 1) as number | undefined;
      if (lineage !== undefined && lineage !== file) linked.add(lineage);
    }
    return linked;
  }
}

function resolveAll(from: string, specifiers: readonly string[], exists: (path: string) => boolean): string[] {
  const resolved = new Set<string>();
  for (const specifier of specifiers) {
    const target = resolveRelative(from, specifier, exists);
    if (target !== undefined && target !== from) resolved.add(target);
  }
  return [...resolved];
}
