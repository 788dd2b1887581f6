import fs from "node:fs";
import path from "node:path";

/**
 * A small project the edit tests change: a class with members, two functions named `format` in two files, and
 * a file that imports and calls them (so edits have importers, references and diagnostics).
 */
export function writeEditProject(root: string): void {
  fs.writeFileSync(
    path.join(root, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: { strict: true, target: "ES2022", module: "ESNext", moduleResolution: "Bundler" },
      include: ["src"],
    }),
  );
  fs.mkdirSync(path.join(root, "src"));
  const files: Record<string, string> = {
    "cart.ts": [
      "/** A cart. */",
      "export class Cart {",
      "  private items: number[] = [];",
      "",
      "  total(): number {",
      "    return this.items.reduce((sum, item) => sum + item, 0);",
      "  }",
      "",
      "  add(item: number): void {",
      "    this.items.push(item);",
      "  }",
      "}",
      "",
      "export function unit(): number {",
      "  return 1;",
      "}",
      "",
      "export function format(value: number): string {",
      "  return value.toFixed(2);",
      "}",
      "",
    ].join("\n"),
    "main.ts": [
      'import { Cart, unit } from "./cart.js";',
      'import { format } from "./labels.js";',
      "",
      "const cart = new Cart();",
      "cart.add(unit());",
      "export const label = format(cart.total());",
      "",
    ].join("\n"),
    "labels.ts": ["export function format(value: number): string {", "  return `${value}`;", "}", ""].join("\n"),
  };
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(root, "src", name), text);
}

/**
 * A project for the edit tools' rules on what content and uses allow: an overloaded function and method with
 * a doc comment on every signature, a variable used only by `export default`, one only by `export =`, a
 * function used only by a renaming export, one only by another file's re-export, and an exported object
 * literal with data members, one of them read by another file.
 */
export function writeEditRulesProject(root: string): void {
  fs.writeFileSync(
    path.join(root, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: { strict: true, target: "ES2022", module: "ESNext", moduleResolution: "Bundler" },
      include: ["src"],
    }),
  );
  fs.mkdirSync(path.join(root, "src"));
  const files: Record<string, string> = {
    "parse.ts": [
      "/** Parses a number. */",
      "export function parse(value: number): number;",
      "/** Parses a string. */",
      "export function parse(value: string): string;",
      "/** The implementation. */",
      "export function parse(value: number | string): number | string {",
      "  return value;",
      "}",
      "",
      "export class Reader {",
      "  /** Reads a number. */",
      "  read(value: number): number;",
      "  /** Reads a string. */",
      "  read(value: string): string;",
      "  read(value: unknown): unknown {",
      "    return value;",
      "  }",
      "}",
      "",
    ].join("\n"),
    "connection.ts": [
      "const connectionManager = () => 1;",
      "export const fn = connectionManager;",
      "export default fn;",
      "",
    ].join("\n"),
    "legacy.ts": ["const legacy = 1;", "export = legacy;", ""].join("\n"),
    "shared.ts": ["export function shared(): number {", "  return 1;", "}", ""].join("\n"),
    "reexport.ts": ['export { shared as common } from "./shared.js";', ""].join("\n"),
    "aliases.ts": ["function helper(): number {", "  return 1;", "}", "", "export { helper as assist };", ""].join(
      "\n",
    ),
    "colors.ts": [
      "export const colors = {",
      "  /** The blue. */",
      '  blue: "#00f",',
      '  green: "#0f0",',
      "  red() {",
      '    return "#f00";',
      "  },",
      "};",
      "",
    ].join("\n"),
    "paint.ts": ['import { colors } from "./colors.js";', "", "export const sky: string = colors.blue;", ""].join("\n"),
  };
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(root, "src", name), text);
}
