import fc from "fast-check";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { editableSites, fuzzEdit, invalidContent, validContent } from "../../test-support/edit-fuzz.js";
import { REPO_ROOT, SAMPLE_PROJECTS, makeTempDir, removeTempDirs } from "../../test-support/fixtures.js";
import { writeAllOrNothing } from "../../file-writes/journaled-write.js";
import { decodeSource } from "./source-text.js";
import type { EditOperation } from "./edit-plan.js";

afterAll(removeTempDirs);

/** Real files: every source file of the sample projects and ts-graph's own edit slice and tool helpers. */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    const full = path.join(entry.parentPath, entry.name);
    if (!entry.isFile() || full.split(path.sep).some((part) => part === "node_modules" || part === ".ts-graph")) return [];
    return /\.[cm]?[jt]sx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

const FILES = [...sourceFiles(SAMPLE_PROJECTS), ...sourceFiles(path.join(REPO_ROOT, "src", "tools"))]
  .map((absolute) => ({ file: path.relative(REPO_ROOT, absolute).split(path.sep).join("/"), bytes: fs.readFileSync(absolute) }))
  .map((file) => ({ ...file, sites: editableSites(file.file, file.bytes.toString("utf8").replace(/^\uFEFF/, "")) }))
  .filter((file) => file.sites.length > 0);

const OPERATIONS: readonly EditOperation[] = ["replace", "insert_before", "insert_after", "delete"];

const anEdit = fc.record({
  file: fc.nat(FILES.length - 1),
  site: fc.nat(),
  operation: fc.constantFrom(...OPERATIONS),
  seed: fc.nat(1000),
  crlf: fc.boolean(),
});

/** The file's bytes, with CRLF line endings when asked (so both conventions are exercised). */
function bytesOf(bytes: Buffer, crlf: boolean): Buffer {
  return crlf ? Buffer.from(bytes.toString("utf8").replace(/\r?\n/g, "\r\n"), "utf8") : bytes;
}

describe("random edits of real files (seeded)", () => {
  it("has files to edit", () => {
    expect(FILES.length).toBeGreaterThan(30);
  });

  it("valid replacements, insertions and deletions keep every other declaration byte-identical and the file parseable", () => {
    let applied = 0;
    fc.assert(
      fc.property(anEdit, (edit) => {
        const target = FILES[edit.file];
        if (target === undefined) return;
        const bytes = bytesOf(target.bytes, edit.crlf);
        const decoded = decodeSource(bytes);
        if (!decoded.ok) return;
        const sites = editableSites(target.file, decoded.source.body);
        const site = sites[edit.site % sites.length];
        if (site === undefined) return;
        const outcome = fuzzEdit(target.file, bytes, site, edit.operation, validContent(site.container, edit.seed));
        if (outcome.status === "refused") {
          // Valid content is refused only where whole lines cannot be inserted (other code shares the line).
          expect(outcome.why).toMatch(/other code (?:shares|follows)/);
          return;
        }
        applied += 1;
        expect(outcome.problems).toEqual([]);
      }),
      { seed: 1313, numRuns: 300 },
    );
    expect(applied).toBeGreaterThan(250);
  });

  it("invalid content is always refused", () => {
    fc.assert(
      fc.property(anEdit, (edit) => {
        const target = FILES[edit.file];
        if (target === undefined || edit.operation === "delete") return;
        const site = target.sites[edit.site % target.sites.length];
        if (site === undefined) return;
        const outcome = fuzzEdit(target.file, target.bytes, site, edit.operation, invalidContent(site.container, edit.seed));
        expect(outcome.status).toBe("refused");
      }),
      { seed: 1314, numRuns: 200 },
    );
  });

  it("a write that fails at any rename leaves every file as it was", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3 }), fc.nat(2), (files, failAt) => {
        const dir = makeTempDir();
        const writes = Array.from({ length: files }, (_, index) => {
          const absolute = path.join(dir, `f${index}.ts`);
          fs.writeFileSync(absolute, `export const v${index} = ${index};\n`);
          return {
            absolute,
            before: Buffer.from(`export const v${index} = ${index};\n`),
            after: Buffer.from(`export const v${index} = ${index + 10};\n`),
          };
        });
        let renames = 0;
        const steps = {
          rename(from: string, to: string) {
            if (renames === failAt % files) throw new Error("simulated crash");
            renames += 1;
            fs.renameSync(from, to);
          },
        };
        expect(() => writeAllOrNothing(dir, writes, { action: "test", steps })).toThrow("simulated crash");
        for (const write of writes) expect(fs.readFileSync(write.absolute)).toEqual(write.before);
        expect(fs.readdirSync(dir).filter((name) => name !== ".ts-graph")).toHaveLength(files);
        expect(fs.readdirSync(path.join(dir, ".ts-graph", "edits"))).toEqual([]);
      }),
      { seed: 1315, numRuns: 30 },
    );
  });
});
