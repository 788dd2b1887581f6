import { z } from "../../vendor/zod.js";
import { DISPATCH_MODES, symbolShape, walkOutputShape } from "../inputs/query-inputs.js";
import { defineTool } from "../tool-contract.js";
import type { ImpactStructured } from "./format.js";
import { IMPACT_DEFAULTS, IMPACT_KINDS } from "./options.js";
import { answerOf, reachEntry, reachSummary, someObject, symbolSummary, truncation } from "../answer/answer-schema.js";
import { pathString } from "../inputs/input-limits.js";

/** The impact answer (format.ts `ImpactStructured`), declared as the tool's output schema. */
const impactAnswerSchema = answerOf<ImpactStructured>()(
  z.looseObject({
    tool: z.literal("impact"),
    symbol: symbolSummary,
    depth: z.number(),
    dispatch: z.enum(DISPATCH_MODES),
    kinds: z.enum(IMPACT_KINDS),
    in: z.string().optional(),
    testsOnly: z.literal(true).optional(),
    members: z.number(),
    totalDependants: z.number(),
    runtimeDependants: z.number(),
    typeDependants: z.number(),
    throughDispatch: z.number(),
    files: z.number(),
    dependants: z.array(reachEntry.extend({ use: z.enum(["runtime", "type"]) })),
    tests: z.array(
      z.looseObject({
        file: z.string(),
        depth: z.number(),
        symbols: z.number(),
        through: z
          .object({
            imports: z.string(),
            loads: z.string(),
            uses: z.object({ in: z.string().optional(), edge: z.string(), via: z.string() }).optional(),
          })
          .optional(),
      }),
    ),
    totalTests: z.number(),
    testNotes: z.array(z.string()).optional(),
    highFanOut: z.array(z.object({ key: z.string(), dependants: z.number() })),
    alsoChanges: someObject.optional(),
    summary: reachSummary.optional(),
    firstOf: z.enum(["member", "folder"]).optional(),
    truncated: truncation,
  }),
);

/** The impact inputs; run.ts takes them parsed (ImpactInput). */
const impactInputShape = {
  ...symbolShape,
  depth: z
    .number()
    .int()
    .min(1)
    .max(10)
    .default(IMPACT_DEFAULTS.depth)
    .describe("how many steps of dependants to follow (default 3)"),
  dispatch: z
    .enum(DISPATCH_MODES)
    .default(IMPACT_DEFAULTS.dispatch)
    .describe(
      "none = only what names this declaration; up = also callers of members it overrides or implements, which may run it (default); all = the compiler's wider set, siblings too",
    ),
  tests: z
    .enum(["include", "exclude", "only"])
    .default(IMPACT_DEFAULTS.tests)
    .describe("dependants in test files: include (listed as tests to run, default), exclude, or only"),
  kinds: z
    .enum(IMPACT_KINDS)
    .default(IMPACT_DEFAULTS.kinds)
    .describe(
      "runtime = dependants that run or read the code; types = those that only name a type (USES_TYPE); all = both, runtime listed first (default)",
    ),
  in: pathString()
    .optional()
    .describe(
      "only the dependants and tests in this folder or file (relative to the root); the walk still goes through the rest",
    ),
  alsoChanges: z
    .number()
    .int()
    .min(0)
    .max(50)
    .default(5)
    .describe(
      "most entries of 'also changes with it': what the git history changes with the symbol outside its dependants (default 5; 0 skips the history)",
    ),
  ...walkOutputShape,
};

export type ImpactInput = z.infer<z.ZodObject<typeof impactInputShape>>;

export const impactTool = defineTool({
  name: "impact",
  description: [
    "What breaks if this symbol changes: everything that depends on it, transitively, from the type-checked graph.",
    "Follows callers, references (callbacks, handler maps, stored functions), reads of variables and properties, type users,",
    "subclasses and implementers, `new` (a constructor reaches its `new` sites) and JSX, and",
    "(dispatch up, default) the callers of what a member overrides or implements, which may run it;",
    "a class, interface or file counts with all its members. Answers grouped by depth and file, each dependant with its",
    "line range and the edge it comes through; dependants that run or read the code come first, those that only name a type",
    "(USES_TYPE) apart (kinds chooses; `in` keeps those in one folder); plus the tests that reach the symbol (tests to run: files the",
    "project's test runner runs, by its vitest, jest or mocha config or the usual test file names; fixtures and helpers are dependants)",
    "and high fan-out dependants;",
    "and, in a git repository, what the history shows changing with it that is not among its dependants (also changes with it).",
    "An answer too long for its budget lists the dependants past the first ones by name only; one too large even so",
    "is summarised: dependants counted per member and per folder, the first of each listed, and the narrower questions to ask next.",
    "Use it before changing a signature or behaviour, instead of grepping for the name.",
  ].join("\n"),
  inputShape: impactInputShape,
  positional: ["symbol"],
  answer: impactAnswerSchema,
  annotations: { title: "Impact of a change", readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  // The query and its answer are loaded on the first call: listing the tools needs only the schemas above.
  run: async (input, context) => (await import("./run.js")).runImpact(input, context),
});
