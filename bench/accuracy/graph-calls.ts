import Database from "better-sqlite3";
import type { CallTriple } from "./triples.js";

/** Edge kinds whose sites the compiler's call hierarchy counts as calls (see docs/accuracy.md). */
export const CALL_LIKE_EDGE_KINDS = ["CALLS", "INSTANTIATES", "RENDERS"] as const;

interface EdgeRow {
  readonly kind: string;
  readonly lines: string;
  readonly sourceFile: string;
  readonly targetFile: string;
  readonly targetName: string;
  readonly targetNameLine: number;
}

const EDGE_SQL = `
  SELECT e.kind AS kind, e.lines AS lines, s.file AS sourceFile,
         t.file AS targetFile, t.name AS targetName, t.name_line AS targetNameLine
  FROM edges e
  JOIN nodes s ON s.key = e.source
  JOIN nodes t ON t.key = e.target
  WHERE e.kind = ?`;

/** ts-graph's sites of the given edge kinds as triples (callee by file and name line, caller file, line). */
export function graphTriples(dbPath: string, kinds: readonly string[]): CallTriple[] {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    const statement = db.prepare(EDGE_SQL);
    const triples: CallTriple[] = [];
    for (const kind of kinds) {
      for (const row of statement.all(kind) as EdgeRow[]) {
        for (const line of JSON.parse(row.lines) as number[]) {
          triples.push({ callee: `${row.targetFile}:${row.targetNameLine}`, calleeName: row.targetName, callerFile: row.sourceFile, line });
        }
      }
    }
    return triples;
  } finally {
    db.close();
  }
}
