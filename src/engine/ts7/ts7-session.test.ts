import { ts } from "../ts6/typescript6.js";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { API } from "typescript/unstable/sync";
import { nativeChild, type Ts7ProjectView, Ts7Session } from "./ts7-session.js";

const TEMP = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), "ts-graph-ts7session-"));
afterAll(() => fs.rmSync(TEMP, { recursive: true, force: true }));

const LIMITS = { maxTypes: 100, maxProperties: 100 };

/** The declaration `name` among a file's top-level statements, in the view's TypeScript 6 tree. */
function declarationIn(view: Ts7ProjectView, fileName: string, name: string): ts.Node {
  const sourceFile = view.sourceFile(fileName);
  const found = sourceFile?.statements.find(
    (statement) => ts.isFunctionDeclaration(statement) && statement.name?.text === name,
  );
  if (found === undefined) throw new Error(`no function ${name} in ${fileName}`);
  return found;
}

describe("Ts7Session.updateKeepingPrevious", () => {
  it("keeps the replaced snapshot's types until release, while the new snapshot holds the changed file's", () => {
    const config = path.join(TEMP, "tsconfig.json");
    const file = path.join(TEMP, "m.ts");
    fs.writeFileSync(config, JSON.stringify({ compilerOptions: { strict: true, noEmit: true }, files: ["m.ts"] }));
    fs.writeFileSync(
      file,
      "export function make() {\n  return 1;\n}\nexport function local() {\n  class Local {}\n  return new Local();\n}\n",
    );
    const session = new Ts7Session({ cwd: TEMP, servedText: () => undefined });
    try {
      session.update([config], undefined);
      fs.writeFileSync(file, 'export function make() {\n  return "a";\n}\n');
      const previous = session.updateKeepingPrevious([config], { changed: [file], created: [], deleted: [] });
      const before = previous.projectAt(config);
      const after = session.projectAt(config);
      if (before === undefined || after === undefined) throw new Error("TypeScript 7 did not load the project");
      expect(before.inferredTypes().printedType(declarationIn(before, file, "make"))).toBe("() => number");
      expect(after.inferredTypes().printedType(declarationIn(after, file, "make"))).toBe("() => string");
      // The walk sees the class declared inside `local`, in the replaced snapshot's tree.
      const local = declarationIn(before, file, "local");
      const isLocal = (declaration: ts.Declaration): boolean =>
        declaration.pos >= local.pos && declaration.end <= local.end;
      expect(before.inferredTypes().isClean(local, isLocal, LIMITS)).toBe(false);
      expect(before.inferredTypes().isClean(local, () => false, LIMITS)).toBe(true);
      previous.release();
      expect(() => previous.projectAt(config)).toThrow(/released/);
      expect(
        session
          .projectAt(config)
          ?.inferredTypes()
          .printedType(declarationIn(after, file, "make")),
      ).toBe("() => string");
    } finally {
      session.close();
    }
  });
});

describe("Ts7Session.close", () => {
  it("ends the native process with SIGKILL, which leaves it no time to print on the stderr it shares with ts-graph", async () => {
    const dir = fs.mkdtempSync(path.join(TEMP, "close-"));
    const config = path.join(dir, "tsconfig.json");
    fs.writeFileSync(config, JSON.stringify({ compilerOptions: { strict: true, noEmit: true }, files: ["m.ts"] }));
    fs.writeFileSync(path.join(dir, "m.ts"), "export const one = 1;\n");
    const session = new Ts7Session({ cwd: dir, servedText: () => undefined });
    const child = nativeChild(Reflect.get(session, "api") as API);
    if (child === undefined)
      throw new Error("TypeScript 7's API no longer holds its child where ts7-session.ts reads it");
    const ended = new Promise<NodeJS.Signals | null>((resolve) =>
      child.once("exit", (_code, signal) => resolve(signal)),
    );
    session.update([config], undefined);
    session.close();
    expect(await ended).toBe("SIGKILL");
  });
});
