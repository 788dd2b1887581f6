import type { Dispatch } from "../inputs/query-inputs.js";

/**
 * The values impact's inputs allow and its defaults: apart from query.ts so that listing the tools (handler.ts)
 * does not load the walk.
 */

/** Which dependants an answer lists: those that run or read the code, those that only name a type, or both. */
export const IMPACT_KINDS = ["runtime", "types", "all"] as const;
export type ImpactKinds = (typeof IMPACT_KINDS)[number];

/** Which dependants in test files an answer lists: as tests to run (default), none, or only those. */
export type ImpactTests = "include" | "exclude" | "only";

/** The inputs an impact question takes when none is given (the tool's defaults). */
export const IMPACT_DEFAULTS = { depth: 3, dispatch: "up", tests: "include", kinds: "all" } as const satisfies {
  readonly depth: number;
  readonly dispatch: Dispatch;
  readonly tests: ImpactTests;
  readonly kinds: ImpactKinds;
};
