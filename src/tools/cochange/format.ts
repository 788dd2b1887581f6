import { plural } from "../answer/text.js";

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
  /** The ranking: recentConfidence, at symbol level blended with the file level and raised by name likeness (tools/scoring/cochange-scores.ts). */
  readonly score: number;
  /** ISO date (YYYY-MM-DD) of the last commit that changed both. */
  readonly lastShared: string;
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
  /** Fewest shared commits listed: the input's, else 2 (1 for a target of fewer than 3 commits; cochange-scores.ts defaultMinSupport). */
  readonly minSupport: number;
  /** Entries left out for sharing fewer than `minSupport` commits with the target (after `hiddenOnly`). */
  readonly belowMinSupport: number;
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
      (report.largeCommits > 0
        ? `, ${report.largeCommits} more left out (over ${report.maxFilesPerCommit} files each)`
        : ""),
  ];
  if (report.partial !== undefined) lines.push(`partial history: ${report.partial.why}. ${report.partial.fix}`);
  const ranking =
    report.level === "symbol"
      ? "; score = 5/6 × recent blended with its file's coupling with the target's file × how often it changes within its file + 1/6 × the share of name words it has in common with the target, the ranking"
      : ", the ranking";
  lines.push(
    `legend: support = commits that changed both; conf = support / commits of the target; recent = conf with each commit weighted by age (halving every ${report.halfLifeDays} days) and size (1/log2(1 + files))${ranking}; hidden = no static path within ${report.hiddenDepth} steps`,
  );
  if (report.entries.length === 0) {
    lines.push(
      report.commits === 0
        ? "no commit in the history changed it (new, or only in commits left out)"
        : `nothing ${report.hiddenOnly ? "hidden " : ""}changed with it at least ${plural(report.minSupport, "time")}`,
      ...belowMinSupportNote(report),
    );
    return lines.join("\n");
  }
  lines.push("");
  for (const entry of report.entries) {
    const hidden = entry.hidden ? "  hidden" : "";
    const score = report.level === "symbol" ? `  score ${percent(entry.score)}` : "";
    lines.push(
      `${entryName(entry)}  support ${entry.support}  conf ${percent(entry.confidence)}  recent ${percent(entry.recentConfidence)}${score}  last ${entry.lastShared}${hidden}`,
    );
  }
  if (report.total > report.entries.length)
    lines.push(`(${report.entries.length} of ${report.total} shown: raise limit or minSupport)`);
  lines.push(...belowMinSupportNote(report));
  return lines.join("\n");
}

/** `(7 more files shared only one commit with it: minSupport 1 lists them)`; nothing when none was left out. */
function belowMinSupportNote(report: CochangeReport): string[] {
  const count = report.belowMinSupport;
  if (count === 0) return [];
  const noun = report.level === "file" ? "file" : "declaration";
  const what = `${report.hiddenOnly ? "hidden " : ""}${count === 1 ? noun : `${noun}s`}`;
  const shared = report.minSupport === 2 ? "only one commit" : `fewer than ${report.minSupport} commits`;
  return [`(${count} more ${what} shared ${shared} with it: minSupport 1 lists ${count === 1 ? "it" : "them"})`];
}
