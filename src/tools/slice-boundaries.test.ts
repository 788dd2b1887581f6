import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** The import rules of docs/architecture.md for tool slices, checked on the sources. */
const TOOLS = import.meta.dirname;
const SLICES = fs.readdirSync(TOOLS, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);

function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, "utf8");
  return [...text.matchAll(/^(?:import|export)[^"']*?from\s+["']([^"']+)["']/gm)].map((match) => match[1] ?? "");
}

function sourcesOf(slice: string): string[] {
  return fs
    .readdirSync(path.join(TOOLS, slice))
    .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))
    .map((name) => path.join(TOOLS, slice, name));
}

describe("tool slice boundaries", () => {
  it("has slices to check", () => {
    expect(SLICES).toEqual(expect.arrayContaining(["impact", "calls", "paths", "deps"]));
  });

  for (const slice of SLICES) {
    it(`${slice} imports no other slice and nothing from ingestion/ or cli/`, () => {
      for (const file of sourcesOf(slice)) {
        for (const specifier of importsOf(file)) {
          const target = path.resolve(path.dirname(file), specifier);
          const relative = path.relative(TOOLS, target);
          const otherSlice = SLICES.find((other) => other !== slice && relative.startsWith(`${other}${path.sep}`));
          expect(otherSlice, `${path.relative(TOOLS, file)} imports ${specifier}`).toBeUndefined();
          expect(/(^|\/)(ingestion|cli)\//.test(specifier), `${path.relative(TOOLS, file)} imports ${specifier}`).toBe(false);
        }
      }
    });

    it(`${slice}'s format.ts and query.ts do no IO of their own`, () => {
      for (const file of sourcesOf(slice).filter((name) => /(?:format|query)\.ts$/.test(name))) {
        const io = importsOf(file).filter((specifier) => /^node:|^(fs|child_process|better-sqlite3)$/.test(specifier));
        expect(io, path.relative(TOOLS, file)).toEqual([]);
        if (file.endsWith("format.ts")) expect(importsOf(file).filter((specifier) => specifier.includes("/db/")), file).toEqual([]);
      }
    });
  }
});
