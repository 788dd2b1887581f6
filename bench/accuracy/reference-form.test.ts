import ts from "typescript-6";
import { describe, expect, it } from "vitest";
import { referenceForm, tokenAt } from "./reference-form.js";
import { formFamily } from "./reference-report.js";

/** The form of the name marked `⟨name⟩` in the snippet (the tests write a member use as the oracle reports it: "form (x.f)"). */
function formOf(snippet: string, fileName = "a.ts"): ReturnType<typeof referenceForm> {
  const start = snippet.indexOf("⟨");
  const text = snippet.replace("⟨", "").replace("⟩", "");
  const sourceFile = ts.createSourceFile(
    fileName,
    text,
    ts.ScriptTarget.ES2022,
    true,
    fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  return referenceForm(tokenAt(sourceFile, start));
}

describe("referenceForm", () => {
  it.each([
    ["function p(o: O) { return o.h ?? ⟨f⟩; }", "??/||/&& operand"],
    ["function p(o: O) { return o.⟨h⟩ || f; }", "??/||/&& operand (x.f)"],
    ["class C { m() { this.⟨x⟩ = 1; } }", "assignment target (write) (x.f)"],
    ["class C { m() { this.⟨x⟩ += 1; } }", "compound assignment (x.f)"],
    ["const o = { ⟨f⟩ };", "shorthand property"],
    ["const o = { a: ⟨f⟩ };", "property value"],
    ["const o = [...⟨f⟩];", "spread"],
    ["g(⟨f⟩);", "argument"],
    ["⟨g⟩(f);", "call"],
    ["a.⟨g⟩(f);", "call (x.f)"],
    ["new ⟨C⟩();", "new"],
    ["const s = `${⟨f⟩}`;", "template literal"],
    ["function p(a = ⟨f⟩) {}", "parameter default"],
    ["const { a = ⟨f⟩ } = o;", "destructuring default"],
    ["const { ⟨a⟩ } = o;", "destructuring (x.f)"],
    ["const v = ⟨f⟩ satisfies F;", "as/satisfies operand"],
    ["const v = ⟨X⟩.y;", "receiver of ."],
    ["switch (o.⟨kind⟩) {}", "switch/case (x.f)"],
    ["function p(a: ⟨T⟩): void {}", "type reference"],
    ["function p() { let a: ⟨T⟩; }", "type reference, in a body or initialiser"],
    ["function p(a: ⟨NS⟩.T) {}", "type reference (namespace qualifier)"],
    ["function p(a: NS.⟨T⟩) {}", "type reference (x.f)"],
    ["function p(a: A.⟨NS⟩.T) {}", "type reference (namespace qualifier) (x.f)"],
    ["type A = typeof ⟨f⟩;", "typeof (type query)"],
    ['type A = B[⟨"k"⟩];', "indexed access type"],
    ["class A extends ⟨B⟩ {}", "heritage (extends/implements)"],
    ["g(⟨f⟩<string>);", "argument"],
    ["const o: I = { ⟨m⟩() {} };", "object literal key (x.f)"],
    ["interface I { ⟨m⟩(): void }", "related member declaration (x.f)"],
    ["@⟨d⟩ class A {}", "decorator"],
    ["const e = <⟨C⟩ />;", "JSX tag"],
  ])("%s is %s", (snippet, form) => {
    expect(formOf(snippet, snippet.includes("/>") ? "a.tsx" : "a.ts")).toEqual({
      form: form.replace(" (x.f)", ""),
      member: form.includes("(x.f)"),
      excluded: false,
    });
  });

  it.each([
    ['import { ⟨f⟩ } from "./a";', "import/export"],
    ['export { ⟨f⟩ } from "./a";', "import/export"],
    ["export default ⟨f⟩;", "import/export"],
    ["/** Calls {@link ⟨f⟩}. */\nfunction g() {}", "comment"],
    ["// uses ⟨f⟩\nfunction g() {}", "comment"],
  ])("%s is left out as %s", (snippet, form) => {
    expect(formOf(snippet)).toMatchObject({ form, excluded: true });
  });
});

describe("formFamily", () => {
  it("groups forms into calls, reads, member reads, writes, type uses and keys", () => {
    expect(formFamily("call (x.f)")).toBe("call, `new`, JSX, decorator, tagged template");
    expect(formFamily("??/||/&& operand")).toBe("value read of a bare name (argument, initialiser, `??`, return, …)");
    expect(formFamily("??/||/&& operand (x.f)")).toBe("member read (`x.f` not called, not written)");
    expect(formFamily("compound assignment (x.f)")).toBe("write (`x = …`, `x += …`, `x++`)");
    expect(formFamily("type reference (x.f)")).toBe("type use in a signature");
    expect(formFamily("type reference, in a body or initialiser")).toBe("type use in a body or initialiser");
    expect(formFamily("receiver of .")).toBe("bare name as a receiver (`X.y`, `X[k]`)");
    expect(formFamily("object literal key (x.f)")).toBe(
      "object literal key or destructured name (a member of the literal's type)",
    );
  });
});
