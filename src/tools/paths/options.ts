/**
 * The values the inputs and answer of paths allow: apart from query.ts so that listing the tools (handler.ts)
 * does not load the walk.
 */

/** Whether a path may take a value use (a function passed or stored, not called there): no (default) or yes. */
export const PATH_VALUES = ["exclude", "include"] as const;
export type PathValues = (typeof PATH_VALUES)[number];

/**
 * What a step needs, weakest last: a direct call (or `new`, JSX, accessor), a call that runs the member only by
 * dispatch, a value use (REFERENCES: the function is passed or stored, and runs only if the receiver calls it).
 */
export const STEP_NEEDS = ["call", "dispatch", "value"] as const;
export type StepNeed = (typeof STEP_NEEDS)[number];
