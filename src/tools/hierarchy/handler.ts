import { z } from "../../vendor/zod.js";
import { answerOf, truncation } from "../answer-schema.js";
import { outputShape, present } from "../query-output.js";
import { describeNode, type SymbolNode } from "../symbol-address.js";
import { answerFromOneGraph, symbolFromInput, symbolShape } from "../symbol-input.js";
import { defineTool, type ToolContext } from "../tool-contract.js";
import { ToolInputError } from "../tool-errors.js";
import { hierarchyAnswer, type HierarchyStructured } from "./format.js";
import { HIERARCHY_DIRECTIONS, HIERARCHY_KINDS, MAX_HIERARCHY_DEPTH, queryHierarchy } from "./query.js";

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

/**
 * The type asked about. A name that several declarations have, of which exactly one is a type (a class `Badge`
 * beside a component function `Badge`), is that type; any other ambiguity lists the candidates.
 */
async function typeFromInput(context: ToolContext, symbol: string, file: string | undefined): Promise<SymbolNode> {
  try {
    return await symbolFromInput(context, symbol, file);
  } catch (error) {
    const details =
      error instanceof ToolInputError ? (error.details as { reason?: string; candidates?: readonly SymbolNode[] } | undefined) : undefined;
    const types = details?.reason === "ambiguous" ? (details.candidates ?? []).filter((candidate) => HIERARCHY_KINDS.has(candidate.kind)) : [];
    const [only] = types;
    if (only === undefined || types.length > 1) throw error;
    await context.ensureFresh([context.paths.validate(only.file, { mustExist: false }).absolute]);
    return only;
  }
}

export const hierarchyTool = defineTool({
  name: "hierarchy",
  description: [
    "The type hierarchy of a class, interface or type alias, transitively: its supertypes (what it extends and",
    "implements, up) and its subtypes (the classes and interfaces that extend or implement it, down), as trees",
    "with each type's kind, qualified name and file:line. A type reached twice (a diamond through interfaces) is",
    "listed once more, marked, not expanded again; a library or node_modules supertype (`extends lib:Error`) is a leaf.",
    "Use it for 'which classes extend this base?' or 'what does this class implement?' instead of impact or grep.",
  ].join("\n"),
  inputShape: {
    ...symbolShape,
    direction: z.enum(HIERARCHY_DIRECTIONS).default("both").describe("up: supertypes; down: subtypes and implementations; both (default)"),
    depth: z
      .number()
      .int()
      .min(1)
      .max(MAX_HIERARCHY_DEPTH)
      .default(MAX_HIERARCHY_DEPTH)
      .describe(`heritage steps to follow (default ${MAX_HIERARCHY_DEPTH}, the most)`),
    ...outputShape,
  },
  positional: ["symbol"],
  answer: hierarchyAnswerSchema,
  annotations: { title: "Type hierarchy", readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  async run(input, context) {
    const node = await typeFromInput(context, input.symbol, input.file);
    if (!HIERARCHY_KINDS.has(node.kind)) {
      throw new ToolInputError(
        `${describeNode(node)} is not a class, an interface or a type alias: it has no type hierarchy. Give a type (find can list them: ts-graph find <name>).`,
      );
    }
    return answerFromOneGraph(context, [node], () => present(hierarchyAnswer(queryHierarchy(context.db, node, input.direction, input.depth)), input));
  },
});
