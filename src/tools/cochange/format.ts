import { LINK_WEIGHT } from "../cochange-scores.js";
import { plural } from "../text.js";

/** One co-changed file or declaration, as the answer lists it. */
export interface CochangeEntry {
  /** Path relative to the root. */
  readonly file: string;
  /** The declaration's qualified name, at symbol level. */
  readonly name?: string | undefined;
  readonly support: number;
  readonly confidence: number;
  /** The confidence with each commit weighted by its age and size: the ranking at file level. */
  readonly recentConfidence: number;
  /**
   * The ranking: recentConfidence, at file level raised by a static link, at symbol level blended with the file
   * level and raised by name likeness (tools/cochange-scores.ts).
   */
  readonly score: number;
  /** ISO date (YYYY-MM-DD) of the last commit that changed both; none for a file listed for its import alone (support 0). */
  readonly lastShared?: string | undefined;
  /** At file level, a direct import links the file with the target's, either way: its score counts it. */
  readonly linked: boolean;
  /** No static path links it with the target within `hiddenDepth` steps, in either direction. */
  readonly hidden: boolean;
}

export interface CochangeReport {
  readonly tool: "cochange";
  readonly target: { readonly file: string; readonly name?: string | undefined };
  readonly level: "file" | "symbol";
  /** Commits that changed the target and count (with basis `file` or `folder`: commits of the target's file or folder). */
  readonly commits: number;
  /**
   * Whose commits the scores count: the target's own, or (a declaration no commit changed yet) its file's, or (a
   * file no commit changed yet) its nearest folder's that has any, subfolders included.
   */
  readonly basis: "file" | "symbol" | "folder";
  /** With basis `folder`: that folder, relative to the root (`.` for the root). */
  readonly folder?: string | undefined;
  /** Left out of every count: commits touching more than `maxFilesPerCommit` files. */
  readonly largeCommits: number;
  readonly maxFilesPerCommit: number;
  readonly minSupport: number;
  readonly halfLifeDays: number;
  readonly hiddenDepth: number;
  readonly hiddenOnly: boolean;
  /** Entries before the limit. */
  readonly total: number;
  readonly entries: readonly CochangeEntry[];
  /** The history is partial (a shallow clone): why, and how to fix it. */
  readonly partial?: { readonly why: string; readonly fix: string } | undefined;
}

function percent(value: number): string {
  return `${Math.round(value * 100)}%`;
}

function entryName(entry: { readonly file: string; readonly name?: string | undefined }): string {
  return entry.name === undefined ? entry.file : `${entry.file}:${entry.name}`;
}

function basisNote(report: CochangeReport): string {
  if (report.basis === "folder") return ` of its folder ${report.folder ?? "."} (no commit changed the file itself)`;
  return report.basis !== report.level ? " of its file (no commit changed the declaration itself)" : "";
}

/** The answer as an agent reads it: a header, a one-line legend, one line per entry. */
export function formatCochange(report: CochangeReport): string {
  const lines = [
    `co-change of ${entryName(report.target)} (${report.level} level): ${plural(report.commits, "commit")}` +
      basisNote(report) +
      (report.largeCommits > 0 ? `, ${report.largeCommits} more left out (over ${report.maxFilesPerCommit} files each)` : ""),
  ];
  if (report.partial !== undefined) lines.push(`partial history: ${report.partial.why}. ${report.partial.fix}`);
  const ranking =
    report.level === "symbol"
      ? "; score = 5/6 × recent blended with its file's coupling with the target's file × how often it changes within its file + 1/6 × the share of name words it has in common with the target, the ranking"
      : `; score = recent + ${LINK_WEIGHT} / (commits of the target + ${LINK_WEIGHT}) when a direct import links the two files (import; listed even with no shared commit), the ranking`;
  lines.push(
    `legend: support = commits that changed both; conf = support / commits of the target; recent = conf with each commit weighted by age (halving every ${report.halfLifeDays} days) and size (1/log2(1 + files))${ranking}; hidden = no static path within ${report.hiddenDepth} steps`,
  );
  if (report.entries.length === 0) {
    lines.push(
      report.commits === 0
        ? "no commit in the history changed it (new, or only in commits left out)"
        : `nothing ${report.hiddenOnly ? "hidden " : ""}changed with it at least ${plural(report.minSupport, "time")}`,
    );
    return lines.join("\n");
  }
  lines.push("");
  for (const entry of report.entries) {
    const hidden = entry.hidden ? "  hidden" : "";
    const score = report.level === "symbol" || entry.linked ? `  score ${percent(entry.score)}${entry.linked ? " (import)" : ""}` : "";
    const last = entry.lastShared === undefined ? "" : `  last ${entry.lastShared}`;
    lines.push(
      `${entryName(entry)}  support ${entry.support}  conf ${percent(entry.confidence)}  recent ${percent(entry.recentConfidence)}${score}${last}${hidden}`,
    );
  }
  if (report.total > report.entries.length) lines.push(`(${report.entries.length} of ${report.total} shown: raise limit or minSupport)`);
  return lines.join("\n");
}
