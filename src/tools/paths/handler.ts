import { z } from "../../vendor/zod.js";
import { pathString, symbolString } from "../inputs/input-limits.js";
import { DISPATCH_MODES, outputShape, FILE_DESCRIPTION, SYMBOL_DESCRIPTION } from "../inputs/query-inputs.js";
import { defineTool } from "../tool-contract.js";
import type { PathsStructured } from "./format.js";
import { PATH_VALUES, STEP_NEEDS } from "./options.js";
import { answerOf, dynamicCallSite, symbolSummary, truncation } from "../answer/answer-schema.js";

/** One step of a call path (format.ts `StepEntry`). */
const stepEntry = symbolSummary.extend({
  name: z.string(),
  edge: z.string().nullable(),
  sites: z.array(z.number()),
  through: z.string().optional(),
  throughHasNoBody: z.literal(true).optional(),
  constructs: z.string().optional(),
});

const pathList = z.array(
  z.looseObject({ length: z.number(), dispatchSteps: z.number(), valueSteps: z.number(), steps: z.array(stepEntry) }),
);

/** A declaration on another call chain (format.ts `OtherEntry`). */
const otherEntry = symbolSummary.extend({
  name: z.string(),
  pathLength: z.number(),
  step: z.number(),
  needs: z.enum(STEP_NEEDS),
});

/** The paths answer (format.ts `PathsStructured`), declared as the tool's output schema. */
const pathsAnswerSchema = answerOf<PathsStructured>()(
  z.looseObject({
    tool: z.literal("paths"),
    from: symbolSummary,
    to: symbolSummary,
    depth: z.number(),
    dispatch: z.enum(DISPATCH_MODES),
    tests: z.enum(["include", "exclude", "only"]),
    values: z.enum(PATH_VALUES),
    shortest: z.number().nullable(),
    total: z.number(),
    throughDispatch: z.number(),
    throughValues: z.number(),
    paths: pathList,
    totalInTests: z.number(),
    testPaths: pathList,
    complete: z.boolean(),
    reverse: z.number().nullable(),
    dynamic: z.array(dynamicCallSite),
    totalDynamic: z.number(),
    withValues: z.object({ shortest: z.number().nullable(), declarations: z.number() }).nullable(),
    totalOthers: z.number(),
    othersByNeed: z.object({ call: z.number(), dispatch: z.number(), value: z.number() }),
    others: z.array(otherEntry),
    truncated: truncation,
  }),
);

const pathsInputShape = {
  from: symbolString().describe(`where the paths start: ${SYMBOL_DESCRIPTION}`),
  to: symbolString().describe(`where the paths end: ${SYMBOL_DESCRIPTION}`),
  fromFile: pathString().min(1).optional().describe(`for from: ${FILE_DESCRIPTION}`),
  toFile: pathString().min(1).optional().describe(`for to: ${FILE_DESCRIPTION}`),
  depth: z.number().int().min(1).max(12).default(6).describe("longest path considered, in steps (default 6)"),
  maxPaths: z.number().int().min(1).max(50).default(3).describe("how many paths to return (default 3)"),
  dispatch: z
    .enum(DISPATCH_MODES)
    .default("up")
    .describe(
      "none = calls go only to the declaration they name; up = a call may go on into any member that overrides it (default); all = the compiler's wider set",
    ),
  tests: z
    .enum(["include", "exclude", "only"])
    .default("include")
    .describe("paths through test files: include (listed apart, default), exclude (not walked through), or only"),
  values: z
    .enum(PATH_VALUES)
    .default("exclude")
    .describe(
      "value uses (a function passed or stored, not called there): exclude = paths of calls only (default); include = a path may also take one, marked `used as a value, not called`",
    ),
  ...outputShape,
};

export type PathsInput = z.infer<z.ZodObject<typeof pathsInputShape>>;

export const pathsTool = defineTool({
  name: "paths",
  description: [
    "How one symbol reaches another through calls: up to maxPaths call paths from `from` to `to`",
    "(calls, `new`, JSX, decorators, tagged templates, accessor reads and writes, the call edges of `callers`), cycle-free,",
    "within `depth` steps: paths of direct calls first, then paths that take a dispatch step, each group shortest first.",
    "Each step has its line range and the lines where the previous step calls it; a step through dispatch (a call of",
    "`Shape.area` going on into `Circle.area`) is marked `via Shape.area (dispatch)`, `(no body, dispatch)` when the member called has no body.",
    "After the paths, every other declaration on a call chain from `from` to `to` within `depth` (its chain length and step, direct calls first).",
    "A function passed or stored as a value is not a call: with values include a path may go through one (marked, listed last).",
    "Use it to explain how an entry point ends up in a function, or to check that two pieces of code are (not) connected.",
  ].join("\n"),
  inputShape: pathsInputShape,
  positional: ["from", "to"],
  answer: pathsAnswerSchema,
  annotations: {
    title: "Call paths between two symbols",
    readOnlyHint: true,
    idempotentHint: true,
    openWorldHint: false,
  },
  // The answer is built by run.ts, loaded on the first call: listing the tools needs only the schemas above.
  run: async (input, context) => (await import("./run.js")).runPaths(input, context),
});
