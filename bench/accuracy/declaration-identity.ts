import Database from "better-sqlite3";
import type { CallTriple } from "./triples.js";

interface DeclarationRow {
  readonly file: string;
  readonly name: string;
  readonly startLine: number;
  readonly endLine: number;
  readonly nameLine: number;
}

/**
 * Maps a compiler call hierarchy item (`<file>:<line of its name>`, name) to the ts-graph node that holds
 * that declaration, as `<file>:<name line of the node>`. They differ where ts-graph folds several declarations
 * into one node: an overloaded function or method is one node named at its first signature, while the
 * compiler's item is the implementation. Identity only: calls play no part in it.
 */
export interface DeclarationIdentity {
  /** The ts-graph form of a compiler item's declaration. */
  readonly of: (callee: string, name: string) => string;
  /** Every node's declaration as `<file>:<line of its name>`, the form call triples name their callee in. */
  readonly nodes: ReadonlySet<string>;
}

export function declarationIdentity(dbPath: string): DeclarationIdentity {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  const byFileAndName = new Map<string, DeclarationRow[]>();
  try {
    const rows = db
      .prepare("SELECT file, name, start_line AS startLine, end_line AS endLine, name_line AS nameLine FROM nodes")
      .all() as DeclarationRow[];
    for (const row of rows) {
      const key = `${row.file}\u0000${row.name}`;
      const list = byFileAndName.get(key);
      if (list === undefined) byFileAndName.set(key, [row]);
      else list.push(row);
    }
  } finally {
    db.close();
  }
  const nodes = new Set([...byFileAndName.values()].flat().map((row) => `${row.file}:${row.nameLine}`));
  const of = (callee: string, name: string): string => {
    const at = callee.lastIndexOf(":");
    const file = callee.slice(0, at);
    const line = Number(callee.slice(at + 1));
    const candidates = byFileAndName.get(`${file}\u0000${name}`) ?? [];
    if (candidates.some((row) => row.nameLine === line)) return callee;
    const containing = candidates
      .filter((row) => row.startLine <= line && line <= row.endLine)
      .sort((a, b) => a.endLine - a.startLine - (b.endLine - b.startLine))[0];
    return containing === undefined ? callee : `${file}:${containing.nameLine}`;
  };
  return { of, nodes };
}

export function withCallee<T extends CallTriple>(triple: T, identity: DeclarationIdentity): T {
  const callee = identity.of(triple.callee, triple.calleeName);
  return callee === triple.callee ? triple : { ...triple, callee };
}
