import fs from "node:fs";
import path from "node:path";
import { CONFIG_FILE_NAME } from "./config-file-name.js";

export const DEFAULT_DB_RELATIVE_PATH = path.join(".ts-graph", "graph.db");

/** Whether ts-graph owns the database path (it lies in the root's `.ts-graph/` folder): a file there that is not a graph may be replaced. */
export function isOwnedDbPath(root: string, dbPath: string): boolean {
  return dbPath.startsWith(path.join(root, path.dirname(DEFAULT_DB_RELATIVE_PATH)) + path.sep);
}

/**
 * The canonical root and database path as `locateGraph` finds them, without validating the config (no
 * zod): the CLI's quick way to a root's daemon, which validates the config on its own runs. undefined when
 * anything is not plain (a root that is no folder, a config that is not JSON or whose `db` is no string):
 * the caller then uses `locateGraph`, which says what is wrong.
 */
export function locateGraphQuickly(
  rootOption: string,
  dbPathOption?: string,
): { readonly root: string; readonly dbPath: string } | undefined {
  try {
    const root = fs.realpathSync.native(path.resolve(rootOption));
    if (!fs.statSync(root).isDirectory()) return undefined;
    if (dbPathOption !== undefined) return { root, dbPath: path.resolve(root, dbPathOption) };
    const configFile = path.join(root, CONFIG_FILE_NAME);
    if (!fs.existsSync(configFile)) return { root, dbPath: path.resolve(root, DEFAULT_DB_RELATIVE_PATH) };
    const { db } = JSON.parse(fs.readFileSync(configFile, "utf8")) as { db?: unknown };
    if (db !== undefined && (typeof db !== "string" || db === "")) return undefined;
    return { root, dbPath: path.resolve(root, db ?? DEFAULT_DB_RELATIVE_PATH) };
  } catch {
    return undefined;
  }
}
