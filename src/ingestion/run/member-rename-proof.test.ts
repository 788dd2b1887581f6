import { ts } from "../../engine/ts6/typescript6.js";
import { describe, expect, it } from "vitest";
import type { RenameHint } from "../../model/rename-hint.js";
import { type MemberRenameGraph, memberRenameRefusal, type RenamedText } from "./member-rename-proof.js";

const BEFORE =
  "export class Cart {\n  totalPrice(): number {\n    return 1;\n  }\n}\nexport const twice = (cart: Cart) =>\n  cart.totalPrice() * 2;\n";
const HINT_NAMES = { oldName: "totalPrice", newName: "grandTotal" };

/** The rename of Cart.totalPrice in `before` (every occurrence as a word), as the rename tool hands it over. */
function renamed(before: string, path = "src/cart.ts"): { file: RenamedText; hint: RenameHint } {
  const edits = [...before.matchAll(/\btotalPrice\b/g)].map((match) => ({
    start: match.index,
    length: 10,
    text: "grandTotal",
  }));
  const renamedFile = { path, hashBefore: "", hashAfter: "", edits };
  const file = {
    renamed: renamedFile,
    before: ts.createSourceFile(path, before, ts.ScriptTarget.Latest, true),
    textAfter: before.replace(/\btotalPrice\b/g, "grandTotal"),
  };
  return { file, hint: { ...HINT_NAMES, files: [renamedFile] } };
}

type Edge = ReturnType<MemberRenameGraph["edgesAtNode"]>[number];

function graphOf(texts: Record<string, string>, edges: readonly Edge[]): MemberRenameGraph {
  return {
    indexedPaths: () => Object.keys(texts),
    textOf: (path) => texts[path],
    edgesAtNode: (key) =>
      edges.filter((edge) => edge.target === key || (edge.kind === "OVERRIDES" && edge.source === key)),
    reachesLibraryMember: () => false,
    meetsForeignType: () => false,
  };
}

const MEMBER = "src/cart.ts:Cart.totalPrice";
const call = (lines: number[]): Edge => ({
  file: "src/cart.ts",
  kind: "CALLS",
  source: "src/cart.ts:twice",
  target: MEMBER,
  lines: JSON.stringify(lines),
});

describe("a member rename is proven patchable", () => {
  it("when every edge into the member comes from an edited line, and not when one comes from another line", () => {
    const { file, hint } = renamed(BEFORE);
    const texts = { "src/cart.ts": file.textAfter };
    expect(memberRenameRefusal(new Set([MEMBER]), [file], graphOf(texts, [call([7])]), hint)).toBeUndefined();
    expect(memberRenameRefusal(new Set([MEMBER]), [file], graphOf(texts, [call([6])]), hint)).toBe(
      "a member is renamed: src/cart.ts reaches src/cart.ts:Cart.totalPrice from a line the rename did not edit",
    );
  });

  it("when its overrides join renamed members only", () => {
    const { file, hint } = renamed(BEFORE);
    const override: Edge = {
      file: "src/sub.ts",
      kind: "OVERRIDES",
      source: "src/sub.ts:Sub.totalPrice",
      target: MEMBER,
      lines: "[]",
    };
    const graph = graphOf({ "src/cart.ts": file.textAfter }, [override]);
    expect(memberRenameRefusal(new Set([MEMBER]), [file], graph, hint)).toBe(
      "a member is renamed: src/sub.ts:Sub.totalPrice overrides src/cart.ts:Cart.totalPrice, not both renamed",
    );
    expect(memberRenameRefusal(new Set([MEMBER, "src/sub.ts:Sub.totalPrice"]), [file], graph, hint)).toBeUndefined();
  });

  it("when another file names the old or the new name in a comment only, and not in a string or a JavaScript file's JSDoc", () => {
    const { file, hint } = renamed(BEFORE);
    const commented = "// totalPrice was grandTotal\n/** grandTotal */\nexport const note = 1;\n";
    expect(
      memberRenameRefusal(
        new Set([MEMBER]),
        [file],
        graphOf({ "src/cart.ts": file.textAfter, "src/note.ts": commented }, []),
        hint,
      ),
    ).toBeUndefined();
    const typed = "/** @param {{ grandTotal: number }} cart */\nexport const total = (cart) => cart;\n";
    expect(
      memberRenameRefusal(
        new Set([MEMBER]),
        [file],
        graphOf({ "src/cart.ts": file.textAfter, "src/total.js": typed }, []),
        hint,
      ),
    ).toBe("a member is renamed: src/total.js names totalPrice or grandTotal too");
    const keyed = 'export const key = "grandTotal";\n';
    expect(
      memberRenameRefusal(
        new Set([MEMBER]),
        [file],
        graphOf({ "src/cart.ts": file.textAfter, "src/key.ts": keyed }, []),
        hint,
      ),
    ).toBe("a member is renamed: src/key.ts names totalPrice or grandTotal too");
  });

  it("not when TypeScript's library has one of the names", () => {
    const { file } = renamed(BEFORE);
    const hint = { oldName: "totalPrice", newName: "toFixed", files: [file.renamed] };
    const after = { ...file, textAfter: BEFORE.replace(/\btotalPrice\b/g, "toFixed") };
    expect(memberRenameRefusal(new Set([MEMBER]), [after], graphOf({ "src/cart.ts": after.textAfter }, []), hint)).toBe(
      "a member is renamed: TypeScript's library declares totalPrice or toFixed",
    );
  });
});
