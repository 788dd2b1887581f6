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
  "export function connect(url: string, options: ClientOptions, retries: number): Promise<Client> {",
  "  return Promise.resolve(new Client({ a: url, c: [], m: async (value) => value }));",
  "}",
  "",
].join("\n");

const numbered = (count: number, line: (index: number) => string): string[] =>
  Array.from({ length: count }, (_, index) => line(index + 1));

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
  "export const get: {",
  "  /** Reads a key. */",
  "  (key: string): number;",
  "} = (key) => key.length;",
  "",
].join("\n");

let context: CliToolContext;

beforeAll(async () => {
  context = await openIndexedContext(
    writeProject({ "src/options.ts": OPTIONS, "src/large.ts": LARGE, "src/decorated.ts": DECORATED }),
  );
});

afterAll(() => {
  context.close();
  removeTempDirs();
});

describe("zoom shows a file's map at level 0 and a type's members one per line at level 1", () => {
  it("maps each export on one line at level 0: its first line, its signature bounded after the name, an object type alias by its head; one closing line says what level 1 adds", async () => {
    expect((await runTool(zoomTool, { path: "src/options.ts" }, context)).text).toBe(
      [
        "3 interface ClientOptions",
        "20 type Options = {…}",
        "31 type Wide = Base & { z: number } & { w?: string }",
        "32 type Either = { ok: true } | { ok: false }",
        "34 class Client",
        "46 type Flat = {…}",
        "47 function connect(url: string, options: ClientOptions,…",
        "level 1 adds members, docs, 1 not exported",
      ].join("\n"),
    );
  });

  it("lists at level 0 what the text shows: the exports without their members, signatures and docs whole", async () => {
    const result = await runTool(zoomTool, { path: "src/options.ts" }, context);
    const symbols = result.structured.symbols as { name: string; members: unknown[]; omittedMembers?: unknown }[];
    expect(symbols.map((symbol) => [symbol.name, symbol.members.length, symbol.omittedMembers])).toEqual([
      ["ClientOptions", 0, undefined],
      ["Options", 0, undefined],
      ["Wide", 0, undefined],
      ["Either", 0, undefined],
      ["Client", 0, undefined],
      ["Flat", 0, undefined],
      ["connect", 0, undefined],
    ]);
    expect(symbols[1]).toMatchObject({
      signature: "export type Options = {…}",
      doc: "The same options as an object type.",
    });
    expect(symbols[6]).toMatchObject({
      signature: "export function connect(url: string, options: ClientOptions, retries: number): Promise<Client>",
    });
    expect(zoomTool.answer?.safeParse(result.structured).success).toBe(true);
  });

  it("gives the members at level 1 in the structured answer, with names, kinds and lines", async () => {
    const result = await runTool(zoomTool, { path: "src/options.ts", level: 1 }, context);
    const symbols = result.structured.symbols as {
      name: string;
      members: { name: string; kind: string; startLine: number }[];
    }[];
    expect(symbols.map((symbol) => [symbol.name, symbol.members.length])).toEqual([
      ["Base", 1],
      ["ClientOptions", 12],
      ["Options", 6],
      ["Wide", 0],
      ["Either", 0],
      ["Client", 9],
      ["Flat", 12],
      ["connect", 0],
    ]);
    expect(symbols[2]?.members.map((member) => [member.kind, member.name, member.startLine])).toEqual([
      ["Property", "a", 22],
      ["Property", "b", 23],
      ["Property", "c", 24],
      ["Property", "quoted-key", 25],
      ["Signature", "", 26],
      ["Method", "m", 27],
    ]);
    expect(zoomTool.answer?.safeParse(result.structured).success).toBe(true);
  });

  it("shows every member at level 1, a class's private ones too, and an object type alias's members", async () => {
    const text = (await runTool(zoomTool, { path: "src/options.ts", level: 1 }, context)).text;
    expect(text).toContain("1 interface Base\n  1 id: string\n");
    expect(text).toContain(
      "20-30 export type Options = {…}  // The same options as an object type.\n  22 a: string  // The first.\n",
    );
    expect(text).toContain("  35 private secret = 1\n  36 #hidden = 2\n");
    expect(text).toContain("  44 private log(): void");
  });

  it("leaves members to level 1 however many a type has; level 1 bounds an object type alias's at 20 and says which lines hold the rest", async () => {
    expect((await runTool(zoomTool, { path: "src/large.ts" }, context)).text).toBe(
      ["1 interface Wide", "28 type WideAlias = {…}", "55 class Service", "level 1 adds members"].join("\n"),
    );
    const result = await runTool(zoomTool, { path: "src/large.ts", level: 1 }, context);
    const symbols = result.structured.symbols as { name: string; members: unknown[]; omittedMembers?: unknown }[];
    expect(symbols.map((symbol) => [symbol.name, symbol.members.length, symbol.omittedMembers])).toEqual([
      ["Wide", 25, undefined],
      ["WideAlias", 20, { count: 5, lines: "49-54" }],
      ["Service", 25, undefined],
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

  it("keeps a folder's level-0 outline to the map's line per declaration", async () => {
    const text = (await runTool(zoomTool, { path: "src" }, context)).text;
    expect(text).toContain("  options.ts\n    3 interface ClientOptions\n    20 type Options = {");
    expect(text).not.toContain("baseUrl");
    expect(text).not.toContain("How the client connects");
  });

  it("says level 1 adds members where a shown type has some, and how many declarations are not exported; a kind label only where the signature does not say it; comments left out of a signature", async () => {
    const result = await runTool(zoomTool, { path: "src/decorated.ts" }, context);
    const symbols = result.structured.symbols as { name: string; kind: string; members: unknown[] }[];
    expect(symbols.map((symbol) => [symbol.name, symbol.kind, symbol.members.length])).toEqual([
      ["Mailer", "Class", 0],
      ["ratio", "Variable", 0],
      ["default", "Function", 0],
      ["get", "Function", 0],
    ]);
    expect(result.text).toBe(
      [
        "2 class Mailer",
        "7 const ratio = 2",
        "8 Function export default (a: number): number =>",
        "9 const get: { (key: string): number; } = (key) =>",
        "level 1 adds members, 1 not exported",
      ].join("\n"),
    );
  });
});
