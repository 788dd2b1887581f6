import fs from "node:fs";
import path from "node:path";
import { afterAll, it } from "vitest";
import { makeTempDir, removeTempDirs } from "../../test-support/fixtures.js";
import { openIndexedContext, runTool } from "../../test-support/tool-harness.js";
import { replaceSymbolTool, insertAfterSymbolTool, deleteSymbolTool, renameSymbolTool, insertBeforeSymbolTool } from "./handler.js";

afterAll(removeTempDirs);
it("smoke", async () => {
  const root = makeTempDir();
  fs.writeFileSync(path.join(root, "tsconfig.json"), JSON.stringify({ compilerOptions: { strict: true, target: "ES2022", module: "ESNext", moduleResolution: "Bundler" }, include: ["src"] }));
  fs.mkdirSync(path.join(root, "src"));
  fs.writeFileSync(path.join(root, "src/cart.ts"), `/** A cart. */\nexport class Cart {\n  private items: number[] = [];\n\n  /** The total. */\n  total(): number {\n    return this.items.reduce((a, b) => a + b, 0);\n  }\n\n  add(n: number): void {\n    this.items.push(n);\n  }\n}\n\nexport function helper(): number {\n  return 1;\n}\n`);
  fs.writeFileSync(path.join(root, "src/main.ts"), `import { Cart, helper } from "./cart.js";\n\nconst c = new Cart();\nc.add(helper());\nexport const t = c.total();\n`);
  const context = await openIndexedContext(root);
  try {
    let r = await runTool(replaceSymbolTool, { symbol: "Cart.total", content: "total(): number {\n  return 42;\n}", dryRun: true }, context);
    console.log(r.text);
    r = await runTool(replaceSymbolTool, { symbol: "Cart.total", content: "total(): string {\n  return 'x';\n}" }, context);
    console.log(r.text);
    r = await runTool(insertAfterSymbolTool, { symbol: "Cart.add", content: "clear(): void {\n    this.items = [];\n}" }, context);
    console.log(r.text);
    r = await runTool(insertBeforeSymbolTool, { symbol: "helper", content: "export const ZERO = 0;" }, context);
    console.log(r.text);
    try { await runTool(deleteSymbolTool, { symbol: "helper" }, context); } catch (e) { console.log(String(e)); }
    r = await runTool(renameSymbolTool, { symbol: "helper", newName: "makeOne" }, context);
    console.log(r.text);
    try { await runTool(renameSymbolTool, { symbol: "Cart.add", newName: "total" }, context); } catch (e) { console.log(String(e)); }
    try { await runTool(replaceSymbolTool, { symbol: "Cart.add", content: "add(n: number): void {\n  this.items.push(n;\n}" }, context); } catch (e) { console.log(String(e)); }
    console.log(fs.readFileSync(path.join(root, "src/cart.ts"), "utf8"));
  } finally { context.close(); }
}, 60000);
