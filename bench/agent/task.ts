import type { GrepAnswer } from "./grep-agent.js";

/** One question of a task kind: how to ask the CLI, how to read its items, the truth, and the grep agent's run. */
export interface Task {
  readonly label: string;
  /** See scoreTask. */
  readonly recallCap?: number;
  readonly toolArgs: readonly string[];
  readonly parse: (text: string) => readonly string[];
  readonly truth: readonly string[];
  readonly grep: () => GrepAnswer;
}

export interface KindPlan {
  readonly kind: string;
  readonly tasks: readonly Task[];
}
