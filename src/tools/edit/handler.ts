import { z } from "../../vendor/zod.js";
import type { EditAnswer } from "./format.js";
import { contentString, hashString, nameString, pathString, symbolString } from "../input-limits.js";
import { FILE_DESCRIPTION } from "../symbol-input.js";
import { describeNode, type SymbolNode } from "../symbol-address.js";
import { echoed, plural } from "../text.js";
import { defineTool, type EditSupport, type ToolContext, type ToolResult } from "../tool-contract.js";
import { ToolInputError } from "../tool-errors.js";
import {
  checkSyntax,
  finishEdit,
  readTarget,
  recoverBeforeEdit,
  referencesList,
  requireEditSupport,
  type EditTarget,
  type PreparedFile,
} from "./edit-flow.js";
import { planEdit, type EditOperation } from "./edit-plan.js";
import { locateForEdit } from "./locate.js";
import { incomingReferences } from "./query.js";
import { normalizeContent } from "./source-text.js";
import { unifiedDiff } from "./unified-diff.js";
import { answerOf } from "../answer-schema.js";

const shownDiagnostic = z.looseObject({ file: z.string(), line: z.number(), column: z.number(), code: z.number(), message: z.string() });

/** The answer of every edit tool (format.ts `EditAnswer`), declared as the tools' output schema. */
const editAnswer = answerOf<EditAnswer>()(
  z.looseObject({
    action: z.string(),
    dryRun: z.boolean(),
    files: z.array(
      z.looseObject({ file: z.string(), hashBefore: z.string(), hashAfter: z.string(), diff: z.string(), changes: z.number().optional() }),
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
  line: z.number().int().min(1).optional().describe("a line inside the declaration: picks one of several declarations of the same name"),
  expectedHash: hashString()
    .optional()
    .describe("SHA-1 of the file as you last read it (every edit answer gives it): the edit is refused if the file changed since"),
  dryRun: z.boolean().default(false).describe("show the unified diff and write nothing"),
};

const contentShape = {
  content: contentString().describe("the code to write: whole declarations (class members for a member), re-indented to the target"),
};

const EDIT_ANNOTATIONS = { destructiveHint: true, idempotentHint: false, openWorldHint: false, readOnlyHint: false } as const;

const SAFETY =
  "Nothing is written when the content or the edited file does not parse (the error gives line and column), when the file " +
  "changed since the graph indexed it or since `expectedHash`, or outside the workspace; writes are atomic, line endings, " +
  "BOM, mode and indentation style are kept. After the write the graph is updated and the TypeScript diagnostics the " +
  "edit introduced or removed (in the file and its importers) are listed. dryRun shows the unified diff only.";

interface DeclarationEditInput {
  readonly symbol: string;
  readonly file?: string | undefined;
  readonly line?: number | undefined;
  readonly expectedHash?: string | undefined;
  readonly dryRun: boolean;
  readonly content?: string;
}

/** The target, its site in the text as it is now, and the edit support; first, the root's interrupted edits finished (`recovered` says which). */
async function prepare(
  context: ToolContext,
  input: DeclarationEditInput,
): Promise<{ node: SymbolNode; support: EditSupport; target: EditTarget; recovered: string[] }> {
  const recovered = recoverBeforeEdit(context);
  const node = await locateForEdit(context, input);
  const support = await requireEditSupport(context);
  const target = readTarget(context, node.file, input.expectedHash);
  return { node, support, target, recovered };
}

function siteOf(support: EditSupport, target: EditTarget, node: SymbolNode) {
  const { site } = support.syntax.locate(target.file, target.source.body, node);
  if (site === undefined) {
    throw new ToolInputError(`${node.key} is not declared in ${target.file} as it is on disk; re-index (ts-graph index) and retry.`);
  }
  return site;
}

async function runDeclarationEdit(
  operation: EditOperation,
  input: DeclarationEditInput,
  context: ToolContext,
  recoveredBefore: readonly string[] = [],
): Promise<ToolResult> {
  const { node, support, target, recovered } = await prepare(context, input);
  const site = siteOf(support, target, node);
  const content = input.content ?? "";
  const plan = planEdit(target.source, {
    operation,
    site,
    content,
    literalLines: operation === "delete" ? new Set() : support.syntax.literalLines(target.file, normalizeContent(content)),
  });
  if (!plan.ok) throw new ToolInputError(`Cannot ${operation.replace("_", " ")} ${describeNode(node)}: ${plan.why}. Nothing was written.`);
  checkSyntax(support, target, plan.body, operation === "delete" ? undefined : { text: content, container: site.container });
  const prepared: PreparedFile = { target, body: plan.body, diff: unifiedDiff(target.file, target.source.body, plan.body) };
  const notes = [...recoveredBefore, ...recovered];
  return finishEdit(context, support, {
    action: `${operation} ${node.key}`,
    dryRun: input.dryRun,
    files: [prepared],
    notes: notes.length > 0 ? notes : undefined,
  });
}

function declarationEditTool(operation: "replace" | "insert_before" | "insert_after", description: string) {
  return defineTool({
    name: `${operation}_symbol`,
    description: `${description}\n${SAFETY}`,
    inputShape: { ...addressShape, ...contentShape },
    positional: ["symbol"],
    answer: editAnswer,
    annotations: { title: `${operation.replace("_", " ")} a declaration`, ...EDIT_ANNOTATIONS },
    run: (input, context) => runDeclarationEdit(operation, input, context),
  });
}

export const replaceSymbolTool = declarationEditTool(
  "replace",
  "Replaces one declaration (function, class, method, property, variable, type, …) with new content, located by the graph. " +
    "Its doc comment and decorators are kept unless the content starts with its own comment or decorator.",
);

export const insertBeforeSymbolTool = declarationEditTool(
  "insert_before",
  "Inserts whole lines before a declaration (before its doc comment and decorators), with the blank-line convention of its neighbours.",
);

export const insertAfterSymbolTool = declarationEditTool(
  "insert_after",
  "Inserts whole lines after a declaration, with the blank-line convention of its neighbours.",
);

export const deleteSymbolTool = defineTool({
  name: "delete_symbol",
  description: `Removes a declaration with its doc comment, decorators and its line(s). Refused while the graph has references to it (listed) unless force.\n${SAFETY}`,
  inputShape: { ...addressShape, force: z.boolean().default(false).describe("delete even though other code refers to it") },
  positional: ["symbol"],
  answer: editAnswer,
  annotations: { title: "Delete a declaration", ...EDIT_ANNOTATIONS },
  async run(input, context) {
    const recovered = recoverBeforeEdit(context);
    const node = await locateForEdit(context, input);
    const references = incomingReferences(context.db, node);
    if (references.length > 0 && !input.force) {
      throw new ToolInputError(
        `${node.key} is referred to by ${plural(references.length, "edge")}; delete or change them first, or pass force to delete anyway. Nothing was written.${referencesList(references)}`,
        { reason: "referenced", references },
      );
    }
    return runDeclarationEdit("delete", input, context, recovered);
  },
});

/** The old name as the code spells it: the last part of the qualified name, without a `#variant`. */
function nameOf(node: SymbolNode): string {
  return node.qualifiedName.slice(node.qualifiedName.lastIndexOf(".") + 1).replace(/#.*$/, "");
}

export const renameSymbolTool = defineTool({
  name: "rename_symbol",
  description:
    "Renames a declaration and every reference to it in every project of the root, type-aware (TypeScript's rename): " +
    "imports, re-exports, shorthand properties (kept working with `old: new`), members through their types. " +
    "Occurrences in strings and comments are left alone unless asked. Refused when the new name is not an identifier or " +
    "already names something the renamed code would then refer to. All files are written or none.\n" +
    SAFETY,
  inputShape: {
    ...addressShape,
    newName: nameString().min(1).describe("the new name"),
    strings: z.boolean().default(false).describe("also rename occurrences in string literals"),
    comments: z.boolean().default(false).describe("also rename occurrences in comments"),
  },
  positional: ["symbol", "newName"],
  answer: editAnswer,
  annotations: { title: "Rename a declaration", ...EDIT_ANNOTATIONS },
  async run(input, context) {
    const { node, support, target, recovered } = await prepare(context, input);
    const site = siteOf(support, target, node);
    const oldName = nameOf(node);
    if (input.newName === oldName) throw new ToolInputError(`${node.key} is already called ${oldName}.`);
    const plan = support.language().planRename(target.absolute, site.nameStart, input.newName, { strings: input.strings, comments: input.comments });
    if (plan.status === "refused")
      throw new ToolInputError(`Cannot rename ${node.key} to ${echoed(input.newName)}: ${plan.reason}. Nothing was written.`, { reason: "refused" });
    const byFile = new Map<string, typeof plan.locations>();
    for (const location of plan.locations) byFile.set(location.file, [...(byFile.get(location.file) ?? []), location]);
    await context.ensureFresh([...byFile.keys()]);
    const files: PreparedFile[] = [...byFile].map(([absolute, locations]) => {
      const fileTarget = absolute === target.absolute ? target : readTarget(context, absolute, undefined);
      let body = fileTarget.source.body;
      for (const location of [...locations].sort((a, b) => b.start - a.start)) {
        const old = body.slice(location.start, location.start + location.length);
        if (old !== oldName && !(input.strings || input.comments)) {
          throw new ToolInputError(
            `${fileTarget.file} changed while the rename was being planned (found ${echoed(old)} where ${oldName} was); nothing was written. Retry.`,
          );
        }
        body = body.slice(0, location.start) + location.prefix + input.newName + location.suffix + body.slice(location.start + location.length);
      }
      checkSyntax(support, fileTarget, body);
      const renameEdits = locations.map((location) => ({
        start: location.start,
        length: location.length,
        text: location.prefix + input.newName + location.suffix,
      }));
      return { target: fileTarget, body, diff: unifiedDiff(fileTarget.file, fileTarget.source.body, body), changes: locations.length, renameEdits };
    });
    files.sort((a, b) => a.target.file.localeCompare(b.target.file));
    const notes = [
      ...recovered,
      `${plural(plan.locations.length, "place")} in ${plural(files.length, "file")}${input.strings || input.comments ? "" : "; strings and comments left alone (strings, comments to include them)"}`,
    ];
    // Strings renamed too can change what a string-keyed access names: the graph update then re-extracts.
    const rename = input.strings ? undefined : { oldName, newName: input.newName };
    return finishEdit(context, support, { action: `rename ${node.key} → ${input.newName}`, dryRun: input.dryRun, files, notes, rename });
  },
});
