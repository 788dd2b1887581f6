import { z } from "../vendor/zod.js";

/**
 * A tool's MCP `outputSchema`: its answer (ToolDefinition.answer) with the freshness the server adds, or one of the
 * two error shapes call-result.ts gives error results. MCP clients of the TypeScript SDK check every result's
 * structuredContent against the declared schema, error results included (typescript-sdk issue 1943), so the schema
 * admits all three: a JSON Schema object whose `anyOf` lists them. The SDK's McpServer takes a zod object and checks
 * answers (never errors) with it: the object's check parses the answer part.
 */

const freshnessOfRoot = z.looseObject({
  root: z.string(),
  indexedAt: z.string().nullable(),
  pendingFiles: z.number(),
  indexError: z.string().optional(),
  notes: z.array(z.string()).optional(),
});

/** An input error: the message, and details such as `candidates` or `suggestions` (docs/tools.md). */
const inputError = z.looseObject({ error: z.string() });

/** A dependency the tool needs is missing (ripgrep, git): why, and how to fix it. */
const unavailable = z.object({ unavailable: z.object({ why: z.string(), fix: z.string() }) });

function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  // The listing is draft-07 (as the SDK writes it); the parts drop their own `$schema`.
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: "draft-7" });
  return rest;
}

let converted: Record<string, unknown>[] | undefined;

/** The two error shapes, the same for every tool: converted once, when a listing needs them. */
function errorShapes(): Record<string, unknown>[] {
  converted ??= [jsonSchemaOf(inputError), jsonSchemaOf(unavailable)];
  return converted;
}

/** The answer as a served call returns it: with `freshness`, one root's or (workspace-wide tools) each root's. */
export function servedAnswer(answer: z.ZodObject): z.ZodObject {
  return answer.extend({ freshness: z.union([freshnessOfRoot, z.array(freshnessOfRoot)]) });
}

/**
 * `listed: false` leaves out the JSON Schema the SDK's tools/list would give (`anyOf`): for a server that answers
 * tools/list with the build's listing (tool-listing.ts), converting it at start would be wasted.
 */
export function outputSchemaOf(
  answer: z.ZodObject,
  { listed = true }: { readonly listed?: boolean } = {},
): z.ZodObject {
  const served = servedAnswer(answer);
  const checked = z.looseObject({}).check((context) => {
    const parsed = served.safeParse(context.value);
    if (parsed.success) return;
    for (const issue of parsed.error.issues)
      context.issues.push({ code: "custom", message: issue.message, path: issue.path, input: context.value });
  });
  return listed ? checked.meta({ anyOf: [jsonSchemaOf(served), ...errorShapes()] }) : checked;
}
