import { z } from "../../vendor/zod.js";
import { pathOrName, pathString } from "../inputs/input-limits.js";
import { outputShape } from "../inputs/query-inputs.js";
import { defineTool } from "../tool-contract.js";
import type { DepsStructured } from "./format.js";
import { DEPS_DIRECTIONS, GROUPINGS } from "./query.js";
import { answerOf, truncation } from "../answer/answer-schema.js";

/** Files of one module linked to the target (query.ts `ModuleLink`). */
const moduleLink = z.looseObject({
  module: z.string(),
  depth: z.number(),
  files: z.array(
    z.looseObject({ file: z.string(), depth: z.number(), names: z.array(z.string()), typeOnly: z.boolean() }),
  ),
});

/** The deps answer (format.ts `DepsStructured`), declared as the tool's output schema. */
const depsAnswerSchema = answerOf<DepsStructured>()(
  z.looseObject({
    tool: z.literal("deps"),
    target: z.looseObject({ kind: z.enum(["file", "folder", "package"]), name: z.string(), files: z.number() }),
    direction: z.enum(DEPS_DIRECTIONS),
    depth: z.number(),
    groupBy: z.string(),
    internalImports: z.number(),
    inner: z.array(z.looseObject({ from: z.string(), to: z.string(), imports: z.number(), typeOnly: z.boolean() })),
    outgoing: z.array(moduleLink),
    packages: z.array(
      z.looseObject({ name: z.string(), depth: z.number(), importers: z.number(), typeOnly: z.boolean() }),
    ),
    incoming: z.array(moduleLink),
    totals: z.object({ inner: z.number(), outgoing: z.number(), packages: z.number(), incoming: z.number() }),
    truncated: truncation,
  }),
);

const depsInputShape = {
  target: pathOrName(pathString().min(1)).describe(
    "a file or folder path relative to the root (. for everything), or a workspace package name",
  ),
  direction: z
    .enum(DEPS_DIRECTIONS)
    .default("both")
    .describe("out: what it imports; in: what imports it; both (default)"),
  depth: z.number().int().min(1).max(10).default(1).describe("import steps to follow (default 1: direct imports only)"),
  groupBy: z
    .enum(GROUPINGS)
    .optional()
    .describe("roll the other side up by file, folder or workspace package (default: like the target)"),
  ...outputShape,
};

export type DepsToolInput = z.infer<z.ZodObject<typeof depsInputShape>>;

export const depsTool = defineTool({
  name: "deps",
  description: [
    "Module and package dependencies of a file, a folder or a workspace package, from the resolved import graph",
    "(path aliases, project references and re-exports resolved): which files and folders it imports from, which npm",
    "packages it uses, and who imports it, with the names that cross the boundary and whether only types do.",
    "Rolled up by file, folder or workspace package. Use it to check layering, find a module's public surface in use,",
    "or see what a package really depends on. `mermaid` draws the module graph.",
  ].join("\n"),
  inputShape: depsInputShape,
  positional: ["target"],
  answer: depsAnswerSchema,
  annotations: { title: "Module dependencies", readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  // The answer is built by run.ts, loaded on the first call: listing the tools needs only the schemas above.
  run: async (input, context) => (await import("./run.js")).runDeps(input, context),
});
