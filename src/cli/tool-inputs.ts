import { z } from "../vendor/zod.js";
import { PATH_INPUTS, type PathInputKind } from "../tools/inputs/input-limits.js";
import type { ToolDefinition } from "../tools/tool-contract.js";

/** One input of a tool as the command line takes it, read from the JSON Schema of the tool's zod shape. */
export interface CliInput {
  readonly name: string;
  /** Its option on the command line: `--max-nodes` for maxNodes. */
  readonly flag: string;
  /** The JSON Schema type: "boolean" (a flag), "array" (a repeatable option), "number" or "integer" (parsed), else a string. */
  readonly type: string;
  readonly description: string;
  /** Required: no default and not optional. */
  readonly required: boolean;
  /** The values an enum takes. */
  readonly choices?: readonly string[] | undefined;
  /** Whether the input holds paths (input-limits.ts marks them), and how: a list's items count. */
  readonly pathKind?: PathInputKind | undefined;
}

interface JsonSchemaProperty {
  readonly type?: string;
  readonly description?: string;
  readonly enum?: readonly unknown[];
  readonly kind?: PathInputKind;
  readonly items?: JsonSchemaProperty;
}

interface JsonSchemaObject {
  readonly properties?: Readonly<Record<string, JsonSchemaProperty>>;
  readonly required?: readonly string[];
}

/** `--max-nodes` for maxNodes. */
export function optionFlag(name: string): string {
  return `--${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
}

function jsonSchemaOf(tool: Pick<ToolDefinition, "inputShape">, metadata?: typeof PATH_INPUTS): JsonSchemaObject {
  // "input": what a caller may give (a default makes an input optional); "any": a type JSON Schema cannot say is left open.
  return z.toJSONSchema(z.object(tool.inputShape), {
    io: "input",
    unrepresentable: "any",
    ...(metadata === undefined ? {} : { metadata }),
  }) as JsonSchemaObject;
}

/**
 * Every input of a tool, in its shape's order. Two conversions: the descriptions live in zod's global registry,
 * the path marks in a registry of their own (so that the tools' JSON schemas over MCP do not show them).
 */
export function cliInputsOf(tool: Pick<ToolDefinition, "inputShape">): ReadonlyMap<string, CliInput> {
  const schema = jsonSchemaOf(tool);
  const marked = jsonSchemaOf(tool, PATH_INPUTS).properties ?? {};
  const required = new Set(schema.required ?? []);
  const inputs = new Map<string, CliInput>();
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const mark = marked[name];
    inputs.set(name, {
      name,
      flag: optionFlag(name),
      type: property.type ?? "string",
      description: property.description ?? "",
      required: required.has(name),
      choices: property.enum?.map(String),
      pathKind: mark?.kind ?? mark?.items?.kind,
    });
  }
  return inputs;
}
