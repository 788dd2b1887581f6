import { describe, expect, it } from "vitest";
import { classifyApi } from "./api-classification.js";
import { classifyApiChanges, nodesReadByRules, type ApiChange } from "./api-rules.js";
import { diffGraphs, type DiffNode } from "./graph-diff.js";

function declaration(key: string, kind: string, signature: string, extra: Partial<DiffNode> = {}): DiffNode {
  const [file = "", qualified = ""] = key.split(":");
  const parts = qualified.split(".");
  return {
    key,
    kind,
    name: parts.at(-1) ?? qualified,
    file,
    parent: parts.length > 1 ? `${file}:${parts.slice(0, -1).join(".")}` : file,
    exported: true,
    modifiers: [],
    signature,
    startLine: 1,
    body: undefined,
    ...extra,
  };
}

/**
 * The API changes between two sets of declarations, with the real checker for type questions; the same
 * with only the declarations nodesReadByRules picks (what is sent to the classification thread).
 */
function classify(before: readonly DiffNode[], after: readonly DiffNode[]): ApiChange[] {
  const diff = diffGraphs({ nodes: before, edges: [] }, { nodes: after, edges: [] });
  const baseNodes = new Map(before.map((node) => [node.key, node]));
  const headNodes = new Map(after.map((node) => [node.key, node]));
  const changes = classifyApi({ diff, baseNodes, headNodes });
  expect(classifyApi({ diff, ...nodesReadByRules(diff, baseNodes, headNodes) })).toEqual(changes);
  return changes;
}

function verdictOf(before: string, after: string, kind = "Function"): [string, readonly string[]] {
  const [change] = classify([declaration("a.ts:f", kind, before)], [declaration("a.ts:f", kind, after)]);
  return [change?.verdict ?? "none", change?.reasons ?? []];
}

describe(classifyApiChanges.name, () => {
  it.each([
    [
      "export function f(a: string): void",
      "export function f(a: string, b: number): void",
      "breaking",
      "required parameter `b` added",
    ],
    [
      "export function f(a: string): void",
      "export function f(a: string, b?: number): void",
      "compatible",
      "optional parameter `b` added",
    ],
    [
      "export function f(a: string, b: number): void",
      "export function f(a: string): void",
      "breaking",
      "parameter `b` removed (callers that pass it no longer compile)",
    ],
    [
      "export function f(a: string): void",
      "export function f(a: string | number): void",
      "compatible",
      "parameter `a` type widened: `string` → `string | number`",
    ],
    [
      "export function f(a: string | number): void",
      "export function f(a: string): void",
      "breaking",
      "parameter `a` type narrowed or changed: `string | number` → `string`",
    ],
    [
      "export function f(): string | undefined",
      "export function f(): string",
      "compatible",
      "return type narrowed: `string` → `string | undefined`",
    ],
    [
      "export function f(): string",
      "export function f(): string | undefined",
      "breaking",
      "return type widened or changed: `string | undefined` → `string`",
    ],
    [
      "export function f(a?: string): void",
      "export function f(a: string): void",
      "breaking",
      "parameter `a` made required",
    ],
    [
      "export function f(a: string): void",
      "export function f(b: string): void",
      "compatible",
      "parameter `a` renamed `b`",
    ],
    [
      "export function f<T>(a: T): void",
      "export function f<T extends string>(a: T): void",
      "unclassified",
      "type parameters changed: <T> → <T extends string>",
    ],
  ])("%s → %s is %s", (before, after, verdict, reason) => {
    expect(verdictOf(before, after)).toEqual([verdict, [reason]]);
  });

  it("says not classified, never guesses, when a type names a project type the checker cannot see", () => {
    expect(verdictOf("export function f(a: User): void", "export function f(a: Admin): void")).toEqual([
      "unclassified",
      ["parameter `a` type: `User` → `Admin` (the checker cannot relate these types outside the project)"],
    ]);
  });

  it("classifies properties: optional made required breaks, a readonly property may narrow", () => {
    expect(verdictOf("name?: string", "name: string", "Property")).toEqual([
      "breaking",
      ["optional property made required"],
    ]);
    expect(verdictOf("readonly id: string | number", "readonly id: string", "Property")).toEqual([
      "compatible",
      ["property type narrowed: `string` → `string | number`"],
    ]);
    expect(verdictOf("id: string | number", "id: string", "Property")[0]).toBe("breaking");
  });

  it("reports removed exports and members, unexported declarations, and required members added to an interface", () => {
    const base = [
      declaration("a.ts:I", "Interface", "export interface I"),
      declaration("a.ts:I.old", "Property", "old: string"),
      declaration("a.ts:gone", "Function", "export function gone(): void"),
      declaration("a.ts:hidden", "Function", "export function hidden(): void"),
    ];
    const head = [
      declaration("a.ts:I", "Interface", "export interface I"),
      declaration("a.ts:I.added", "Property", "added: number"),
      declaration("a.ts:I.maybe", "Property", "maybe?: number"),
      declaration("a.ts:hidden", "Function", "function hidden(): void", { exported: false }),
    ];
    expect(
      classify(base, head).map((change) => [change.key, change.change, change.verdict, change.reasons[0]]),
    ).toEqual([
      [
        "a.ts:I.added",
        "added",
        "breaking",
        "required member added to an interface: objects and classes that implement it must add it",
      ],
      ["a.ts:I.maybe", "added", "compatible", "optional member added to an interface"],
      ["a.ts:I.old", "removed", "breaking", "member removed"],
      ["a.ts:gone", "removed", "breaking", "export removed"],
      ["a.ts:hidden", "unexported", "breaking", "no longer exported"],
    ]);
  });

  it("leaves a change no rule covers, and an arrow typed by its variable's annotation, not classified", () => {
    expect(verdictOf("export const f: Handler = (request) =>", "export const f: OtherHandler = (request) =>")[0]).toBe(
      "unclassified",
    );
    expect(verdictOf("export class C", "export class C<T>", "Class")).toEqual(["unclassified", ["signature changed"]]);
  });
});
