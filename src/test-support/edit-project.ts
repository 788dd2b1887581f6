import fs from "node:fs";
import path from "node:path";

/**
 * A small project the edit tests change: a class with members, two functions named `format` in two files, and
 * a file that imports and calls them (so edits have importers, references and diagnostics).
 */
export function writeEditProject(root: string): void {
  fs.writeFileSync(
    path.join(root, "tsconfig.json"),
    JSON.stringify({ compilerOptions: { strict: true, target: "ES2022", module: "ESNext", moduleResolution: "Bundler" }, include: ["src"] }),
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
