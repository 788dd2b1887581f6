import fc from "fast-check";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { editableSites, fuzzEdit, invalidContent, validContent } from "../../test-support/edit-fuzz.js";
import { REPO_ROOT, SAMPLE_PROJECTS, makeTempDir, removeTempDirs } from "../../test-support/fixtures.js";
import { writeAllOrNothing } from "../../file-writes/journaled-write.js";
import { EDIT_SYNTAX } from "../../ingestion/edit/edit-syntax.js";
import { declarationKey } from "../../model/node-key.js";
import { loneSurrogateIn, overloadChoice, renameBy, withoutLoneSurrogates } from "./content-rules.js";
import { decodeSource } from "./source-text.js";
import { planEdit, type EditOperation } from "./edit-plan.js";

afterAll(removeTempDirs);

/** Real files: every source file of the sample projects and ts-graph's own edit slice and tool helpers. */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    const full = path.join(entry.parentPath, entry.name);
    if (!entry.isFile() || full.split(path.sep).some((part) => part === "node_modules" || part === ".ts-graph"))
      return [];
    return /\.[cm]?[jt]sx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

const FILES = [...sourceFiles(SAMPLE_PROJECTS), ...sourceFiles(path.join(REPO_ROOT, "src", "tools"))]
  .map((absolute) => ({
    file: path.relative(REPO_ROOT, absolute).split(path.sep).join("/"),
    bytes: fs.readFileSync(absolute),
  }))
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
        const outcome = fuzzEdit(
          target.file,
          target.bytes,
          site,
          edit.operation,
          invalidContent(site.container, edit.seed),
        );
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

/** An overloaded function (or method of a class) with a doc comment, or none, on every signature and on the implementation. */
const anOverloaded = fc.record({
  inClass: fc.boolean(),
  docs: fc.array(fc.option(fc.stringMatching(/^[a-z ]{0,12}$/), { nil: undefined }), { minLength: 1, maxLength: 4 }),
  implementationDoc: fc.option(fc.stringMatching(/^[a-z ]{0,12}$/), { nil: undefined }),
  newBody: fc.stringMatching(/^[a-z]{1,8}$/),
  contentDoc: fc.boolean(),
  crlf: fc.boolean(),
});

function overloadedSource(edit: typeof anOverloaded extends fc.Arbitrary<infer T> ? T : never): string {
  const indent = edit.inClass ? "  " : "";
  const head = edit.inClass ? "" : "export function ";
  const doc = (text: string | undefined): string[] => (text === undefined ? [] : [`${indent}/** ${text} */`]);
  const lines = [
    ...(edit.inClass ? ["export class Host {"] : []),
    ...edit.docs.flatMap((text, index) => [
      ...doc(text),
      `${indent}${head}f(a${index}: number, ...rest: string[]): number;`,
    ]),
    ...doc(edit.implementationDoc),
    `${indent}${head}f(...args: unknown[]): number {`,
    `${indent}  return args.length;`,
    `${indent}}`,
    ...(edit.inClass ? ["}"] : []),
    "",
    "export const after = 1;",
    "",
  ];
  return lines.join(edit.crlf ? "\r\n" : "\n");
}

describe("replacing an overloaded declaration (seeded)", () => {
  it("content with the implementation alone keeps every overload signature and doc comment byte for byte", () => {
    fc.assert(
      fc.property(anOverloaded, (edit) => {
        const file = "src/overloaded.ts";
        const body = overloadedSource(edit);
        const site = EDIT_SYNTAX.declarations(file, body).get(declarationKey(file, edit.inClass ? "Host.f" : "f"));
        const implementation = site?.implementation;
        if (site === undefined || implementation === undefined) throw new Error("no overloaded site");
        expect(implementation.signatures).toBe(edit.docs.length);
        const content = `${edit.contentDoc ? "/** new */\n" : ""}${edit.inClass ? "" : "export function "}f(...args: unknown[]): number {\n  return ${edit.newBody};\n}`;
        const choice = overloadChoice(site, EDIT_SYNTAX.contentDeclarations(file, content, site.container), "f");
        if (!choice.ok) throw new Error(choice.why);
        // The site replaced is the implementation's own, built field by field: its name is its own, after its start.
        const implementationName = body.indexOf("f(...args", implementation.start);
        expect(choice.site).toEqual({
          key: site.key,
          container: site.container,
          notEditable: site.notEditable,
          commentStart: implementation.commentStart,
          start: implementation.start,
          startAfterDecorators: implementation.startAfterDecorators,
          end: site.end,
          nameStart: implementationName,
        });
        expect(choice.site.nameStart).toBeGreaterThanOrEqual(choice.site.start);
        const source = decodeSource(Buffer.from(body));
        if (!source.ok) throw new Error(source.why);
        const plan = planEdit(source.source, {
          operation: "replace",
          site: choice.site,
          content,
          literalLines: new Set(),
        });
        if (!plan.ok) throw new Error(plan.why);
        // Everything up to the implementation (every signature and its doc) and after it is the file's own.
        const kept = edit.contentDoc ? implementation.commentStart : implementation.start;
        expect(plan.body.slice(0, kept)).toBe(body.slice(0, kept));
        expect(plan.body.endsWith(body.slice(site.end))).toBe(true);
        expect(plan.body).toContain(`return ${edit.newBody};`);
        expect(plan.body.split("f(a").length).toBe(edit.docs.length + 1);
      }),
      { seed: 1316, numRuns: 200 },
    );
  });
});

describe("content rules (seeded)", () => {
  it("a replace is refused as a rename exactly when the content declares names and none is the target's", () => {
    const names = ["total", "sum", "Cart", "default"];
    fc.assert(
      fc.property(fc.constantFrom(...names), fc.subarray(names), (target, declared) => {
        const content = declared
          .map((name) => (name === "default" ? "export default 1;" : `export const ${name} = 1;`))
          .join("\n");
        const why = renameBy(EDIT_SYNTAX.contentDeclarations("src/a.ts", content, "statements"), target);
        expect(why === undefined).toBe(declared.includes(target));
      }),
      { seed: 1317, numRuns: 100 },
    );
  });

  it("content is refused for a lone surrogate exactly when UTF-8 would not give it back, and the replacement is what UTF-8 writes", () => {
    const units = fc.array(fc.oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0xd7f0, max: 0xe010 })), {
      maxLength: 12,
    });
    fc.assert(
      fc.property(units, (codes) => {
        const content = String.fromCharCode(...codes);
        const written = Buffer.from(content, "utf8").toString("utf8");
        expect(loneSurrogateIn(content) === undefined).toBe(written === content);
        expect(withoutLoneSurrogates(content)).toBe(written);
      }),
      { seed: 1318, numRuns: 300 },
    );
  });
});

describe("editing the members of an exported object literal (seeded)", () => {
  const aMember = fc.record({
    kind: fc.constantFrom("data", "shorthand", "method", "arrow"),
    doc: fc.boolean(),
    comma: fc.boolean(),
  });

  it("every member is addressable, and an edit of one keeps every other byte for byte and the file parseable", () => {
    fc.assert(
      fc.property(
        fc.array(aMember, { minLength: 1, maxLength: 5 }),
        fc.nat(),
        fc.constantFrom(...OPERATIONS),
        fc.nat(1000),
        fc.constantFrom("", " as const", " satisfies Record<string, unknown>"),
        (members, pick, operation, seed, suffix) => {
          const file = "src/literal.ts";
          const texts = members.map((member, index) => {
            const name = `k${index}`;
            const value = {
              data: `${name}: "${index}"`,
              shorthand: name,
              method: `${name}() {\n    return ${index};\n  }`,
              arrow: `${name}: () => ${index}`,
            }[member.kind];
            return `${member.doc ? `  /** ${name} */\n` : ""}  ${value}${member.comma || index < members.length - 1 ? "," : ""}`;
          });
          const declared = members.map((_, index) => `const k${index} = ${index};`).join("\n");
          const body = `${declared}\n\nexport const literal = {\n${texts.join("\n")}\n}${suffix};\n`;
          const sites = editableSites(file, body).filter((site) => site.key.startsWith(`${file}:literal.`));
          expect(sites).toHaveLength(members.length);
          const site = sites[pick % sites.length];
          if (site === undefined) return;
          const outcome = fuzzEdit(file, Buffer.from(body), site, operation, validContent("object", seed));
          if (outcome.status === "refused") throw new Error(outcome.why);
          expect(outcome.problems).toEqual([]);
        },
      ),
      { seed: 1319, numRuns: 200 },
    );
  });
});
