import type { ProjectSpec } from "../../config/discover-projects.js";
import { describe, expect, it } from "vitest";
import type { ScannedFile } from "../scan/file-scan.js";
import { Ts7RunPreparation } from "./ts7-preparation.js";
import type { Ts7Run } from "./ts7-run.js";

/** A session that records what it was told; its snapshots hold no project (the probe then compares nothing). */
function recordingRun(): {
  run: Ts7Run;
  told: { texts: Map<string, string>; removed: readonly string[] }[];
  released: number[];
} {
  const told: { texts: Map<string, string>; removed: readonly string[] }[] = [];
  const released: number[] = [];
  const run: Ts7Run = {
    configKey: "",
    view: () => undefined,
    update: () => {
      throw new Error("planning tells the session through updateKeepingPrevious");
    },
    updateKeepingPrevious: (_projects, texts, removed) => {
      told.push({ texts: new Map(texts), removed });
      return { view: () => undefined, release: () => released.push(told.length) };
    },
    close: () => undefined,
  };
  return { run, told, released };
}

const PROJECTS: readonly ProjectSpec[] = [
  { id: "tsconfig.json", fileNames: ["/r/src/m.ts"], options: {}, projectReferences: undefined },
];

function scanned(text: string): ScannedFile {
  return {
    path: "src/m.ts",
    absolute: "/r/src/m.ts",
    project: "tsconfig.json",
    text,
    hash: "h",
    size: text.length,
    mtimeMs: 0,
  };
}

describe("Ts7RunPreparation", () => {
  it("tells the session the run's texts and removed files once, and matches only the very run it prepared", () => {
    const { run, told, released } = recordingRun();
    const preparation = new Ts7RunPreparation(run, "/r", [scanned("export const a = 1;\n")], ["src/gone.ts"]);
    const request = {
      projects: PROJECTS,
      scanned: new Map([["src/m.ts", scanned("export const a = 1;\n")]]),
      removed: ["src/gone.ts"],
    };
    expect(preparation.preparedFor(request)).toBe(false);
    const probe = preparation.typeProbe(PROJECTS, { allFiles: () => [] }, []);
    expect(probe?.(scanned("export const a = 1;\n"), ["src/m.ts:a"])).toEqual(new Set());
    preparation.release();
    expect(told).toEqual([{ texts: new Map([["/r/src/m.ts", "export const a = 1;\n"]]), removed: ["/r/src/gone.ts"] }]);
    expect(released).toEqual([1]);
    expect(preparation.preparedFor(request)).toBe(true);
    expect(preparation.preparedFor({ ...request, projects: [...PROJECTS] })).toBe(false);
    expect(
      preparation.preparedFor({ ...request, scanned: new Map([["src/m.ts", scanned("export const a = 2;\n")]]) }),
    ).toBe(false);
    expect(preparation.preparedFor({ ...request, removed: [] })).toBe(false);
  });
});
