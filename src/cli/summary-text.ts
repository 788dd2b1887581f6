import path from "node:path";
import { describeSkipped } from "../model/skipped-files.js";
import type { IndexSummary } from "../ingestion/run/indexer.js";
import { formatCount as count, formatKindCounts as byKind } from "../model/kind-counts.js";

const MAX_LISTED_PROBLEMS = 20;

function bytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / (1024 * 1024)).toFixed(1)} MB`;
  if (n >= 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${n} B`;
}

/** The summary printed after `ts-graph index`, for a person at a terminal. */
export function formatIndexSummary(summary: IndexSummary): string {
  const lines: string[] = [];
  const how =
    summary.mode === "noop"
      ? "up to date, nothing changed"
      : summary.mode === "full"
        ? `full index (${summary.reason ?? "forced"})`
        : `incremental: ${summary.files.extracted} re-extracted, ${summary.files.removed} removed`;
  lines.push(`ts-graph: ${summary.root} — ${how}`);
  const fileDetails = [`${count(summary.files.extracted)} extracted`, `${count(summary.files.removed)} removed`];
  if (summary.files.withSyntaxErrors > 0) fileDetails.push(`${summary.files.withSyntaxErrors} with syntax errors`);
  if (summary.files.unreadable > 0) fileDetails.push(`${summary.files.unreadable} unreadable`);
  lines.push(`  files  ${count(summary.files.total)} (${fileDetails.join(", ")})`);
  lines.push(`  nodes  ${count(summary.nodes.total)}: ${byKind(summary.nodes.byKind)}`);
  lines.push(`  edges  ${count(summary.edges.total)}: ${byKind(summary.edges.byKind)}`);
  const relativeDb = path.relative(process.cwd(), summary.db) || summary.db;
  const threads = summary.jobs > 1 ? ` (${summary.jobs} threads extracting)` : "";
  lines.push(
    `  time   ${(summary.durationMs / 1000).toFixed(2)} s${threads} · database ${bytes(summary.dbBytes)} at ${relativeDb}`,
  );
  const skipped = describeSkipped(summary.skipped);
  if (skipped !== undefined) lines.push(`  skipped ${skipped}`);
  if (summary.syntaxErrors.length > 0) {
    lines.push("syntax errors (indexed as far as they parse):");
    for (const error of summary.syntaxErrors.slice(0, MAX_LISTED_PROBLEMS)) {
      lines.push(`  ${error.file}:${error.line}:${error.column} ${error.message}`);
    }
    if (summary.syntaxErrors.length > MAX_LISTED_PROBLEMS)
      lines.push(`  … ${summary.syntaxErrors.length - MAX_LISTED_PROBLEMS} more`);
  }
  if (summary.unreadable.length > 0) {
    lines.push("unreadable files (skipped):");
    for (const file of summary.unreadable.slice(0, MAX_LISTED_PROBLEMS)) lines.push(`  ${file.file}: ${file.reason}`);
  }
  return lines.join("\n");
}
