import { z } from "../../vendor/zod.js";
import { answerOf, truncation } from "../answer/answer-schema.js";
import { outputShape, symbolShape } from "../inputs/query-inputs.js";
import { defineTool } from "../tool-contract.js";
import type { HierarchyStructured } from "./format.js";
import { HIERARCHY_DIRECTIONS, MAX_HIERARCHY_DEPTH } from "./query.js";

/** One line of a hierarchy tree (query.ts `HierarchyEntry`). */
const hierarchyEntry = z.looseObject({
  depth: z.number(),
  relation: z.enum(["extends", "implements"]),
  key: z.string(),
  parent: z.string(),
  external: z.boolean(),
  kind: z.string().optional(),
  qualifiedName: z.string(),
  file: z.string().optional(),
  line: z.number().optional(),
  repeated: z.boolean(),
  beyondDepth: z.boolean(),
});

/** The hierarchy answer (format.ts `HierarchyStructured`), declared as the tool's output schema. */
const hierarchyAnswerSchema = answerOf<HierarchyStructured>()(
  z.looseObject({
    tool: z.literal("hierarchy"),
    symbol: z.looseObject({
      key: z.string(),
      kind: z.string(),
      typeKind: z.string(),
      qualifiedName: z.string(),
      file: z.string(),
      start: z.number(),
      end: z.number(),
    }),
    direction: z.enum(HIERARCHY_DIRECTIONS),
    depth: z.number(),
    supertypes: z.number(),
    subtypes: z.number(),
    files: z.number(),
    up: z.array(hierarchyEntry),
    down: z.array(hierarchyEntry),
    totals: z.object({ up: z.number(), down: z.number() }),
    truncated: truncation,
  }),
);

const hierarchyInputShape = {
  ...symbolShape,
  direction: z
    .enum(HIERARCHY_DIRECTIONS)
    .default("both")
    .describe("up: supertypes; down: subtypes and implementations; both (default)"),
  depth: z
    .number()
    .int()
    .min(1)
    .max(MAX_HIERARCHY_DEPTH)
    .default(MAX_HIERARCHY_DEPTH)
    .describe(`heritage steps to follow (default ${MAX_HIERARCHY_DEPTH}, the most)`),
  ...outputShape,
};

export type HierarchyInput = z.infer<z.ZodObject<typeof hierarchyInputShape>>;

export const hierarchyTool = defineTool({
  name: "hierarchy",
  description: [
    "The type hierarchy of a class, interface or type alias, transitively: its supertypes (what it extends and",
    "implements, up) and its subtypes (the classes and interfaces that extend or implement it, down), as trees",
    "with each type's kind, qualified name and file:line. A type reached twice (a diamond through interfaces) is",
    "listed once more, marked, not expanded again; a library or node_modules supertype (`extends lib:Error`) is a leaf.",
    "Use it for 'which classes extend this base?' or 'what does this class implement?' instead of impact or grep.",
  ].join("\n"),
  inputShape: hierarchyInputShape,
  positional: ["symbol"],
  answer: hierarchyAnswerSchema,
  annotations: { title: "Type hierarchy", readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  // The answer is built by run.ts, loaded on the first call: listing the tools needs only the schemas above.
  run: async (input, context) => (await import("./run.js")).runHierarchy(input, context),
});
