import { z } from "../../vendor/zod.js";
import { pathString, soughtNameString } from "../inputs/input-limits.js";
import { NODE_KINDS } from "../../model/graph-kinds.js";
import { defineTool } from "../tool-contract.js";

/** The find answer (format.ts `findStructured`: the query, its filters, the matches), declared as the tool's output schema. */
const findAnswer = z.looseObject({
  query: z.string(),
  total: z.number(),
  more: z.number(),
  matches: z.array(
    z.looseObject({
      name: z.string(),
      qualifiedName: z.string(),
      kind: z.string(),
      file: z.string(),
      line: z.number(),
      endLine: z.number(),
      exported: z.boolean(),
      signature: z.string(),
      match: z.string(),
      exportedAs: z.string().optional(),
      exportedBy: z.array(z.string()).optional(),
    }),
  ),
});

const findInputShape = {
  name: soughtNameString().describe("the name or part of it"),
  kind: z.enum(NODE_KINDS).optional().describe("only this kind of declaration"),
  exported: z.boolean().optional().describe("only exported (true) or only internal (false) declarations"),
  path: pathString().optional().describe("only declarations in this folder or file (relative to the root)"),
  limit: z.number().int().min(1).max(500).default(20).describe("at most this many results"),
};

export type FindInput = z.infer<z.ZodObject<typeof findInputShape>>;

export const findTool = defineTool({
  name: "find",
  description:
    "Finds declarations by name: exact, prefix, substring and camel-hump matches, ranked.\n" +
    "Substrings need 3+ characters; camel humps match word starts (gUBI or gubi finds getUserById). Ranked exact, " +
    "prefix, camel-hump, substring; exported before internal; shorter paths first. Files and constructors are " +
    "found only when asked for by kind. Each result gives kind, file:line and the one-line signature. Use it " +
    "instead of grep or a workspace-symbol search to locate a function, class, method, type or variable; members " +
    "are found by their own name, and a declaration also by the exact name a file exports it as " +
    "(`export { Impl as Public }`, a re-export), shown as `Public (alias of Impl, exported by src/index.ts)`.",
  inputShape: findInputShape,
  positional: ["name"],
  answer: findAnswer,
  annotations: { title: "Find symbols", readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  // The answer is built by run.ts, loaded on the first call: listing the tools needs only the schemas above.
  run: async (input, context) => (await import("./run.js")).runFind(input, context),
});
