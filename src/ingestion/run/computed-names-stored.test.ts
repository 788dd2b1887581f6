import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createGraphStore } from "../../db/graph-store.js";
import { openGraphDb } from "../../db/open-graph-db.js";
import { makeTempDir, removeTempDirs } from "../../test-support/fixtures.js";
import { writeProject } from "../../test-support/incremental.js";
import type { CheckerPort } from "../extract/checker-port.js";
import { openIndexer } from "./indexer.js";
import { memberNamesIn, type RunFiles } from "./program-extraction.js";

afterAll(removeTempDirs);

const KEYED = [
  'export const NAME = "celsius";',
  "export class Thermometer {",
  "  #c = 0;",
  "  get [NAME](): number {",
  "    return this.#c;",
  "  }",
  '  ["fahrenheit"](): number {',
  "    return this.#c * 1.8 + 32;",
  "  }",
  "  plain(): void {}",
  "}",
  "",
].join("\n");

describe("what computed member names stand for is kept with the file", () => {
  it("is stored when the file is extracted, resolved by the checker", async () => {
    const root = writeProject({ "src/thermometer.ts": KEYED, "src/plain.ts": "export class P { m(): void {} }\n" });
    const dbPath = path.join(makeTempDir("ts-graph-computed-"), "graph.db");
    const indexer = openIndexer({ root, dbPath });
    await indexer.run();
    indexer.close();
    const opened = openGraphDb(dbPath, { ownedPath: true });
    try {
      const stored = createGraphStore(opened.db).computedNamesByFile();
      expect([...stored.keys()]).toEqual(["src/thermometer.ts"]);
      expect(stored.get("src/thermometer.ts")).toEqual({ accessors: ["celsius"], members: ["celsius", "fahrenheit"] });
    } finally {
      opened.db.close();
    }
  });

  it("answers a later run's member names without the file's syntax or the checker", () => {
    const files: RunFiles = {
      root: "/r",
      pathByAbsolute: new Map([["/r/src/thermometer.ts", "src/thermometer.ts"]]),
      wanted: new Set(),
      storedAccessorNames: new Map([["src/thermometer.ts", ["[NAME]"]]]),
      storedMemberNames: new Map([["src/thermometer.ts", ["[NAME]", '["fahrenheit"]', "plain"]]]),
      storedComputedNames: new Map([
        ["src/thermometer.ts", { accessors: ["celsius"], members: ["celsius", "fahrenheit"] }],
      ]),
      scannedFile: () => undefined,
    };
    const unused = new Proxy({} as CheckerPort, {
      get: () => {
        throw new Error("the checker was asked");
      },
    });
    const names = memberNamesIn(
      [
        [
          "/r/src/thermometer.ts",
          () => {
            throw new Error("the file was parsed");
          },
        ],
      ],
      unused,
      files,
    );
    expect([...names.accessors]).toEqual(["celsius"]);
    expect([...names.members].sort()).toEqual(["celsius", "fahrenheit", "plain"]);
  });
});
