/**
 * The values the inputs of callers and callees allow and their defaults: apart from query.ts and summary.ts so
 * that listing the tools (handler.ts) does not load the walk.
 */

/** Which callers or callees in test files an answer lists: all of them (apart), none, or only those. */
export const TEST_FILTERS = ["include", "exclude", "only"] as const;
export type TestFilter = (typeof TEST_FILTERS)[number];

/** The inputs a callers or callees question takes when none is given (the tools' defaults). */
export const CALLS_DEFAULTS = { depth: 3, dispatch: "up", tests: "include" } as const;
