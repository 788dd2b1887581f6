import { z } from "../../vendor/zod.js";
import { lineRangeString, pathString } from "../inputs/input-limits.js";
import { defineTool } from "../tool-contract.js";
import { objects } from "../answer/answer-schema.js";

/** A declaration of a file outline, its members nested (at most MAX_MEMBERS under a type, the rest counted in omittedMembers). */
const outlineSymbol = z.looseObject({
  kind: z.string(),
  name: z.string(),
  signature: z.string(),
  startLine: z.number(),
  endLine: z.number(),
  exported: z.boolean(),
  doc: z.string(),
  members: objects,
  exportedAs: z.array(z.string()).optional(),
  omittedMembers: z.looseObject({ count: z.number(), lines: z.string() }).optional(),
});

/** The zoom answer: a file's text (level 2), a file's outline, or a folder's, as the handler builds them. */
const zoomAnswer = z.looseObject({
  level: z.number(),
  path: z.string(),
  truncated: z.boolean(),
  text: z.string().optional(),
  totalBytes: z.number().optional(),
  omittedBytes: z.number().optional(),
  lines: z.number().optional(),
  topLevel: z.number().optional(),
  exportedTopLevel: z.number().optional(),
  symbols: z.array(outlineSymbol).optional(),
  recursive: z.boolean().optional(),
  folders: objects.optional(),
  subfolders: objects.optional(),
  // lines: the range shown, the file's line count, and the declarations around it.
  from: z.number().optional(),
  to: z.number().optional(),
  totalLines: z.number().optional(),
  requested: z.string().optional(),
  clamped: z.boolean().optional(),
  next: z.string().optional(),
  countStopped: z.boolean().optional(),
  declarations: z
    .array(
      z.looseObject({
        name: z.string(),
        kind: z.string(),
        startLine: z.number(),
        endLine: z.number(),
        encloses: z.boolean(),
      }),
    )
    .optional(),
  omittedDeclarations: z.number().optional(),
  // A file's outline: what it re-exports from other files, by name (a barrel's `export { a as b } from`, `export *`).
  reExports: z
    .array(
      z.looseObject({
        name: z.string(),
        kind: z.string(),
        qualifiedName: z.string(),
        file: z.string(),
        line: z.number(),
      }),
    )
    .optional(),
});

const inputShape = {
  path: pathString().default(".").describe("file or folder, relative to the root"),
  level: z.number().int().min(0).max(2).default(0).describe("0 exported symbols, 1 all symbols, 2 the file's text"),
  recursive: z.boolean().default(false).describe("folder: list every subfolder's files too"),
  tests: z
    .boolean()
    .default(false)
    .describe(
      "folder: include test files (those the project's test runner runs: its vitest, jest or mocha config, else *.test.*, *.spec.*, __tests__/)",
    ),
  lines: lineRangeString()
    .optional()
    .describe(
      'file: read only these lines, numbered: "A-B", "A-" (to the end) or "A" (one line), 1-based and inclusive; level is then ignored',
    ),
  maxBytes: z.number().int().min(1_000).max(10_000_000).default(100_000).describe("cap on the answer's size in bytes"),
  includeIgnored: z
    .boolean()
    .default(false)
    .describe("show a file or folder that .gitignore hides (never ts-graph's own database)"),
};

export type ZoomInput = z.infer<z.ZodObject<typeof inputShape>>;

export const zoomTool = defineTool({
  name: "zoom",
  description:
    "Shows the shape of a file or folder from the code graph, at three levels of detail.\n" +
    "Use it instead of reading whole files. Level 0, the map: one line per exported declaration (its first line, its " +
    "signature bounded after the name), with the other names the file exports it as (`export { Impl as Public }`, " +
    "`export default`) and what it re-exports under which name from where; a last line says what level 1 adds. Level 1: " +
    "every declaration with line ranges and doc summaries, members nested one per line. Level 2: the file's text " +
    "(capped). On a folder: level 0 (or 1) of every indexed source file in it, tests left out unless asked, files " +
    "without exports omitted, a summary line per folder; subfolders only summed up unless recursive. lines " +
    '"A-B" reads those lines of a file, numbered, under a header naming the declarations that enclose or overlap ' +
    "them (capped by maxBytes; the answer says which range to ask next). A file changed since it was indexed is " +
    "re-indexed first.",
  inputShape,
  positional: ["path"],
  answer: zoomAnswer,
  annotations: { title: "Zoom into a file or folder", readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  // The answer is built by run.ts, loaded on the first call: listing the tools needs only the schemas above.
  run: async (input, context) => (await import("./run.js")).runZoom(input, context),
});
