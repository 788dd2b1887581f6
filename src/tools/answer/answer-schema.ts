import { z } from "../../vendor/zod.js";

/**
 * Pieces of the tools' answer schemas (ToolDefinition.answer): what each tool's structured answer holds, as the MCP
 * server declares it in the tool's `outputSchema` (src/mcp/output-schema.ts). Objects are loose: a field an answer
 * adds later does not make a client reject it; the fields listed are checked.
 */

/** Any JSON object (a nested record whose fields docs/tools.md describes). */
export const someObject = z.looseObject({});

/** A list of JSON objects (entries, paths, links). */
export const objects = z.array(someObject);

/** Why and where an answer was cut (query-output.ts `Truncation`), or null when nothing was. */
export const truncation = z
  .object({ shown: z.number(), total: z.number(), by: z.enum(["maxNodes", "maxTokens"]), narrow: z.string() })
  .nullable();

/** A graph node as reach-report.ts summarizes it (`SymbolSummary`). */
export const symbolSummary = z.looseObject({
  key: z.string(),
  kind: z.string(),
  file: z.string(),
  start: z.number(),
  end: z.number(),
});

/** A node a walk reached, with its links one step closer to the symbol (reach-report.ts `ReachEntry`). */
export const reachEntry = symbolSummary.extend({
  name: z.string(),
  depth: z.number(),
  links: z.array(
    z.looseObject({
      via: z.string(),
      edge: z.string(),
      through: z.string().optional(),
      throughHasNoBody: z.literal(true).optional(),
      construction: z.literal(true).optional(),
      holds: z.literal(true).optional(),
      access: z.enum(["read", "write"]).optional(),
      sites: z.array(z.number()),
    }),
  ),
  vias: z.number(),
  dispatch: z.boolean(),
  degree: z.number(),
  dispatchesTo: z.array(z.string()).optional(),
});

/** The summary of a cut walk answer (reach-summary.ts `ReachSummary`). */
const summaryGroup = z.object({ name: z.string(), entries: z.number(), files: z.number() });
const otherGroups = z.object({ groups: z.number(), entries: z.number() });
export const reachSummary = z.looseObject({
  members: z.array(summaryGroup).optional(),
  folders: z.array(summaryGroup),
  otherMembers: otherGroups.optional(),
  otherFolders: otherGroups,
  next: z.array(
    z.object({
      ask: z.string(),
      input: z.record(z.string(), z.union([z.string(), z.number()])),
      entries: z.number().optional(),
    }),
  ),
});

/** A call with no static target (dynamic-calls.ts `DynamicCallSite`). */
export const dynamicCallSite = z.looseObject({ source: z.string(), line: z.number(), expression: z.string() });

/** A type as its JSON form reads it back: arrays and fields mutable, so that it can be compared with a schema's output. */
type Plain<T> = T extends string | number | boolean | null | undefined
  ? T
  : T extends readonly (infer Item)[]
    ? Plain<Item>[]
    : T extends object
      ? { -readonly [K in keyof T]: Plain<T[K]> }
      : T;

/**
 * Ties a slice's answer type to its schema: `answerOf<CallsStructured>()(schema)` returns the schema, and compiles
 * only when every value of the type is one the schema accepts (a field listed with another type, or required where
 * the type has it optional, fails to compile). A field the type has and the loose schema does not list compiles:
 * src/cli/serve-output-schema.test.ts catches it in real answers.
 */
export function answerOf<Answer>() {
  return <Schema extends z.ZodObject>(
    schema: Schema & ([Plain<Answer>] extends [z.output<Schema>] ? unknown : { readonly doesNotFit: Answer }),
  ): Schema => schema;
}
