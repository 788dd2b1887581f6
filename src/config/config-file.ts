import fs from "node:fs";
import path from "node:path";
import { z } from "../vendor/zod.js";
import { CONFIG_FILE_NAME } from "./config-file-name.js";
import { ConfigError } from "./config-error.js";

// Kept importable from here, where they were first defined.
export { CONFIG_FILE_NAME, ConfigError };

const ConfigSchema = z.strictObject({
  /** Globs (relative to the root) of files to index; default: every file of the TypeScript projects. */
  include: z.array(z.string().min(1)).optional(),
  /** Globs (relative to the root) of files to leave out. */
  exclude: z.array(z.string().min(1)).optional(),
  /** tsconfig files to load (relative to the root), instead of discovering them. */
  tsconfig: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]).optional(),
  /** Database path (relative to the root); default `.ts-graph/graph.db`. */
  db: z.string().min(1).optional(),
  /** The MCP server's memory (docs/mcp.md, Memory); read when `ts-graph serve` starts, never part of the graph. */
  serve: z
    .strictObject({
      /** Above this RSS (MB), the least recently used roots release their TypeScript programs. */
      memoryBudgetMB: z.number().int().min(64).max(16_777_216).optional(),
      /** A root unused this long (minutes) releases its programs; 0: never. */
      idleReleaseMinutes: z.number().min(0).max(525_600).optional(),
    })
    .optional(),
  /** Co-change from git history. */
  history: z
    .strictObject({
      /** Commits touching more files are left out of co-change scores (default 30). */
      maxFilesPerCommit: z.number().int().min(2).max(100_000).optional(),
    })
    .optional(),
  /** The checker extraction asks: "ts7" (TypeScript 7's native checker, the default) or "ts6" (TypeScript 6's, in process). */
  engine: z.enum(["ts7", "ts6"]).optional(),
  /** "auto": a CLI command that finds no daemon for the root starts one in the background (never when CI is set). Default "off". */
  daemon: z.enum(["auto", "off"]).optional(),
  /** A daemon started by `ts-graph daemon start` (or "auto") exits after this many minutes without a request (default 30). */
  daemonIdleMinutes: z.number().positive().max(10_080).optional(),
});

export type TsGraphConfig = z.infer<typeof ConfigSchema>;

const ALLOWED_NESTED_KEYS: Readonly<Record<string, string>> = {
  history: "maxFilesPerCommit",
  serve: "memoryBudgetMB, idleReleaseMinutes",
};

function describeIssue(issue: z.core.$ZodIssue): string {
  const where = issue.path.length === 0 ? "" : `"${issue.path.map(String).join(".")}": `;
  if (issue.code === "unrecognized_keys") {
    const keys = issue.keys.map((key) => `"${key}"`).join(", ");
    const allowed =
      issue.path.length === 0
        ? "include, exclude, tsconfig, db, engine, serve, history, daemon, daemonIdleMinutes"
        : (ALLOWED_NESTED_KEYS[String(issue.path[0])] ?? "");
    return `${where}unknown key${issue.keys.length > 1 ? "s" : ""} ${keys} (allowed: ${allowed})`;
  }
  return `${where}${issue.message}`;
}

/** Parses and validates the text of a config file; errors name the bad key. */
export function parseConfig(text: string, fileName: string): TsGraphConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`${fileName} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const result = ConfigSchema.safeParse(raw);
  if (!result.success) {
    const problems = result.error.issues.map(describeIssue).join("; ");
    throw new ConfigError(`${fileName}: ${problems}`);
  }
  return result.data;
}

/**
 * Reads `ts-graph.config.json` under root; an empty config when there is none. `text` is what the graph depends
 * on (the index's fingerprint): the file's text, or, when it has settings of the processes that keep the graph
 * (`serve`, `daemon`, `daemonIdleMinutes`), the rest of the config (none: as if there were no file), so that
 * changing the server's memory or the daemon's settings does not re-index.
 */
export function loadConfig(root: string): { config: TsGraphConfig; text: string } {
  const file = path.join(root, CONFIG_FILE_NAME);
  if (!fs.existsSync(file)) return { config: {}, text: "" };
  const text = fs.readFileSync(file, "utf8");
  const config = parseConfig(text, CONFIG_FILE_NAME);
  const { serve, daemon, daemonIdleMinutes, ...graphConfig } = config;
  if (serve === undefined && daemon === undefined && daemonIdleMinutes === undefined) return { config, text };
  return { config, text: Object.keys(graphConfig).length === 0 ? "" : JSON.stringify(graphConfig) };
}

export function tsconfigList(config: TsGraphConfig): string[] | undefined {
  if (config.tsconfig === undefined) return undefined;
  return typeof config.tsconfig === "string" ? [config.tsconfig] : config.tsconfig;
}

const limitsOfRefreshes = new WeakMap<object, number | undefined>();

/**
 * A history refresh's answer with the root's commit-size limit (configuredMaxFilesPerCommit), read once per
 * answer: a refresh reused for a burst of queries (the same object) reuses the config read with it, so an edit of
 * the limit is seen by the next refresh that is not reused.
 */
export function withConfiguredHistoryLimit<T extends object>(
  refreshed: T,
  root: string,
): T & { readonly maxFilesPerCommit: number | undefined } {
  if (!limitsOfRefreshes.has(refreshed)) limitsOfRefreshes.set(refreshed, configuredMaxFilesPerCommit(root));
  return { ...refreshed, maxFilesPerCommit: limitsOfRefreshes.get(refreshed) };
}

/** The co-change commit-size limit the root's config sets (`history.maxFilesPerCommit`), if any. */
export function configuredMaxFilesPerCommit(root: string): number | undefined {
  return loadConfig(root).config.history?.maxFilesPerCommit;
}
