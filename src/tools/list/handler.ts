import { z } from "../../vendor/zod.js";
import { globString, pathString } from "../inputs/input-limits.js";
import { defineTool } from "../tool-contract.js";

/** The list answer (format.ts `listStructured`), declared as the tool's output schema. */
const listAnswer = z.looseObject({
  path: z.string(),
  recursive: z.boolean(),
  glob: z.string().optional(),
  entries: z.array(
    z.looseObject({
      path: z.string(),
      type: z.enum(["file", "folder"]),
      size: z.number().optional(),
      closed: z.string().optional(),
      indexed: z.boolean().optional(),
      symbols: z.number().optional(),
      exports: z.number().optional(),
    }),
  ),
  truncated: z.boolean(),
});

const listInputShape = {
  path: pathString().default(".").describe("folder to list, relative to the root"),
  recursive: z.boolean().default(false).describe("list subfolders' content too"),
  glob: globString().optional().describe("only files matching this glob, relative to the folder (e.g. **/*.ts)"),
  limit: z.number().int().min(1).max(20_000).default(500).describe("at most this many entries"),
};

export type ListInput = z.infer<z.ZodObject<typeof listInputShape>>;

export const listTool = defineTool({
  name: "list",
  description:
    "Lists a folder honouring .gitignore, with file sizes and graph symbol counts.\n" +
    "Like ls, with the root's and nested .gitignore files applied: folders, files with their sizes, and for " +
    "source files the number of declarations and exports in the code graph (or 'not indexed'). recursive lists " +
    "the whole tree, glob keeps matching files. .git is never shown; node_modules and ts-graph's own .ts-graph " +
    "folder are shown but not entered.",
  inputShape: listInputShape,
  positional: ["path"],
  answer: listAnswer,
  annotations: { title: "List a folder", readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  // The answer is built by run.ts, loaded on the first call: listing the tools needs only the schemas above.
  run: async (input, context) => (await import("./run.js")).runList(input, context),
});
