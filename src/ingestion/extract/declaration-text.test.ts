import { ts } from "../../engine/ts6/typescript6.js";
import { describe, expect, it } from "vitest";
import { docSummary, jsDocDescription } from "./declaration-text.js";

describe("jsDocDescription", () => {
  it("keeps the text before the first tag, without the comment's stars", () => {
    expect(jsDocDescription("/**\n * Adds two numbers.\n * Fast.\n * @param a first\n */")).toBe(
      "Adds two numbers. Fast.",
    );
    expect(jsDocDescription("/** One line. */")).toBe("One line.");
  });
});

describe("docSummary", () => {
  function firstStatement(text: string): ts.Node {
    const sourceFile = ts.createSourceFile("/x.ts", text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    const statement = sourceFile.statements[0];
    if (statement === undefined) throw new Error("no statement");
    return ts.isVariableStatement(statement) ? (statement.declarationList.declarations[0] ?? statement) : statement;
  }

  it("takes the first sentence of the last doc comment before a declaration, ignoring plain comments", () => {
    expect(
      docSummary(
        firstStatement("/** Old. */\n/** Returns the total. Never negative. */\n// note\nfunction total() {}"),
      ),
    ).toBe("Returns the total.");
    expect(docSummary(firstStatement("/* not a doc comment */\nfunction f() {}"))).toBe("");
  });

  it("finds a variable's doc comment on its statement", () => {
    expect(docSummary(firstStatement("/** The answer. */\nexport const answer = 42;"))).toBe("The answer.");
  });
});
