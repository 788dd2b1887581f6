import { formatCount, formatKindCounts } from "../../model/kind-counts.js";
import { describeSkipped } from "../../model/skipped-files.js";
import type { RootMemoryView, ServerMemoryView } from "./memory-view.js";
import type { RootStatus } from "./query.js";

/** Watched, a change is on its way into the graph; unwatched (the CLI), it waits for the next index run. */
function pendingText(pendingFiles: number, watching: boolean): string {
  if (pendingFiles === 0) return "up to date";
  const files = `${formatCount(pendingFiles)} ${pendingFiles === 1 ? "file" : "files"}`;
  return watching ? `${files} changed and not re-indexed yet` : `${files} changed since the last index`;
}

/** The database path relative to the root when it lies inside it (both are canonical absolute paths). */
function dbText(status: RootStatus): string {
  const prefix = status.root.endsWith("/") ? status.root : `${status.root}/`;
  return status.dbPath.startsWith(prefix) ? status.dbPath.slice(prefix.length) : status.dbPath;
}

function megabytes(bytes: number): string {
  return `${formatCount(Math.round(bytes / (1024 * 1024)))} MB`;
}

function memoryText(memory: RootMemoryView): string {
  const heap =
    memory.indexerHeapBytes === undefined ? "" : ` (indexing thread's heap ${megabytes(memory.indexerHeapBytes)})`;
  const programs =
    memory.programs === "released"
      ? "released (the next change builds what it needs)"
      : memory.programs === "as needed"
        ? "kept as changes need them (since a release)"
        : memory.programs;
  const language = memory.editLanguageService ? "loaded" : "not loaded";
  return `programs ${programs}${heap} · edit language service ${language} · last used ${memory.lastUsed}`;
}

/** The server's line: its RSS and the rules that bound it. */
function serverMemoryText(server: ServerMemoryView): string {
  const idle =
    server.idleReleaseMinutes > 0
      ? `an idle root releases them after ${formatCount(server.idleReleaseMinutes)} min`
      : "no idle release";
  return `server   RSS ${megabytes(server.rssBytes)} · budget ${megabytes(server.budgetBytes)} (above it, the least recently used roots release their programs) · ${idle}`;
}

function formatRoot(status: RootStatus): string[] {
  const lines = [status.root];
  const indexed = status.indexedAt === null ? "never indexed" : `indexed ${status.indexedAt}`;
  lines.push(
    `  graph    ${indexed} · ${pendingText(status.pendingFiles, status.watching)} · database ${dbText(status)}`,
  );
  lines.push(`  watcher  ${status.watching ? "running (changes are applied as files are saved)" : "not running"}`);
  if (status.memory !== undefined) lines.push(`  memory   ${memoryText(status.memory)}`);
  if (status.indexError !== null) lines.push(`  last index failed: ${status.indexError}`);
  for (const note of status.notes) lines.push(`  note: ${note}`);
  if (status.graph === null) {
    lines.push(`  unavailable: ${status.unavailable ?? "no graph yet"}`);
    return lines;
  }
  const { files, nodes, edges } = status.graph;
  const syntax = files.withSyntaxErrors > 0 ? ` (${formatCount(files.withSyntaxErrors)} with syntax errors)` : "";
  lines.push(`  files    ${formatCount(files.total)}${syntax}`);
  lines.push(`  nodes    ${formatCount(nodes.total)}${nodes.total > 0 ? `: ${formatKindCounts(nodes.byKind)}` : ""}`);
  lines.push(`  edges    ${formatCount(edges.total)}${edges.total > 0 ? `: ${formatKindCounts(edges.byKind)}` : ""}`);
  const skipped = describeSkipped(status.graph.skipped);
  if (skipped !== undefined) lines.push(`  skipped  ${skipped}`);
  const engine = status.graph.engine;
  if (engine !== undefined) {
    const what = engine.name === "ts7" ? "TypeScript 7's native checker" : "TypeScript 6's checker";
    lines.push(`  engine   ${what} (TypeScript ${engine.typescript})`);
    for (const note of engine.notes) lines.push(`    ${note}`);
  }
  return lines;
}

/** The status tool's text: the server's memory (when served), then one block per root. */
export function formatStatus(roots: readonly RootStatus[], server?: ServerMemoryView): string {
  const heading = `ts-graph status: ${roots.length} ${roots.length === 1 ? "root" : "roots"}`;
  return [heading, ...(server === undefined ? [] : [serverMemoryText(server)]), ...roots.flatMap(formatRoot)].join(
    "\n",
  );
}
