import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { makeTempDir, removeTempDirs } from "../../test-support/fixtures.js";
import { openEditSupport } from "./edit-support.js";

afterAll(removeTempDirs);

const built = vi.hoisted(() => [] as string[]);

// The seams: which engine's language each support builds.
vi.mock("./edit-language.js", async (importOriginal) => {
  const original = await importOriginal<typeof import("./edit-language.js")>();
  return {
    ...original,
    createEditLanguage: (...args: Parameters<typeof original.createEditLanguage>) => {
      built.push("ts6");
      return original.createEditLanguage(...args);
    },
  };
});
vi.mock("./edit-language-ts7.js", async (importOriginal) => {
  const original = await importOriginal<typeof import("./edit-language-ts7.js")>();
  return {
    ...original,
    createTs7EditLanguage: (...args: Parameters<typeof original.createTs7EditLanguage>) => {
      built.push("ts7");
      return original.createTs7EditLanguage(...args);
    },
  };
});

function project(config?: object): string {
  const root = makeTempDir();
  fs.mkdirSync(path.join(root, "src"));
  fs.writeFileSync(path.join(root, "src/a.ts"), "export const a: number = 'text';\n");
  fs.writeFileSync(
    path.join(root, "tsconfig.json"),
    JSON.stringify({ compilerOptions: { strict: true }, include: ["src"] }),
  );
  if (config !== undefined) fs.writeFileSync(path.join(root, "ts-graph.config.json"), JSON.stringify(config));
  return root;
}

describe("the edit tools' engine", () => {
  it("is TypeScript 7 by default and TypeScript 6 when the config says engine ts6, with the same diagnostics", () => {
    const answers: unknown[] = [];
    for (const config of [undefined, { engine: "ts6" }]) {
      const root = project(config);
      const support = openEditSupport(root);
      try {
        answers.push(
          support
            .language()
            .diagnostics([path.join(root, "src/a.ts")])
            .map(({ code, line, column }) => ({ code, line, column })),
        );
      } finally {
        support.close?.();
      }
    }
    expect(built).toEqual(["ts7", "ts6"]);
    expect(answers[0]).toEqual([{ code: 2322, line: 1, column: 14 }]);
    expect(answers[1]).toEqual(answers[0]);
  });
});
