import { ts } from "./engine/ts6/typescript6.js";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { listSources } from "./test-support/source-files.js";

/**
 * Functions and classes short enough to read at once (docs/architecture.md, Conventions): no function in src/ or
 * bench/ (tests and test-support excluded) is longer than MAX_LINES, and no class in them has a body longer than
 * MAX_CLASS_LINES or more than MAX_MUTABLE_FIELDS mutable fields, unless a comment just before it has a line
 * starting "Long because:" that says why a split would make it worse.
 */
const SRC = import.meta.dirname;
const REPO = path.dirname(SRC);
const BENCH = path.join(REPO, "bench");
const MAX_LINES = 120;
const MAX_CLASS_LINES = 250;
const MAX_MUTABLE_FIELDS = 10;
const REASON = /^\s*(?:\/\/|\/?\*+)?\s*Long because:/m;

interface LongFunction {
  readonly where: string;
  readonly lines: number;
  readonly explained: boolean;
}

interface LargeClass {
  readonly where: string;
  readonly lines: number;
  readonly mutableFields: number;
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

/** Whether a comment just before the node (or the statement that documents it) says why it is long. */
function explained(text: string, node: ts.Node): boolean {
  const comments = ts.getLeadingCommentRanges(text, documentedNode(node).getFullStart()) ?? [];
  return comments.some((range) => REASON.test(text.slice(range.pos, range.end)));
}

function lineSpan(node: ts.Node, sourceFile: ts.SourceFile): { readonly first: number; readonly lines: number } {
  const first = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line;
  const last = sourceFile.getLineAndCharacterOfPosition(node.getEnd()).line;
  return { first, lines: last - first + 1 };
}

function whereOf(file: string, first: number, name: string): string {
  return `${path.relative(REPO, file).split(path.sep).join("/")}:${first + 1} ${name}`;
}

function parse(file: string): { readonly text: string; readonly sourceFile: ts.SourceFile } {
  const text = fs.readFileSync(file, "utf8");
  return { text, sourceFile: ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS) };
}

function longFunctions(file: string): LongFunction[] {
  const { text, sourceFile } = parse(file);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const declaration = node as ts.FunctionLikeDeclaration;
      const { first, lines } = lineSpan(declaration, sourceFile);
      if (lines > MAX_LINES) {
        found.push({
          where: whereOf(file, first, functionName(declaration, sourceFile)),
          lines,
          explained: explained(text, declaration),
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

/** A field a class's code may reassign: a property declaration that is not readonly (static ones included). */
function isMutableField(member: ts.ClassElement): boolean {
  return ts.isPropertyDeclaration(member) && !(ts.getCombinedModifierFlags(member) & ts.ModifierFlags.Readonly);
}

function largeClasses(file: string): LargeClass[] {
  const { text, sourceFile } = parse(file);
  const found: LargeClass[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isClassDeclaration(node) || ts.isClassExpression(node)) {
      const { first, lines } = lineSpan(node, sourceFile);
      const mutableFields = node.members.filter(isMutableField).length;
      if (lines > MAX_CLASS_LINES || mutableFields > MAX_MUTABLE_FIELDS) {
        const name = node.name?.getText(sourceFile) ?? "(anonymous class)";
        found.push({ where: whereOf(file, first, name), lines, mutableFields, explained: explained(text, node) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

const SOURCES = [...listSources(SRC), ...listSources(BENCH)];

/** Writes the given files into a fresh folder, runs `check` on them, and removes the folder. */
function withFiles<T>(files: Record<string, string>, check: (dir: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "function-length-"));
  try {
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
    return check(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("function length", () => {
  it("reads the sources of src/ and bench/", () => {
    expect(SOURCES.some((file) => file.startsWith(BENCH + path.sep))).toBe(true);
    expect(SOURCES.some((file) => file.startsWith(SRC + path.sep))).toBe(true);
  });

  it(`keeps every function in src/ and bench/ under ${MAX_LINES} lines or says why it is longer`, () => {
    const unexplained = SOURCES.flatMap(longFunctions)
      .filter((entry) => !entry.explained)
      .map((entry) => `${entry.where} (${entry.lines} lines)`);
    expect(unexplained).toEqual([]);
  });

  it(`keeps every class in src/ and bench/ under ${MAX_CLASS_LINES} lines and ${MAX_MUTABLE_FIELDS} mutable fields or says why it is larger`, () => {
    const unexplained = SOURCES.flatMap(largeClasses)
      .filter((entry) => !entry.explained)
      .map((entry) => `${entry.where} (${entry.lines} lines, ${entry.mutableFields} mutable fields)`);
    expect(unexplained).toEqual([]);
  });

  it("measures a function from its first line to its last and accepts a 'Long because:' comment", () => {
    const body = Array.from({ length: MAX_LINES }, (_, index) => `  const v${index} = ${index};`).join("\n");
    const sample = [
      `export function long(): void {\n${body}\n}`,
      `/**\n * Does things.\n * Long because: one table of cases reads best in one place.\n */\nexport const explained = (): void => {\n${body}\n};`,
      `export function short(): void {\n${body.split("\n").slice(2).join("\n")}\n}`,
    ].join("\n");
    const found = withFiles({ "sample.ts": sample }, (dir) =>
      longFunctions(path.join(dir, "sample.ts")).map((entry) => ({
        lines: entry.lines,
        explained: entry.explained,
        name: entry.where.split(" ")[1],
      })),
    );
    expect(found).toEqual([
      { lines: MAX_LINES + 2, explained: false, name: "long" },
      { lines: MAX_LINES + 2, explained: true, name: "explained" },
    ]);
  });

  it("flags a class over its line or mutable-field limit and accepts a 'Long because:' comment", () => {
    const methods = Array.from(
      { length: MAX_CLASS_LINES - 2 },
      (_, index) => `  m${index}(): number { return ${index}; }`,
    ).join("\n");
    const fields = (count: number, readonly: boolean) =>
      Array.from({ length: count }, (_, index) => `  ${readonly ? "readonly " : ""}f${index} = ${index};`).join("\n");
    const sample = [
      `export class Long {\n${methods}\n  extra = 1;\n}`,
      `export class Fits {\n${methods}\n}`,
      `export class Mutable {\n${fields(MAX_MUTABLE_FIELDS + 1, false)}\n}`,
      `export class Frozen {\n${fields(MAX_MUTABLE_FIELDS + 5, true)}\n${fields(MAX_MUTABLE_FIELDS, false).replaceAll("f", "g")}\n}`,
      `// Long because: one state machine reads best in one place.\nexport class Explained {\n${fields(MAX_MUTABLE_FIELDS + 1, false)}\n}`,
    ].join("\n");
    const found = withFiles({ "sample.ts": sample }, (dir) =>
      largeClasses(path.join(dir, "sample.ts")).map((entry) => ({
        name: entry.where.split(" ")[1],
        lines: entry.lines,
        mutableFields: entry.mutableFields,
        explained: entry.explained,
      })),
    );
    expect(found).toEqual([
      { name: "Long", lines: MAX_CLASS_LINES + 1, mutableFields: 1, explained: false },
      { name: "Mutable", lines: MAX_MUTABLE_FIELDS + 3, mutableFields: MAX_MUTABLE_FIELDS + 1, explained: false },
      { name: "Explained", lines: MAX_MUTABLE_FIELDS + 3, mutableFields: MAX_MUTABLE_FIELDS + 1, explained: true },
    ]);
  });
});
