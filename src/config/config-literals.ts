/**
 * What a JavaScript or TypeScript config file (vitest.config.ts, jest.config.js, .mocharc.cjs, a JSON file)
 * exports, as far as its text says it literally: objects, arrays, strings, numbers, booleans and null, through
 * the usual wrappers (`defineConfig(…)`, `() => ({…})`, `satisfies`, a top-level `const`). Whatever the text
 * computes (a call of anything else, an import, a condition, a template with a value in it) is a `Computed`
 * carrying its source text. The config is never run. The parser (oxc-parser) is loaded only when a config is
 * read, so that a query of a project without one never pays for it.
 */

import { isOxcNode, type OxcNode } from "../model/oxc-node.js";

/** A part of a config its text computes instead of writing it out. */
export class Computed {
  constructor(readonly source: string) {}
}

export type ConfigValue = string | number | boolean | null | Computed | readonly ConfigValue[] | ConfigObject;

/** An object literal: its written keys, and the spreads whose keys are unknown (`{ ...base, test: {…} }`). */
export interface ConfigObject {
  readonly entries: ReadonlyMap<string, ConfigValue>;
  readonly spreads: readonly Computed[];
}

/** What a config file exports: a value, or why its text could not be read. */
export type ConfigExport = { readonly value: ConfigValue } | { readonly unreadable: string };

function child(node: OxcNode, field: string): OxcNode | undefined {
  const value = node[field];
  return isOxcNode(value) ? value : undefined;
}

function children(node: OxcNode, field: string): (OxcNode | null)[] {
  const value = node[field];
  return Array.isArray(value) ? value.map((item) => (isOxcNode(item) ? item : null)) : [];
}

export function isConfigObject(value: ConfigValue | undefined): value is ConfigObject {
  return typeof value === "object" && value !== null && !(value instanceof Computed) && !Array.isArray(value);
}

/**
 * The value at a path of keys: `undefined` when the text does not write it, a `Computed` when it may be there but
 * the text computes it (the object, or one on the way, is computed or spreads a computed one).
 */
export function valueAt(value: ConfigValue | undefined, keys: readonly string[]): ConfigValue | undefined {
  let current = value;
  for (const key of keys) {
    if (current instanceof Computed) return current;
    if (!isConfigObject(current)) return undefined;
    const found = current.entries.get(key);
    if (found === undefined) return current.spreads[0];
    current = found;
  }
  return current;
}

/** Names whose call is read through to its arguments: the runners' config helpers. */
const PASS_THROUGH_CALLS = /^(?:defineConfig|defineProject|defineWorkspace|mergeConfig)$/;
const WRAPPERS = new Set([
  "TSAsExpression",
  "TSSatisfiesExpression",
  "TSNonNullExpression",
  "ParenthesizedExpression",
  "TSTypeAssertion",
]);
const MAX_NESTING = 64;

class Reader {
  /** Top-level `const`/`let`/`var` initialisers by name. */
  private readonly bindings = new Map<string, OxcNode>();
  private readonly resolving = new Set<string>();

  constructor(
    private readonly text: string,
    program: OxcNode,
  ) {
    for (const statement of children(program, "body")) {
      const declaration = statement?.type === "ExportNamedDeclaration" ? child(statement, "declaration") : statement;
      if (declaration?.type !== "VariableDeclaration") continue;
      for (const declarator of children(declaration, "declarations")) {
        const id = declarator === null ? undefined : child(declarator, "id");
        const init = declarator === null ? undefined : child(declarator, "init");
        if (id?.type === "Identifier" && init !== undefined) this.bindings.set(String(id.name), init);
      }
    }
  }

  computed(node: OxcNode): Computed {
    const source = this.text.slice(node.start, node.end).replace(/\s+/g, " ");
    return new Computed(source.length > 80 ? `${source.slice(0, 77)}...` : source);
  }

  value(node: OxcNode, nesting = 0): ConfigValue {
    if (nesting > MAX_NESTING) return this.computed(node);
    const inner = WRAPPERS.has(node.type) ? child(node, "expression") : undefined;
    if (inner !== undefined) return this.value(inner, nesting + 1);
    switch (node.type) {
      case "Literal":
        return node.regex === undefined && node.bigint === undefined
          ? (node.value as string | number | boolean | null)
          : this.computed(node);
      case "TemplateLiteral":
        return children(node, "expressions").length === 0 ? this.templateText(node) : this.computed(node);
      case "ArrayExpression":
        return this.array(node, nesting);
      case "ObjectExpression":
        return this.object(node, nesting);
      case "Identifier":
        return this.identifier(node, nesting);
      case "CallExpression":
        return this.call(node, nesting);
      case "ArrowFunctionExpression":
      case "FunctionExpression":
        return this.returned(node, nesting);
      default:
        return this.computed(node);
    }
  }

  private templateText(node: OxcNode): string | Computed {
    const quasi = children(node, "quasis")[0];
    const cooked = (quasi?.value as { cooked?: unknown } | undefined)?.cooked;
    return typeof cooked === "string" ? cooked : this.computed(node);
  }

  private array(node: OxcNode, nesting: number): ConfigValue[] {
    const items: ConfigValue[] = [];
    for (const element of children(node, "elements")) {
      if (element === null) continue;
      if (element.type !== "SpreadElement") {
        items.push(this.value(element, nesting + 1));
        continue;
      }
      const argument = child(element, "argument");
      const spread = argument === undefined ? this.computed(element) : this.value(argument, nesting + 1);
      if (Array.isArray(spread)) items.push(...spread);
      else items.push(spread instanceof Computed ? new Computed(`...${spread.source}`) : this.computed(element));
    }
    return items;
  }

  private object(node: OxcNode, nesting: number): ConfigObject {
    const entries = new Map<string, ConfigValue>();
    const spreads: Computed[] = [];
    for (const property of children(node, "properties")) {
      if (property === null) continue;
      if (property.type === "SpreadElement") {
        const argument = child(property, "argument");
        const spread = argument === undefined ? this.computed(property) : this.value(argument, nesting + 1);
        if (isConfigObject(spread)) {
          for (const [key, value] of spread.entries) entries.set(key, value);
          spreads.push(...spread.spreads);
        } else spreads.push(spread instanceof Computed ? spread : this.computed(property));
        continue;
      }
      const key = child(property, "key");
      const value = child(property, "value");
      const name =
        property.computed === true || key === undefined ? undefined : key.type === "Identifier" ? key.name : key.value;
      if (typeof name !== "string" || value === undefined) {
        spreads.push(this.computed(property));
        continue;
      }
      entries.set(name, property.method === true ? this.computed(value) : this.value(value, nesting + 1));
    }
    return { entries, spreads };
  }

  private identifier(node: OxcNode, nesting: number): ConfigValue {
    const name = String(node.name);
    const bound = this.bindings.get(name);
    if (bound === undefined || this.resolving.has(name)) return this.computed(node);
    this.resolving.add(name);
    try {
      return this.value(bound, nesting + 1);
    } finally {
      this.resolving.delete(name);
    }
  }

  /** `defineConfig(x)` is x; `mergeConfig(a, b)` is a and b merged (`merged`). */
  private call(node: OxcNode, nesting: number): ConfigValue {
    const callee = child(node, "callee");
    const name =
      callee?.type === "Identifier"
        ? callee.name
        : callee?.type === "MemberExpression"
          ? child(callee, "property")?.name
          : undefined;
    const args = children(node, "arguments");
    if (
      typeof name !== "string" ||
      !PASS_THROUGH_CALLS.test(name) ||
      args.length === 0 ||
      args.some((arg) => arg?.type === "SpreadElement")
    )
      return this.computed(node);
    const values = args.map((arg) => (arg === null ? this.computed(node) : this.value(arg, nesting + 1)));
    return values.length === 1 ? (values[0] ?? this.computed(node)) : merged(values);
  }

  /** A function's returned value: its expression body, or the one `return` of its block. */
  private returned(node: OxcNode, nesting: number): ConfigValue {
    const body = child(node, "body");
    if (body === undefined) return this.computed(node);
    if (body.type !== "BlockStatement") return this.value(body, nesting + 1);
    const returns = children(body, "body").filter((statement) => statement?.type === "ReturnStatement");
    const argument =
      returns.length === 1 && returns[0] !== null && returns[0] !== undefined
        ? child(returns[0], "argument")
        : undefined;
    return argument === undefined ? this.computed(node) : this.value(argument, nesting + 1);
  }
}

/**
 * mergeConfig's arguments as one object (`mergedValue`, key by key). A
 * computed argument (an imported vite config) adds no key: the keys the others write are taken as written.
 */
function merged(values: readonly ConfigValue[]): ConfigValue {
  const objects = values.filter(isConfigObject);
  if (objects.length === 0) return values[0] ?? null;
  const entries = new Map<string, ConfigValue>();
  for (const object of objects) {
    for (const [key, value] of object.entries) {
      const known = entries.get(key);
      entries.set(key, mergedValue(known, value));
    }
  }
  return { entries, spreads: objects.flatMap((object) => object.spreads) };
}

/** Two values of one key, as mergeConfig merges them: objects key by key, arrays one after the other, else the later. */
function mergedValue(earlier: ConfigValue | undefined, later: ConfigValue): ConfigValue {
  if (isConfigObject(earlier) && isConfigObject(later)) return merged([earlier, later]);
  if (Array.isArray(earlier) && Array.isArray(later)) return [...earlier, ...later];
  return later;
}

function langOf(fileName: string): "ts" | "js" {
  return /\.[cm]?ts$/.test(fileName) ? "ts" : "js";
}

/** The exported value of a module: `export default`, `export { x as default }` or `module.exports =`. */
function exportedNode(program: OxcNode): OxcNode | undefined {
  for (const statement of children(program, "body")) {
    if (statement === null) continue;
    if (statement.type === "ExportDefaultDeclaration") return child(statement, "declaration");
    if (statement.type === "ExportNamedDeclaration" && child(statement, "source") === undefined) {
      for (const specifier of children(statement, "specifiers")) {
        const exported = specifier === null ? undefined : child(specifier, "exported");
        const local = specifier === null ? undefined : child(specifier, "local");
        if ((exported?.name ?? exported?.value) === "default" && local !== undefined) return local;
      }
    }
    const expression = statement.type === "ExpressionStatement" ? child(statement, "expression") : undefined;
    if (expression?.type !== "AssignmentExpression") continue;
    const target = child(expression, "left");
    const object = target?.type === "MemberExpression" ? child(target, "object") : undefined;
    const property = target?.type === "MemberExpression" ? child(target, "property") : undefined;
    if (object?.type === "Identifier" && object.name === "module" && property?.name === "exports")
      return child(expression, "right");
  }
  return undefined;
}

type Parse = (
  fileName: string,
  text: string,
  options: Record<string, unknown>,
) => { program: unknown; errors: readonly { message: string }[] };

let parser: Promise<Parse> | undefined;

function loadParser(): Promise<Parse> {
  parser ??= import("oxc-parser").then((oxc) => oxc.parseSync as unknown as Parse);
  return parser;
}

function parsed(parse: Parse, fileName: string, text: string): { program: OxcNode } | { unreadable: string } {
  const result = parse(fileName, text, { lang: langOf(fileName), sourceType: "unambiguous", preserveParens: false });
  const error = result.errors[0];
  if (error !== undefined) return { unreadable: `it does not parse (${error.message})` };
  return isOxcNode(result.program) ? { program: result.program } : { unreadable: "it does not parse" };
}

/** What a JavaScript or TypeScript config module exports, read from its text. */
export async function readConfigModule(fileName: string, text: string): Promise<ConfigExport> {
  const parse = await loadParser();
  const result = parsed(parse, fileName, text);
  if ("unreadable" in result) return result;
  const reader = new Reader(text, result.program);
  const exported = exportedNode(result.program);
  if (exported === undefined) return { unreadable: "it has no `export default` or `module.exports =`" };
  return { value: reader.value(exported) };
}

/** A JSON or JSONC file's value (comments and trailing commas allowed), read as a JavaScript expression. */
export async function readConfigJson(fileName: string, text: string): Promise<ConfigExport> {
  const parse = await loadParser();
  const wrapped = `(${text.replace(/^\uFEFF/, "")}\n)`;
  const result = parsed(parse, `${fileName}.js`, wrapped);
  if ("unreadable" in result) return result;
  const statement = children(result.program, "body")[0];
  const expression = statement?.type === "ExpressionStatement" ? child(statement, "expression") : undefined;
  if (expression === undefined || children(result.program, "body").length !== 1)
    return { unreadable: "it is not one JSON value" };
  return { value: new Reader(wrapped, result.program).value(expression) };
}
