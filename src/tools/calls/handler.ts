import { z } from "../../vendor/zod.js";
import type { WalkDirection } from "../walk/graph-walk.js";
import { DISPATCH_MODES, symbolShape, walkOutputShape } from "../inputs/query-inputs.js";
import { defineTool } from "../tool-contract.js";
import type { CallsStructured } from "./format.js";
import { CALLS_DEFAULTS, TEST_FILTERS } from "./options.js";
import {
  answerOf,
  dynamicCallSite,
  reachEntry,
  reachSummary,
  symbolSummary,
  truncation,
} from "../answer/answer-schema.js";
import { pathString } from "../inputs/input-limits.js";

/** The callers and callees answer (format.ts `CallsStructured`), declared as the tools' output schema. */
const callsAnswerSchema = answerOf<CallsStructured>()(
  z.looseObject({
    tool: z.enum(["callers", "callees"]),
    symbol: symbolSummary,
    accessors: z.array(z.object({ key: z.string(), access: z.enum(["read", "write"]) })).optional(),
    depth: z.number(),
    dispatch: z.enum(DISPATCH_MODES),
    tests: z.enum(TEST_FILTERS),
    in: z.string().optional(),
    total: z.number(),
    totalInTests: z.number(),
    throughDispatch: z.number(),
    files: z.number(),
    entries: z.array(reachEntry),
    testEntries: z.array(reachEntry),
    withoutBody: z.number().optional(),
    totalValues: z.number(),
    values: z.array(reachEntry),
    dynamic: z.array(dynamicCallSite).optional(),
    totalDynamic: z.number().optional(),
    summary: reachSummary.optional(),
    truncated: truncation,
  }),
);

const DESCRIPTIONS: Record<WalkDirection, string> = {
  in: [
    "Who calls this symbol, transitively: callers, their callers, and so on, from the type-checked call graph",
    "(calls through interfaces, `this`, imports and re-exports resolved; `new`, JSX, decorators, tagged templates included).",
    "With dispatch `up` (default), a call of a member this one overrides or implements counts, marked `via Base.m (dispatch)`",
    "(`shape.area()` calls `Circle.area`, `iterator.next()` calls `Countdown.next`). For an accessor property, reads and writes are",
    "marked (`X.p#get` / `X.p#set` asks about one accessor). Grouped by depth and file, each caller with its line range and the",
    "lines of its call sites; callers in test files are listed apart. Uses as a value that are not calls (a callback passed,",
    "a class as a DI token, in an array, after `instanceof`) are listed apart and not followed (`impact` follows them).",
    "Use it instead of grepping for the name.",
  ].join("\n"),
  out: [
    "What this symbol calls, transitively: callees, their callees, and so on, from the type-checked call graph",
    "(`new`, JSX, decorators included; functions it passes or stores as values are listed apart, not followed).",
    "With dispatch `up` (default), a call of an overridable member also lists every member that overrides or",
    "implements it (may dispatch to), marked `via Base.m (dispatch)`. A member without a body (abstract, or of an",
    "interface) never runs: it is marked `no body, dispatches to: A.m, B.m`.",
    "Grouped by depth and file, each callee with its line range and the lines where it is called.",
    "Use it to learn what a function relies on before changing or testing it.",
  ].join("\n"),
};

const dispatchShape = z
  .enum(DISPATCH_MODES)
  .default(CALLS_DEFAULTS.dispatch)
  .describe(
    "how calls reach overriding members: none = only the declaration the call names; up = also calls of members it overrides or implements (default); all = the compiler's wider set, siblings and members below too",
  );

const testsShape = z
  .enum(TEST_FILTERS)
  .default(CALLS_DEFAULTS.tests)
  .describe("callers or callees in test files: include (listed apart, default), exclude, or only");

/** The inputs of callers and callees; run.ts takes them parsed (CallsInput). */
const callsInputShape = {
  ...symbolShape,
  depth: z
    .number()
    .int()
    .min(1)
    .max(10)
    .default(CALLS_DEFAULTS.depth)
    .describe("how many call steps to follow (default 3)"),
  dispatch: dispatchShape,
  tests: testsShape,
  in: pathString()
    .optional()
    .describe("only the entries in this folder or file (relative to the root); the walk still goes through the rest"),
  ...walkOutputShape,
};

export type CallsInput = z.infer<z.ZodObject<typeof callsInputShape>>;

/** `callers` and `callees` are one walk in two directions: one definition each, built here. */
function callTool(direction: WalkDirection) {
  return defineTool({
    name: direction === "in" ? "callers" : "callees",
    description: DESCRIPTIONS[direction],
    inputShape: callsInputShape,
    positional: ["symbol"],
    answer: callsAnswerSchema,
    annotations: {
      title: direction === "in" ? "Callers" : "Callees",
      readOnlyHint: true,
      idempotentHint: true,
      openWorldHint: false,
    },
    // The walk and its answer are loaded on the first call: listing the tools needs only the schemas above.
    run: async (input, context) => (await import("./run.js")).runCalls(direction, input, context),
  });
}

export const callersTool = callTool("in");
export const calleesTool = callTool("out");
