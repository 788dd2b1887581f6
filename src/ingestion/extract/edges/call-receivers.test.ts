import { afterAll, describe, expect, it } from "vitest";
import {
  indexAndSnapshot,
  removeTempDirs,
  snapshotEdges,
  snapshotExternalEdges,
} from "../../../test-support/fixtures.js";
import { editProjectFile, expectIncrementalEqualsFull, writeProject } from "../../../test-support/incremental.js";

afterAll(removeTempDirs);

const BASE = `export abstract class Base {
  abstract query(sql: string): string;
  run(sql: string): string {
    return this.query(sql);
  }
  private secret(): string {
    return "s";
  }
  touch(): string {
    return this.secret();
  }
}
export class Logger {
  log(message: string): string {
    return message;
  }
}
export class Loud extends Logger {
  log(message: string): string {
    return super.log(message).toUpperCase();
  }
}
`;

const MID = `import { Base } from "./base";
export abstract class Mid extends Base {
  load(): string {
    return this.query("select");
  }
  later(): () => string {
    return () => this.query("later");
  }
  loose(): string {
    const f = function (this: Base): string {
      return this.query("loose");
    };
    return f.call(this);
  }
}
export abstract class Other extends Base {}
export class MidChild extends Mid {
  query(sql: string): string {
    return sql;
  }
}
export function makeMid(): Mid {
  return new MidChild();
}
`;

const USE = `import type { Base } from "./base";
import { makeMid, type Mid, type MidChild, type Other } from "./mid";
export function viaMid(mid: Mid): string {
  return mid.query("a");
}
export function viaBase(base: Base): string {
  return base.query("b");
}
export function viaUnion(x: Mid | Other): string {
  return x.query("c");
}
export function mixed(mid: Mid, base: Base): string {
  return mid.query("d") + base.query("e");
}
export function both(mid: Mid, other: Other): string {
  return mid.query("f") + other.query("g");
}
export function own(child: MidChild): string {
  return child.query("h");
}
`;

/** Names no class: the receiver's class comes from makeMid's return type. */
const INFER = `import { makeMid } from "./mid";
export function inferred(): string {
  const made = makeMid();
  return made.query("i");
}
`;

const FILES = {
  "src/base.ts": BASE,
  "src/mid.ts": MID,
  "src/use.ts": USE.replace(`import { makeMid, `, `import { `),
  "src/infer.ts": INFER,
};

/** The receivers of the CALLS edge from source to target (undefined when it has none), failing when there is no such edge. */
function receiversOf(snapshot: string, source: string, target: string): string[] | undefined {
  const edge = snapshotEdges(snapshot).find(
    (found) => found.edge === "CALLS" && found.source === source && found.target === target,
  );
  if (edge === undefined) throw new Error(`no CALLS edge ${source} → ${target}`);
  return edge.receivers;
}

describe.each([{ engine: "ts7" }, { engine: "ts6" }] as const)(
  "the receivers of calls of class members ($engine)",
  ({ engine }) => {
    it("records the receiver's static class where it is narrower than the member's class", async () => {
      const { snapshot } = await indexAndSnapshot(writeProject(FILES), { engine });
      const query = "src/base.ts:Base.query";
      expect(receiversOf(snapshot, "src/mid.ts:Mid.load", query)).toEqual(["src/mid.ts:Mid"]);
      expect(receiversOf(snapshot, "src/mid.ts:Mid.later", query)).toEqual(["src/mid.ts:Mid"]);
      expect(receiversOf(snapshot, "src/use.ts:viaMid", query)).toEqual(["src/mid.ts:Mid"]);
      expect(receiversOf(snapshot, "src/use.ts:both", query)).toEqual(["src/mid.ts:Mid", "src/mid.ts:Other"]);
      expect(receiversOf(snapshot, "src/infer.ts:inferred", query)).toEqual(["src/mid.ts:Mid"]);
      expect(receiversOf(snapshot, "src/base.ts:Loud.log", "src/base.ts:Logger.log")).toEqual([]);
    });

    it("records none where any override may run: the member's own class, a function's `this`, a wider or unknown receiver", async () => {
      const { snapshot } = await indexAndSnapshot(writeProject(FILES), { engine });
      const query = "src/base.ts:Base.query";
      expect(receiversOf(snapshot, "src/base.ts:Base.run", query)).toBeUndefined();
      expect(receiversOf(snapshot, "src/mid.ts:Mid.loose.f", query)).toBeUndefined();
      expect(receiversOf(snapshot, "src/use.ts:viaBase", query)).toBeUndefined();
      expect(receiversOf(snapshot, "src/use.ts:viaUnion", query)).toBeUndefined();
      expect(receiversOf(snapshot, "src/use.ts:mixed", query)).toBeUndefined();
      expect(receiversOf(snapshot, "src/use.ts:own", "src/mid.ts:MidChild.query")).toBeUndefined();
      expect(receiversOf(snapshot, "src/base.ts:Base.touch", "src/base.ts:Base.secret")).toBeUndefined();
    });
  },
);

/** Calls of `lib:Object.toString`, which classes of the project override, through receivers of every sort. */
const LIBRARY_CALLS = `export interface Named {
  readonly name: string;
}
export class Shape {
  describe(): string {
    return this.toString();
  }
}
export class Circle extends Shape {
  toString(): string {
    return "circle";
  }
}
export class Person implements Named {
  readonly name = "p";
  toString(): string {
    return this.name;
  }
}
export class Failure extends Error {
  plain(): string {
    return super.toString();
  }
}
export function viaThis(this: Named): string {
  return this.toString();
}
export function viaInterface(named: Named): string {
  return named.toString();
}
export function viaClass(shape: Shape): string {
  return shape.toString();
}
export function viaUnion(x: Shape | Named): string {
  return x.toString();
}
export function viaLiteral(x: { a: number }): string {
  return x.toString();
}
export function viaLibrary(date: Date): string {
  return date.toString();
}
`;

/** The receivers of the external CALLS edge from source to lib:Object.toString (undefined when it has none), failing when there is no such edge. */
function libraryReceiversOf(snapshot: string, source: string): readonly string[] | undefined {
  const edge = snapshotExternalEdges(snapshot).find(
    (found) => found.externalEdge === "CALLS" && found.source === source && found.target.endsWith(".toString"),
  );
  if (edge === undefined) throw new Error(`no external CALLS edge ${source} → toString`);
  return edge.receivers;
}

describe.each([{ engine: "ts7" }, { engine: "ts6" }] as const)(
  "the receivers of calls of library members ($engine)",
  ({ engine }) => {
    it("records a project class or interface the receiver is typed by, `this` in a class, and none for `super`", async () => {
      const { snapshot } = await indexAndSnapshot(writeProject({ "src/shapes.ts": LIBRARY_CALLS }), { engine });
      expect(libraryReceiversOf(snapshot, "src/shapes.ts:Shape.describe")).toEqual(["src/shapes.ts:Shape"]);
      expect(libraryReceiversOf(snapshot, "src/shapes.ts:viaThis")).toEqual(["src/shapes.ts:Named"]);
      expect(libraryReceiversOf(snapshot, "src/shapes.ts:viaInterface")).toEqual(["src/shapes.ts:Named"]);
      expect(libraryReceiversOf(snapshot, "src/shapes.ts:viaClass")).toEqual(["src/shapes.ts:Shape"]);
      expect(libraryReceiversOf(snapshot, "src/shapes.ts:Failure.plain")).toEqual([]);
    });

    it("records none where it cannot tell: a union, an object literal type, a library type", async () => {
      const { snapshot } = await indexAndSnapshot(writeProject({ "src/shapes.ts": LIBRARY_CALLS }), { engine });
      expect(libraryReceiversOf(snapshot, "src/shapes.ts:viaUnion")).toBeUndefined();
      expect(libraryReceiversOf(snapshot, "src/shapes.ts:viaLiteral")).toBeUndefined();
      expect(libraryReceiversOf(snapshot, "src/shapes.ts:viaLibrary")).toBeUndefined();
    });
  },
);

describe("receivers and incremental runs", () => {
  it("renames a receiver class in the calls that name it only through an inferred type", async () => {
    const root = writeProject(FILES);
    await indexAndSnapshot(root);
    editProjectFile(root, "src/mid.ts", (text) => text.replace(/\bMid\b/g, "Middle"));
    editProjectFile(root, "src/use.ts", (text) => text.replace(/\bMid\b/g, "Middle"));
    const { snapshot } = await expectIncrementalEqualsFull(root);
    expect(receiversOf(snapshot, "src/infer.ts:inferred", "src/base.ts:Base.query")).toEqual(["src/mid.ts:Middle"]);
  });

  it("re-resolves a call whose receiver class vanished behind a type alias whose name did not change", async () => {
    const root = writeProject({
      "src/base.ts": BASE,
      "src/mid.ts": MID,
      "src/thing.ts": 'import type { Mid } from "./mid";\nexport type Thing = Mid;\n',
      "src/factory.ts":
        'import { MidChild } from "./mid";\nimport type { Thing } from "./thing";\nexport function make(): Thing {\n  return new MidChild();\n}\n',
      "src/call.ts":
        'import { make } from "./factory";\nexport function call(): string {\n  return make().query("j");\n}\n',
    });
    await indexAndSnapshot(root);
    editProjectFile(root, "src/mid.ts", (text) => text.replace(/\bMid\b/g, "Middle"));
    editProjectFile(root, "src/thing.ts", (text) => text.replace(/\bMid\b/g, "Middle"));
    const { snapshot } = await expectIncrementalEqualsFull(root);
    expect(receiversOf(snapshot, "src/call.ts:call", "src/base.ts:Base.query")).toEqual(["src/mid.ts:Middle"]);
  });

  it("drops a receiver class that no longer narrows the call", async () => {
    const root = writeProject(FILES);
    await indexAndSnapshot(root);
    editProjectFile(root, "src/mid.ts", (text) =>
      text.replace("export function makeMid(): Mid {", "export function makeMid(): Base {"),
    );
    const { snapshot } = await expectIncrementalEqualsFull(root);
    expect(receiversOf(snapshot, "src/infer.ts:inferred", "src/base.ts:Base.query")).toBeUndefined();
  });
});
