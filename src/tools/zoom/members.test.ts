import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CliToolContext } from "../../cli/cli-tool-context.js";
import { removeTempDirs } from "../../test-support/fixtures.js";
import { writeProject } from "../../test-support/incremental.js";
import { openIndexedContext, runTool } from "../../test-support/tool-harness.js";
import { zoomTool } from "./handler.js";

/** An options interface of 12 members, the same options as an object type alias, and a class. */
const OPTIONS = [
  "interface Base { id: string }",
  "/** How the client connects. */",
  "export interface ClientOptions {",
  "  /** Where requests go. */",
  "  baseUrl: string;",
  "  timeoutMs?: number;",
  "  retries?: number;",
  "  headers?: Record<string, string>;",
  "  userAgent?: string;",
  "  proxy?: { host: string; port: number };",
  "  keepAlive?: boolean;",
  "  maxSockets?: number;",
  "  onRequest?(url: string): void;",
  "  onResponse?: (status: number, body: string) => void;",
  "  signal?: AbortSignal;",
  "  readonly debug: boolean;",
  "}",
  "",
  "/** The same options as an object type. */",
  "export type Options = {",
  "  /** The first. Not this sentence. */",
  "  a: string;",
  "  b?: (x: { y: number }) => void; // not a doc",
  "  c: Array<{ d: string; e: [number, string] }>,",
  '  "quoted-key": \'a;b\' | "c,d" | `t{${string}}`;',
  "  [extra: string]: unknown;",
  "  m<T extends { k: 1 }>(",
  "    value: T,",
  "  ): Promise<T>;",
  "};",
  "export type Wide = Base & { z: number } & { w?: string };",
  "export type Either = { ok: true } | { ok: false };",
  "",
  "export class Client {",
  "  private secret = 1;",
  "  #hidden = 2;",
  '  static readonly version = "1";',
  "  constructor(readonly options: Options) {}",
  "  get label(): string {",
  '    return "client";',
  "  }",
  "  send(body: string): void {}",
  "  protected retry(): void {}",
  "  private log(): void {}",
  "}",
  `export type Flat = { ${Array.from({ length: 12 }, (_, index) => `setting${index + 1}: "on" | "off"`).join("; ")} };`,
  "",
].join("\n");

const numbered = (count: number, line: (index: number) => string): string[] => Array.from({ length: count }, (_, index) => line(index + 1));

/** Types of 25 members each: more than zoom shows under one type. */
const LARGE = [
  "export interface Wide {",
  ...numbered(25, (index) => `  field${index}: number;`),
  "}",
  "export type WideAlias = {",
  ...numbered(25, (index) => `  key${index}: string;`),
  "};",
  "export class Service {",
  ...numbered(25, (index) => `  run${index}(): void {}`),
  "}",
  "",
].join("\n");

let context: CliToolContext;

beforeAll(async () => {
  context = await openIndexedContext(writeProject({ "src/options.ts": OPTIONS, "src/large.ts": LARGE }));
});

afterAll(() => {
  context.close();
  removeTempDirs();
});

describe("zoom shows a type's members on their own lines", () => {
  it("lists an exported interface's, an object type alias's and a class's public members under them at level 0; an alias on one line stays one line unless the graph cut it", async () => {
    expect((await runTool(zoomTool, { path: "src/options.ts" }, context)).text).toBe(
      [
        "src/options.ts (47 lines; 6 exported symbols of 7 top-level)",
        "L3-17 Interface export interface ClientOptions  // How the client connects.",
        "  L5 Property baseUrl: string  // Where requests go.",
        "  L6 Property timeoutMs?: number",
        "  L7 Property retries?: number",
        "  L8 Property headers?: Record<string, string>",
        "  L9 Property userAgent?: string",
        "  L10 Property proxy?: { host: string; port: number }",
        "  L11 Property keepAlive?: boolean",
        "  L12 Property maxSockets?: number",
        "  L13 Method onRequest?(url: string): void",
        "  L14 Property onResponse?: (status: number, body: string) => void",
        "  L15 Property signal?: AbortSignal",
        "  L16 Property readonly debug: boolean",
        "L20-30 TypeAlias export type Options = {…}  // The same options as an object type.",
        "  L22 Property a: string  // The first.",
        "  L23 Property b?: (x: { y: number }) => void",
        "  L24 Property c: Array<{ d: string; e: [number, string] }>",
        '  L25 Property "quoted-key": \'a;b\' | "c,d" | `t{${string}}`',
        "  L26 Signature [extra: string]: unknown",
        "  L27-29 Method m<T extends { k: 1 }>( value: T, ): Promise<T>",
        "L31 TypeAlias export type Wide = Base & { z: number } & { w?: string }",
        "L32 TypeAlias export type Either = { ok: true } | { ok: false }",
        "L34-45 Class export class Client",
        '  L37 Property static readonly version = "1"',
        "  L38 Constructor constructor(readonly options: Options)",
        "  L38 Property readonly options: Options",
        "  L39-41 Method get label(): string",
        "  L42 Method send(body: string): void",
        "  L43 Method protected retry(): void",
        "L46 TypeAlias export type Flat = {…}",
        ...Array.from({ length: 12 }, (_, index) => `  L46 Property setting${index + 1}: "on" | "off"`),
      ].join("\n"),
    );
  });

  it("gives the members in the structured answer, with names, kinds and lines", async () => {
    const result = await runTool(zoomTool, { path: "src/options.ts" }, context);
    const symbols = result.structured.symbols as { name: string; members: { name: string; kind: string; startLine: number }[] }[];
    expect(symbols.map((symbol) => [symbol.name, symbol.members.length])).toEqual([
      ["ClientOptions", 12],
      ["Options", 6],
      ["Wide", 0],
      ["Either", 0],
      ["Client", 6],
      ["Flat", 12],
    ]);
    expect(symbols[1]?.members.map((member) => [member.kind, member.name, member.startLine])).toEqual([
      ["Property", "a", 22],
      ["Property", "b", 23],
      ["Property", "c", 24],
      ["Property", "quoted-key", 25],
      ["Signature", "", 26],
      ["Method", "m", 27],
    ]);
    expect(symbols[1]).toMatchObject({ signature: "export type Options = {…}", doc: "The same options as an object type." });
    expect(zoomTool.answer?.safeParse(result.structured).success).toBe(true);
  });

  it("shows every member at level 1, a class's private ones too, and an object type alias's members", async () => {
    const text = (await runTool(zoomTool, { path: "src/options.ts", level: 1 }, context)).text;
    expect(text).toContain("L1 Interface interface Base\n  L1 Property id: string\n");
    expect(text).toContain(
      "L20-30 TypeAlias export type Options = {…}  // The same options as an object type.\n  L22 Property a: string  // The first.\n",
    );
    expect(text).toContain("  L35 Property private secret = 1\n  L36 Property #hidden = 2\n");
    expect(text).toContain("  L44 Method private log(): void");
  });

  it("shows at most 20 members under a type and says how many more there are and which lines to read", async () => {
    const result = await runTool(zoomTool, { path: "src/large.ts" }, context);
    const lines = result.text.split("\n");
    expect(lines.filter((line) => line.startsWith("  L"))).toHaveLength(60);
    expect(lines).toContain("  L21 Property field20: number");
    expect(lines).not.toContain("  L22 Property field21: number");
    expect(lines).toContain('  … 5 more members (L22-27): zoom lines "22-27" (CLI --lines 22-27), or level 1');
    expect(lines).toContain('  … 5 more members (L49-54): zoom lines "49-54" (CLI --lines 49-54)');
    expect(lines).toContain('  … 5 more members (L76-81): zoom lines "76-81" (CLI --lines 76-81), or level 1');
    const symbols = result.structured.symbols as { name: string; members: unknown[]; omittedMembers?: unknown }[];
    expect(symbols.map((symbol) => [symbol.name, symbol.members.length, symbol.omittedMembers])).toEqual([
      ["Wide", 20, { count: 5, lines: "22-27" }],
      ["WideAlias", 20, { count: 5, lines: "49-54" }],
      ["Service", 20, { count: 5, lines: "76-81" }],
    ]);
    expect(zoomTool.answer?.safeParse(result.structured).success).toBe(true);
  });

  it("lists an interface's and a class's members whole at level 1; an object type alias stays bounded", async () => {
    const text = (await runTool(zoomTool, { path: "src/large.ts", level: 1 }, context)).text;
    expect(text).toContain("  L26 Property field25: number\n");
    expect(text).toContain("  L80 Method run25(): void");
    expect(text).not.toContain("key25");
    expect(text).toContain('  … 5 more members (L49-54): zoom lines "49-54" (CLI --lines 49-54)');
  });

  it("keeps a folder's outline to one line per declaration", async () => {
    const text = (await runTool(zoomTool, { path: "src" }, context)).text;
    expect(text).toContain(
      "    L3-17 Interface export interface ClientOptions  // How the client connects.\n    L20-30 TypeAlias export type Options = {",
    );
    expect(text).not.toContain("baseUrl");
  });
});
