import { afterAll, describe, expect, it } from "vitest";
import { removeTempDirs, snapshotOnEngine } from "../../test-support/fixtures.js";
import { writeProject } from "../../test-support/incremental.js";

afterAll(removeTempDirs);

describe("questions TypeScript 7's port answers once (a literal's contextual type, a callee's signatures, a discriminant's assignability)", () => {
  it("give the overrides TypeScript 6 gives for the methods of object literals of two contextual types", async () => {
    const root = writeProject({
      "src/clock.ts":
        "export interface Clock {\n  now(): number;\n  tick(): void;\n}\nexport interface Timer {\n  now(): number;\n  stop(): void;\n}\n",
      "src/use.ts": [
        'import type { Clock, Timer } from "./clock";',
        "export const clock: Clock = {\n  now() {\n    return 1;\n  },\n  tick() {},\n};",
        "export const timer: Timer = {\n  now() {\n    return 2;\n  },\n  stop() {},\n};",
        "",
      ].join("\n"),
    });
    const [ts6, ts7] = [await snapshotOnEngine(root, "ts6"), await snapshotOnEngine(root, "ts7")];
    expect(ts7).toBe(ts6);
    expect(ts7).toContain('"edge":"OVERRIDES","source":"src/use.ts:clock.tick","target":"src/clock.ts:Clock.tick"');
    expect(ts7).toContain('"edge":"OVERRIDES","source":"src/use.ts:timer.now","target":"src/clock.ts:Timer.now"');
  });

  it("give the member uses TypeScript 6 gives: a callee both called and constructed, literals of a discriminated union", async () => {
    const root = writeProject({
      "src/options.ts": [
        "export interface CallOptions {\n  retries: number;\n}",
        "export interface BuildOptions {\n  depth: number;\n}",
        "export interface Factory {\n  (options: CallOptions): void;\n  new (options: BuildOptions): object;\n}",
        'export interface TooBig {\n  code: "too_big";\n  max: number;\n}',
        'export interface TooSmall {\n  code: "too_small";\n  min: number;\n}',
        "export type Issue = TooBig | TooSmall;",
        "export declare const make: Factory;",
        "export declare function report(issue: Issue): void;",
        "",
      ].join("\n"),
      "src/use.ts": [
        'import { make, report } from "./options";',
        "export function run(): void {",
        "  make({ retries: 1 });",
        "  new make({ depth: 2 });",
        "  make({ retries: 3 });",
        '  report({ code: "too_big", max: 4 });',
        '  report({ code: "too_small", min: 5 });',
        "}",
        "",
      ].join("\n"),
    });
    const [ts6, ts7] = [await snapshotOnEngine(root, "ts6"), await snapshotOnEngine(root, "ts7")];
    expect(ts7).toBe(ts6);
    expect(ts7).toContain(
      '"edge":"READS","source":"src/use.ts:run","target":"src/options.ts:CallOptions.retries","lines":[3,5]',
    );
    expect(ts7).toContain(
      '"edge":"READS","source":"src/use.ts:run","target":"src/options.ts:BuildOptions.depth","lines":[4]',
    );
    expect(ts7).toContain('"edge":"READS","source":"src/use.ts:run","target":"src/options.ts:TooBig.code","lines":[6]');
    expect(ts7).toContain(
      '"edge":"READS","source":"src/use.ts:run","target":"src/options.ts:TooSmall.code","lines":[7]',
    );
  });
});
