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

/** A class whose private members carry decorators, and declarations whose signatures do not say their kind. */
const DECORATED = [
  "declare function Inject(token: string): (target: unknown, key: unknown, index?: number) => void;",
  "export class Mailer {",
  '  constructor(@Inject("logger") private readonly logger: unknown) {}',
  '  @Inject("name") private name = "x";',
  "  send(): void {}",
  "}",
  "export const ratio = 2;",
  "export default (a: number): number => a * ratio;",
  "",
].join("\n");

let context: CliToolContext;

beforeAll(async () => {
  context = await openIndexedContext(writeProject({ "src/options.ts": OPTIONS, "src/large.ts": LARGE, "src/decorated.ts": DECORATED }));
});

afterAll(() => {
  context.close();
  removeTempDirs();
});

describe("zoom shows a type's members: packed under it at level 0, one per line at level 1", () => {
  it("packs an exported interface's, an object type alias's and a class's public members on one line under them at level 0, a long signature by its name; an alias on one line stays one line unless the graph cut it", async () => {
    expect((await runTool(zoomTool, { path: "src/options.ts" }, context)).text).toBe(
      [
        "src/options.ts (47 lines; 1 not exported)",
        "3-17 interface ClientOptions  // How the client connects.",
        "  baseUrl: string; timeoutMs?: number; retries?: number; headers?: Record<string, string>; userAgent?: string; " +
          "proxy?: { host: string; port: number }; keepAlive?: boolean; maxSockets?: number; onRequest?(url: string): void; " +
          "onResponse?; signal?: AbortSignal; readonly debug: boolean",
        "20-30 type Options = {…}  // The same options as an object type.",
        "  a: string; b?: (x: { y: number }) => void; c; quoted-key; [extra: string]: unknown; m(…)",
        "31 type Wide = Base & { z: number } & { w?: string }",
        "32 type Either = { ok: true } | { ok: false }",
        "34-45 class Client",
        '  static readonly version = "1"; constructor(readonly options: Options); readonly options: Options; get label(): string; ' +
          "send(body: string): void; protected retry(): void",
        "46 type Flat = {…}",
        `  ${Array.from({ length: 12 }, (_, index) => `setting${index + 1}: "on" | "off"`).join("; ")}`,
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
    expect(text).toContain("1 interface Base\n  1 id: string\n");
    expect(text).toContain("20-30 export type Options = {…}  // The same options as an object type.\n  22 a: string  // The first.\n");
    expect(text).toContain("  35 private secret = 1\n  36 #hidden = 2\n");
    expect(text).toContain("  44 private log(): void");
  });

  it("shows at most 20 members under a type and says how many more there are and which lines to read", async () => {
    const result = await runTool(zoomTool, { path: "src/large.ts" }, context);
    const lines = result.text.split("\n");
    const packed = (name: (index: number) => string, lines: string): string =>
      `  ${Array.from({ length: 20 }, (_, index) => name(index + 1)).join("; ")}; … 5 more members at lines ${lines}`;
    expect(lines).toEqual([
      "src/large.ts (82 lines)",
      "1-27 interface Wide",
      packed((index) => `field${index}: number`, "22-27"),
      "28-54 type WideAlias = {…}",
      packed((index) => `key${index}: string`, "49-54"),
      "55-81 class Service",
      packed((index) => `run${index}(): void`, "76-81"),
    ]);
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
    expect(text).toContain("  26 field25: number\n");
    expect(text).toContain("  80 run25(): void");
    expect(text).not.toContain("key25");
    expect(text).toContain('  … 5 more members (lines 49-54): zoom lines "49-54" (CLI --lines 49-54)');
  });

  it("keeps a folder's outline to one line per declaration", async () => {
    const text = (await runTool(zoomTool, { path: "src" }, context)).text;
    expect(text).toContain("    3-17 interface ClientOptions  // How the client connects.\n    20-30 type Options = {");
    expect(text).not.toContain("baseUrl");
  });

  it("leaves a class's private members out of level 0 when decorators come before `private`; a kind label only where the signature does not say it", async () => {
    const result = await runTool(zoomTool, { path: "src/decorated.ts" }, context);
    const symbols = result.structured.symbols as { name: string; kind: string; members: { name: string }[] }[];
    expect(symbols.map((symbol) => [symbol.name, symbol.kind, symbol.members.map((member) => member.name)])).toEqual([
      ["Mailer", "Class", ["constructor", "send"]],
      ["ratio", "Variable", []],
      ["default", "Function", []],
    ]);
    expect(result.text).toBe(
      [
        "src/decorated.ts (9 lines; 1 not exported)",
        "2-6 class Mailer",
        "  constructor(…); send(): void",
        "7 const ratio = 2",
        "8 Function export default (a: number): number =>",
      ].join("\n"),
    );
  });
});
