import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** What a slice's pure modules may use, checked on the sources. The import rules between layers and slices are in src/layering.test.ts. */
const TOOLS = import.meta.dirname;
/** A slice is a folder with a handler.ts; the other folders (walk/, answer/, …) hold shared modules. */
const SLICES = fs
  .readdirSync(TOOLS, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(TOOLS, entry.name, "handler.ts")))
  .map((entry) => entry.name);

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

describe("tool slice purity", () => {
  it("has slices to check", () => {
    expect(SLICES).toEqual(expect.arrayContaining(["impact", "calls", "paths", "deps"]));
  });

  it("gives every slice its definition, its answer, its SQL and its text in handler.ts, run.ts, query.ts and format.ts", () => {
    const missing = SLICES.flatMap((slice) =>
      ["handler.ts", "run.ts", "query.ts", "format.ts"]
        .filter((name) => !fs.existsSync(path.join(TOOLS, slice, name)))
        .map((name) => `${slice}/${name}`),
    );
    expect(missing).toEqual([]);
  });

  for (const slice of SLICES) {
    it(`${slice}'s format.ts and query.ts do no IO of their own`, () => {
      for (const file of sourcesOf(slice).filter((name) => /(?:format|query)\.ts$/.test(name))) {
        const io = importsOf(file).filter((specifier) => /^node:|^(fs|child_process|better-sqlite3)$/.test(specifier));
        expect(io, path.relative(TOOLS, file)).toEqual([]);
        if (file.endsWith("format.ts"))
          expect(
            importsOf(file).filter((specifier) => specifier.includes("/db/")),
            file,
          ).toEqual([]);
      }
    });
  }
});
