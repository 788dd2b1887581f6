import type Database from "better-sqlite3";
import type { SqliteDb } from "../db/open-graph-db.js";
import { perDatabase } from "./per-database.js";

export type Statement = Database.Statement<unknown[], unknown>;

/**
 * A module's named SQL, prepared once per open database and reused by every query on it (perDatabase's memo).
 * `const statements = preparedStatements({ byKey: "SELECT …" }); statements(db).byKey.get(key)`.
 */
export function preparedStatements<Names extends string>(
  sql: Readonly<Record<Names, string>>,
): (db: SqliteDb) => Readonly<Record<Names, Statement>> {
  return perDatabase(
    (db) =>
      Object.fromEntries(Object.entries<string>(sql).map(([name, text]) => [name, db.prepare(text)])) as Record<
        Names,
        Statement
      >,
  );
}
