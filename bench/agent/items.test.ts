import { describe, expect, it } from "vitest";
import { exportedNames, groupedDeclarations, subtypes, testsToRun } from "./items.js";

// Answers as the CLI prints them (sample-projects/di-app and zod@3.25.76).
const IMPACT = `impact of formatLine (Function, src/core/logger.ts:32-34), depth ≤ 3, dispatch up
4 dependants (4 run or read it, 0 only name a type) in 2 files (+ 1 test files)

run or read it (4)
depth 1 (2)
  src/core/logger.ts
    ConsoleLogger.info 10-12  calls @11
    SilentLogger.info 23-25  calls @24
depth 2 (2)
  src/mail/mailers.ts
    SmtpNotifier.flush 16-18  calls ConsoleLogger.info @17 via Logger.info (no body, dispatch) (+1)
  src/app.module.ts
    <top level> 1-24  calls @8

tests to run (1)
  src/core/logger.test.ts  depth 1

also changes with it: nothing known
`;

const CALLERS = `callers of addIssueToContext (Function, src/v3/helpers/parseUtil.ts:72-86), depth ≤ 3, dispatch up
2 callers + 1 in tests in 2 files; 1 value uses apart (not calls)

depth 1 (2)
  src/v3/types.ts
    ZodString._parse 731-1038  calls @739,754
    ZodEnum#variable 4000-4010  calls @4001
    ZodUnion._parse.handleResults 2949-2974  calls @2969

in tests (1)
depth 2 (1)
  src/v3/types.test.ts
    parses 7-12  calls ZodString._parse @11

used as a value, not called (1): passed, stored or compared; not followed (impact follows them)
depth 2 (1)
  src/v3/types.ts
    ZodEffects._parse 4300-4400  passes @4321
`;

describe("items of the CLI's text answers", () => {
  it("reads the declarations of impact under their files, top-level code as the file, tests to run apart", () => {
    expect(groupedDeclarations(IMPACT)).toEqual([
      "src/core/logger.ts#ConsoleLogger.info",
      "src/core/logger.ts#SilentLogger.info",
      "src/mail/mailers.ts#SmtpNotifier.flush",
      "src/app.module.ts",
    ]);
    expect(testsToRun(IMPACT)).toEqual(["src/core/logger.test.ts"]);
  });

  it("keeps callers in tests and nested functions, a const that shares an interface's name as its own item, and leaves out the value uses listed apart", () => {
    expect(groupedDeclarations(CALLERS)).toEqual([
      "src/v3/types.ts#ZodString._parse",
      "src/v3/types.ts#ZodEnum#variable",
      "src/v3/types.ts#ZodUnion._parse.handleResults",
      "src/v3/types.test.ts#parses",
    ]);
  });

  it("reads the entries listed briefly by name, several to a line or alone, top-level code as the file", () => {
    const brief = `impact of normalizeParams (Function, src/v4/core/util.ts:10-20), depth ≤ 3, dispatch up
the first 1 with their lines and the step that reaches them; the other 5 by name only

run or read it (6)
depth 1 (3)
  src/v4/core/api.ts
    _lt 785-795  calls @790
    _lte, ZodMiniType#variable
    $ZodFunction.implement.impl
depth 2 (3)
  src/v4/mini/schemas.ts
    keyof, <top level>
  src/v4/mini/iso.ts
    datetime
`;
    expect(groupedDeclarations(brief)).toEqual([
      "src/v4/core/api.ts#_lt",
      "src/v4/core/api.ts#_lte",
      "src/v4/core/api.ts#ZodMiniType#variable",
      "src/v4/core/api.ts#$ZodFunction.implement.impl",
      "src/v4/mini/schemas.ts#keyof",
      "src/v4/mini/schemas.ts",
      "src/v4/mini/iso.ts#datetime",
    ]);
  });

  it("reads every declaration of every printed path once", () => {
    const paths = `call paths from bootstrap (src/app.module.ts:20-24) to formatLine (src/core/logger.ts:32-34), depth ≤ 6, dispatch up
2 paths, 2 through dispatch, shortest 3 steps

path 1 (3 steps, 1 by dispatch)
  src/app.module.ts
    bootstrap 20-24
  src/core/logger.ts
    ConsoleLogger.info 10-12  ← called @17 via Logger.info (no body, dispatch)
    formatLine 32-34  ← called @11

path 2 (3 steps, 1 by dispatch)
  src/app.module.ts
    bootstrap 20-24
  src/core/logger.ts
    SilentLogger.info 23-25  ← called @17 via Logger.info (no body, dispatch)
    formatLine 32-34  ← called @24
`;
    expect(groupedDeclarations(paths)).toEqual([
      "src/app.module.ts#bootstrap",
      "src/core/logger.ts#ConsoleLogger.info",
      "src/core/logger.ts#formatLine",
      "src/core/logger.ts#SilentLogger.info",
    ]);
  });

  it("reads subtypes at every nesting level with their files", () => {
    const hierarchy = `subtypes of abstract class QueuedNotifier
  class InMemoryNotifier  src/mail/mailers.ts:22
    abstract class DigestNotifier  src/mail/mailers.ts:34 (reached again: listed above)
  class SmtpNotifier  src/mail/smtp.ts:7 (via implements)
  extends lib:Error (outside the project)
`;
    expect(subtypes(hierarchy)).toEqual([
      "src/mail/mailers.ts#InMemoryNotifier",
      "src/mail/mailers.ts#DigestNotifier",
      "src/mail/smtp.ts#SmtpNotifier",
    ]);
  });

  it("reads the exported names of zoom: declarations, a local under its exported name, named re-exports, default, but not `*`", () => {
    const zoom = `3 interface Logger
9 class ConsoleLogger implements Logger
23 type IPVersion = "v4" | "v6"
32 function formatLine(level: string, message: string): s…
36 const schema: ZodType = z.object({ a: z.string() })
38 Function const pick = memo(choose)
40 export default function main(): void
127 const _null: RegExp (exported as null)
re-exports:
  z ← namespace of src/v3/external.ts
  * ← every export of src/v3/external.ts
level 1 adds members, docs, 1 not exported
`;
    expect(exportedNames(zoom)).toEqual([
      "Logger",
      "ConsoleLogger",
      "IPVersion",
      "formatLine",
      "schema",
      "pick",
      "default",
      "null",
      "z",
    ]);
  });
});
