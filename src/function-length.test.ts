import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ts } from "ts-morph";
import { describe, expect, it } from "vitest";
import { listSources } from "./test-support/source-files.js";

/**
 * Functions short enough to read at once (docs/architecture.md, Conventions): no function in src/ (tests and
 * test-support excluded) is longer than MAX_LINES unless a comment just before it has a line starting
 * "Long because:" that says why a split would make it worse.
 */
const SRC = import.meta.dirname;
const MAX_LINES = 120;
const REASON = /^\s*(?:\/\/|\/?\*+)?\s*Long because:/m;

interface LongFunction {
  readonly where: string;
  readonly lines: number;
  readonly explained: boolean;
}

/** The node whose leading comments document a function: its statement, property or variable, else itself. */
function documentedNode(node: ts.Node): ts.Node {
  let current: ts.Node = node;
  for (;;) {
    const parent = current.parent;
    if (
      ts.isVariableDeclaration(parent) ||
      ts.isVariableDeclarationList(parent) ||
      ts.isVariableStatement(parent) ||
      ts.isPropertyAssignment(parent) ||
      ts.isPropertyDeclaration(parent) ||
      ts.isExportAssignment(parent)
    ) {
      current = parent;
      continue;
    }
    return current;
  }
}

function functionName(node: ts.FunctionLikeDeclaration, sourceFile: ts.SourceFile): string {
  if (node.name) return node.name.getText(sourceFile);
  const documented = documentedNode(node);
  if (ts.isVariableStatement(documented)) {
    const declaration = documented.declarationList.declarations[0];
    if (declaration) return declaration.name.getText(sourceFile);
  }
  if (ts.isPropertyAssignment(documented)) return documented.name.getText(sourceFile);
  return "(anonymous)";
}

function longFunctions(file: string): LongFunction[] {
  const text = fs.readFileSync(file, "utf8");
  const sourceFile = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const declaration = node as ts.FunctionLikeDeclaration;
      const first = sourceFile.getLineAndCharacterOfPosition(declaration.getStart(sourceFile)).line;
      const last = sourceFile.getLineAndCharacterOfPosition(declaration.getEnd()).line;
      const lines = last - first + 1;
      if (lines > MAX_LINES) {
        const documented = documentedNode(declaration);
        const comments = ts.getLeadingCommentRanges(text, documented.getFullStart()) ?? [];
        const explained = comments.some((range) => REASON.test(text.slice(range.pos, range.end)));
        const name = functionName(declaration, sourceFile);
        found.push({ where: `${path.relative(SRC, file).split(path.sep).join("/")}:${first + 1} ${name}`, lines, explained });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

describe("function length", () => {
  it(`keeps every function in src/ under ${MAX_LINES} lines or says why it is longer`, () => {
    const unexplained = listSources(SRC)
      .flatMap(longFunctions)
      .filter((entry) => !entry.explained)
      .map((entry) => `${entry.where} (${entry.lines} lines)`);
    expect(unexplained).toEqual([]);
  });

  it("measures a function from its first line to its last and accepts a 'Long because:' comment", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "function-length-"));
    try {
      const body = Array.from({ length: MAX_LINES }, (_, index) => `  const v${index} = ${index};`).join("\n");
      const file = path.join(dir, "sample.ts");
      fs.writeFileSync(
        file,
        [
          `export function long(): void {\n${body}\n}`,
          `/**\n * Does things.\n * Long because: one table of cases reads best in one place.\n */\nexport const explained = (): void => {\n${body}\n};`,
          `export function short(): void {\n${body.split("\n").slice(2).join("\n")}\n}`,
        ].join("\n"),
      );
      const found = longFunctions(file).map((entry) => ({ lines: entry.lines, explained: entry.explained, name: entry.where.split(" ")[1] }));
      expect(found).toEqual([
        { lines: MAX_LINES + 2, explained: false, name: "long" },
        { lines: MAX_LINES + 2, explained: true, name: "explained" },
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
