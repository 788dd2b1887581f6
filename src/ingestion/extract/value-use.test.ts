import { ts } from "../../engine/ts6/typescript6.js";
import { describe, expect, it } from "vitest";
import { isStoringAssignment, storedValues, valueUseOf, type ValueUse } from "./value-use.js";

/** Every identifier and `a.b` of the text named `target` (for `a.b`, its name), with how it is used. */
function usesOf(text: string, target: string): (ValueUse | undefined)[] {
  const fileName = text.includes("<") ? "/project/sample.tsx" : "/project/sample.ts";
  const sourceFile = ts.createSourceFile(
    fileName,
    text,
    ts.ScriptTarget.Latest,
    true,
    fileName.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const uses: (ValueUse | undefined)[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isIdentifier(node) &&
      node.text === target &&
      !(ts.isPropertyAccessExpression(node.parent) && node.parent.name === node)
    ) {
      uses.push(valueUseOf(node));
    }
    if (ts.isPropertyAccessExpression(node) && node.name.text === target) uses.push(valueUseOf(node));
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return uses;
}

function expressionOf(text: string): ts.Expression {
  const sourceFile = ts.createSourceFile("/project/sample.ts", `x = ${text};`, ts.ScriptTarget.Latest, true);
  const statement = sourceFile.statements[0];
  if (statement === undefined || !ts.isExpressionStatement(statement) || !ts.isBinaryExpression(statement.expression))
    throw new Error("no assignment");
  return statement.expression.right;
}

describe(valueUseOf.name, () => {
  it("counts operands of ??, ||, &&, comma, assignments, spreads, templates, defaults and casts as values", () => {
    const forms = [
      "a ?? f",
      "a || f",
      "a && f",
      "(0, f)",
      "x = f",
      "x += f",
      "[...f]",
      "({ ...f })",
      "`${f}`",
      "function g(p = f) {}",
      "const { p = f } = o",
      "f satisfies unknown",
      "f as unknown",
      "f!",
      "f === g",
      "o[f]",
      "<div onClick={f} />",
    ];
    for (const form of forms) expect(usesOf(form, "f"), form).toEqual(["value"]);
  });

  it("calls a use whose member is taken a receiver, through parentheses and casts", () => {
    expect(usesOf("Color.Red", "Color")).toEqual(["receiver"]);
    expect(usesOf("(NS as any).x", "NS")).toEqual(["receiver"]);
    expect(usesOf("Widget.registry.set(1)", "registry")).toEqual(["receiver"]);
    expect(usesOf("o[k]", "o")).toEqual(["receiver"]);
  });

  it("leaves out callees, `new`, tags, decorators, JSX tags, names, types, heritage, specifiers and labels", () => {
    const forms = [
      "f()",
      "(f)()",
      "o.f()",
      "new f()",
      "f`x`",
      "@f class A {}",
      "<f />",
      "function f() {}",
      "const f = 1",
      "let x: f",
      "let x: typeof f",
      "class A extends f {}",
      "import { f } from './m'",
      "export { f }",
      "export default f",
      "f: for (;;) { break f; }",
      "({ f: 1 })",
      "const { f } = o",
    ];
    for (const form of forms)
      expect(
        usesOf(form, "f").filter((use) => use !== undefined),
        form,
      ).toEqual([]);
  });

  it("reads what qualifies a class's `extends`, not an `implements` or an interface's `extends`, which are types", () => {
    expect(usesOf("class A extends NS.Base {}", "NS")).toEqual(["receiver"]);
    expect(usesOf("class A implements NS.I {}", "NS")).toEqual([undefined]);
    expect(usesOf("interface A extends NS.Outer.I {}", "NS")).toEqual([undefined]);
    expect(usesOf("interface A extends NS.Outer.I {}", "Outer")).toEqual([undefined]);
  });

  it("counts an instantiation expression as a value (`f<A>` passed), not as a heritage type", () => {
    expect(usesOf("xs.map(f<number>)", "f")).toEqual(["value"]);
    expect(usesOf("xs.map(NS.f<number>)", "f")).toEqual(["value"]);
    expect(usesOf("class A extends f<number> {}", "f")).toEqual([undefined]);
  });
});

describe(storedValues.name, () => {
  it("follows both branches of ?:, both operands of ??, || and &&, and the last of a comma", () => {
    const texts = storedValues(expressionOf("strict ? (options.get ?? get) : (0, noStrict)")).map((expression) =>
      expression.getText(),
    );
    expect(texts).toEqual(["options.get", "get", "noStrict"]);
  });

  it("stops at anything else: a call stores its result, not its callee", () => {
    expect(storedValues(expressionOf("wrap(f) as Handler")).map((expression) => expression.getText())).toEqual([
      "wrap(f)",
    ]);
  });
});

describe(isStoringAssignment.name, () => {
  it("is true for =, ??=, ||= and &&=, false for arithmetic assignments and comparisons", () => {
    const operators = ["=", "??=", "||=", "&&=", "+=", "==="].map((operator) => {
      const sourceFile = ts.createSourceFile("/project/sample.ts", `x ${operator} f;`, ts.ScriptTarget.Latest, true);
      const statement = sourceFile.statements[0];
      return statement !== undefined &&
        ts.isExpressionStatement(statement) &&
        ts.isBinaryExpression(statement.expression)
        ? isStoringAssignment(statement.expression)
        : undefined;
    });
    expect(operators).toEqual([true, true, true, true, false, false]);
  });
});
