import { z } from "../../vendor/zod.js";
import type { EditAnswer } from "./format.js";
import { contentString, hashString, nameString, pathString, symbolString } from "../inputs/input-limits.js";
import { FILE_DESCRIPTION } from "../inputs/query-inputs.js";
import { defineTool } from "../tool-contract.js";
import { answerOf } from "../answer/answer-schema.js";

const shownDiagnostic = z.looseObject({
  file: z.string(),
  line: z.number(),
  column: z.number(),
  code: z.number(),
  message: z.string(),
});

/** The answer of every edit tool (format.ts `EditAnswer`), declared as the tools' output schema. */
const editAnswer = answerOf<EditAnswer>()(
  z.looseObject({
    action: z.string(),
    dryRun: z.boolean(),
    files: z.array(
      z.looseObject({
        file: z.string(),
        hashBefore: z.string(),
        hashAfter: z.string(),
        diff: z.string(),
        changes: z.number().optional(),
      }),
    ),
    graphUpdated: z.boolean().optional(),
    diagnosticsNote: z.string().optional(),
    diagnostics: z
      .looseObject({
        checkedFiles: z.number(),
        introduced: z.array(shownDiagnostic),
        removed: z.array(shownDiagnostic),
        introducedOmitted: z.number(),
        removedOmitted: z.number(),
        uncheckedImporters: z.number(),
        unaffectedImporters: z.number(),
        surfaceKept: z.boolean(),
        regionFiles: z.number(),
      })
      .optional(),
    timingsMs: z.record(z.string(), z.number()).optional(),
    notes: z.array(z.string()).optional(),
  }),
);

const addressShape = {
  symbol: symbolString().describe(
    "the declaration: a node key (src/cart.ts:Cart.total), a qualified name (Cart.total, NS.fn, api.get) or a name with `line`",
  ),
  file: pathString().min(1).optional().describe(FILE_DESCRIPTION),
  line: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe("a line inside the declaration: picks one of several declarations of the same name"),
  expectedHash: hashString()
    .optional()
    .describe(
      "SHA-1 of the file as you last read it (every edit answer gives it): the edit is refused if the file changed since",
    ),
  dryRun: z.boolean().default(false).describe("show the unified diff and write nothing"),
};

const contentShape = {
  content: contentString().describe(
    "the code to write: whole declarations (class members for a member), re-indented to the target",
  ),
  replaceLoneSurrogates: z
    .boolean()
    .default(false)
    .describe(
      "write each lone UTF-16 surrogate of the content as U+FFFD (UTF-8 cannot encode it); without it such content is refused",
    ),
};

const replaceShape = {
  ...contentShape,
  allowRename: z
    .boolean()
    .default(false)
    .describe(
      "replace even when the content does not declare the target's name (the target vanishes; its doc comment stays above the new name)",
    ),
};

const deleteShape = {
  ...addressShape,
  force: z.boolean().default(false).describe("delete even though other code refers to it"),
};

export type DeleteInput = z.infer<z.ZodObject<typeof deleteShape>>;

const renameShape = {
  ...addressShape,
  newName: nameString().min(1).describe("the new name"),
  strings: z.boolean().default(false).describe("also rename occurrences in string literals"),
  comments: z.boolean().default(false).describe("also rename occurrences in comments"),
};

export type RenameInput = z.infer<z.ZodObject<typeof renameShape>>;

const EDIT_ANNOTATIONS = {
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: false,
  readOnlyHint: false,
} as const;

const SAFETY =
  "Nothing is written when the content or the edited file does not parse (the error gives line and column), when the file " +
  "changed since the graph indexed it or since `expectedHash`, or outside the workspace; writes are atomic, line endings, " +
  "BOM, mode and indentation style are kept. After the write the graph is updated and the TypeScript diagnostics the " +
  "edit introduced or removed (in the file and its importers) are listed. dryRun shows the unified diff only.";

/** The edits run in run.ts, loaded on the first edit: listing the tools needs only the schemas above. */
function insertTool(operation: "insert_before" | "insert_after", description: string) {
  return defineTool({
    name: `${operation}_symbol`,
    description: `${description}\n${SAFETY}`,
    inputShape: { ...addressShape, ...contentShape },
    positional: ["symbol"],
    answer: editAnswer,
    annotations: { title: `${operation.replace("_", " ")} a declaration`, ...EDIT_ANNOTATIONS },
    run: async (input, context) => (await import("./run.js")).runDeclarationEdit(operation, input, context),
  });
}

export const replaceSymbolTool = defineTool({
  name: "replace_symbol",
  description:
    "Replaces one declaration (function, class, method, property, variable, object-literal member, type, …) with new content, located by the graph. " +
    "Its doc comment and decorators are kept unless the content starts with its own comment or decorator. Of an overloaded function " +
    "or method, content without overload signatures replaces the implementation only (the signatures and their docs are kept); " +
    "content with them replaces all. Content that does not declare the target's name is refused unless allowRename.\n" +
    SAFETY,
  inputShape: { ...addressShape, ...replaceShape },
  positional: ["symbol"],
  answer: editAnswer,
  annotations: { title: "replace a declaration", ...EDIT_ANNOTATIONS },
  run: async (input, context) => (await import("./run.js")).runDeclarationEdit("replace", input, context),
});

export const insertBeforeSymbolTool = insertTool(
  "insert_before",
  "Inserts whole lines before a declaration (before its doc comment and decorators), with the blank-line convention of its neighbours.",
);

export const insertAfterSymbolTool = insertTool(
  "insert_after",
  "Inserts whole lines after a declaration, with the blank-line convention of its neighbours.",
);

export const deleteSymbolTool = defineTool({
  name: "delete_symbol",
  description:
    "Removes a declaration with its doc comment, decorators and its line(s). Refused while the graph has references to it, or code " +
    `refers to it in a way the graph has no edge for (\`export default x\`, \`export { x as y }\`, a default import), listed, unless force.\n${SAFETY}`,
  inputShape: deleteShape,
  positional: ["symbol"],
  answer: editAnswer,
  annotations: { title: "Delete a declaration", ...EDIT_ANNOTATIONS },
  run: async (input, context) => (await import("./run.js")).runDelete(input, context),
});

export const renameSymbolTool = defineTool({
  name: "rename_symbol",
  description:
    "Renames a declaration and every reference to it in every project of the root, type-aware (TypeScript's rename): " +
    "imports, re-exports, shorthand properties (kept working with `old: new`), members through their types. " +
    "Occurrences in strings and comments are left alone unless asked. Refused when the new name is not an identifier or " +
    "already names something the renamed code would then refer to. All files are written or none.\n" +
    SAFETY,
  inputShape: renameShape,
  positional: ["symbol", "newName"],
  answer: editAnswer,
  annotations: { title: "Rename a declaration", ...EDIT_ANNOTATIONS },
  run: async (input, context) => (await import("./run.js")).runRename(input, context),
});
