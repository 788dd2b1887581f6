/** Scoring of first answers: precision and recall of items per task, summed per task kind, and the table. */

export interface TaskScore {
  readonly truth: number;
  readonly answered: number;
  readonly matched: number;
  /** Items the answer gives that the truth does not have: the misleading ones. */
  readonly falsePositives: readonly string[];
  /** Items of the truth the answer misses. */
  readonly missed: readonly string[];
}

/**
 * `recallCap`: for a ranked answer that lists at most that many items (co-change's default limit), recall is of
 * the first `recallCap` truth items at best: the truth counts at most that many.
 */
export function scoreTask(
  truth: readonly string[],
  answer: readonly string[],
  recallCap = Number.POSITIVE_INFINITY,
): TaskScore {
  const truthSet = new Set(truth);
  const answerSet = new Set(answer);
  const matched = [...answerSet].filter((item) => truthSet.has(item)).length;
  return {
    truth: Math.min(truthSet.size, recallCap),
    answered: answerSet.size,
    matched,
    falsePositives: [...answerSet].filter((item) => !truthSet.has(item)).sort(),
    missed: [...truthSet].filter((item) => !answerSet.has(item)).sort(),
  };
}

/** One side (the tool or the grep agent) of one task: its items' score and the tokens it read. */
export interface SideResult {
  readonly score: TaskScore;
  readonly tokens: number;
}

export interface KindSummary {
  readonly kind: string;
  readonly tasks: number;
  readonly tool: {
    readonly precision: number;
    readonly recall: number;
    readonly tokens: number;
    readonly misleading: readonly string[];
  };
  readonly grep: { readonly precision: number; readonly recall: number; readonly tokens: number };
}

/**
 * Micro-averaged precision and recall over a kind's tasks (matched items over all answered, over all truth
 * items); an answer with no items is precise, a truth with no items is recalled. Tokens are summed.
 */
export function summarizeKind(
  kind: string,
  results: readonly { readonly tool: SideResult; readonly grep: SideResult }[],
): KindSummary {
  const sum = (pick: (r: SideResult) => number, side: "tool" | "grep"): number =>
    results.reduce((total, r) => total + pick(r[side]), 0);
  const ratio = (matched: number, total: number): number => (total === 0 ? 1 : matched / total);
  const side = (name: "tool" | "grep") => ({
    precision: ratio(
      sum((r) => r.score.matched, name),
      sum((r) => r.score.answered, name),
    ),
    recall: ratio(
      sum((r) => r.score.matched, name),
      sum((r) => r.score.truth, name),
    ),
    tokens: sum((r) => r.tokens, name),
  });
  return {
    kind,
    tasks: results.length,
    tool: { ...side("tool"), misleading: results.flatMap((r) => r.tool.score.falsePositives) },
    grep: side("grep"),
  };
}

const percent = (value: number): string => `${(value * 100).toFixed(1)} %`;

/** The per-kind table (Markdown), with the first few misleading items of the tool named, and the targets checked. */
export function kindTable(
  summaries: readonly KindSummary[],
  skipped: readonly { readonly kind: string; readonly why: string }[],
): string[] {
  const lines = [
    "| task kind | tasks | tool P | tool R | tool misleading (first 3) | tool tokens | grep P | grep R | grep tokens | tool/grep tokens | targets |",
    "|---|---:|---:|---:|---|---:|---:|---:|---:|---:|---|",
  ];
  for (const s of summaries) {
    const misleading =
      s.tool.misleading.length === 0
        ? "none"
        : `${s.tool.misleading.length}: ${s.tool.misleading.slice(0, 3).join(", ")}`;
    const tokenRatio = s.grep.tokens === 0 ? "n/a" : (s.tool.tokens / s.grep.tokens).toFixed(2);
    const met = s.tasks > 0 && s.tool.precision >= 0.95 && s.tool.recall >= 0.95 && s.tool.tokens <= s.grep.tokens;
    lines.push(
      `| ${s.kind} | ${s.tasks} | ${percent(s.tool.precision)} | ${percent(s.tool.recall)} | ${misleading} | ${s.tool.tokens} | ` +
        `${percent(s.grep.precision)} | ${percent(s.grep.recall)} | ${s.grep.tokens} | ${tokenRatio} | ${met ? "met" : "missed"} |`,
    );
  }
  for (const s of skipped) lines.push(`| ${s.kind} | skipped: ${s.why} | | | | | | | | | |`);
  return lines;
}
