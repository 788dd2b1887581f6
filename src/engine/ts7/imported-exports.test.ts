import { afterAll, describe, expect, it } from "vitest";
import { removeTempDirs, snapshotOnEngine } from "../../test-support/fixtures.js";
import { writeProject } from "../../test-support/incremental.js";

afterAll(removeTempDirs);

describe("a named import's target on TypeScript 7 (answered from the module's exports)", () => {
  it("is what TypeScript 6 resolves: an own export renamed to another's name, a re-export, an `export *` one, a type and value of one name", async () => {
    const root = writeProject({
      "src/m.ts": [
        "export function own(): number {\n  return 1;\n}",
        "export function other(): number {\n  return 2;\n}",
        "export interface Pair {\n  left: number;\n}",
        "export const Pair = (left: number): Pair => ({ left });",
        "",
      ].join("\n"),
      "src/re.ts": 'export { other as again } from "./m";\n',
      "src/star.ts": 'export * from "./m";\n',
      "src/use.ts": [
        'import { other as own, Pair } from "./m";',
        'import { again } from "./re";',
        'import { own as starred } from "./star";',
        "export function run(): Pair {",
        "  return Pair(own() + again() + starred());",
        "}",
        "",
      ].join("\n"),
    });
    const [ts6, ts7] = [await snapshotOnEngine(root, "ts6"), await snapshotOnEngine(root, "ts7")];
    expect(ts7).toBe(ts6);
    expect(ts7).toContain('"edge":"CALLS","source":"src/use.ts:run","target":"src/m.ts:own","lines":[5]');
    expect(ts7).toContain('"edge":"CALLS","source":"src/use.ts:run","target":"src/m.ts:other","lines":[5,5]');
    expect(ts7).toContain('"edge":"CALLS","source":"src/use.ts:run","target":"src/m.ts:Pair#function","lines":[5]');
    expect(ts7).toContain('"edge":"USES_TYPE","source":"src/use.ts:run","target":"src/m.ts:Pair"');
  });
});
