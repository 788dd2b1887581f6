import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import type { CliToolContext } from "../cli/cli-tool-context.js";
import { makeTempDir, removeTempDirs } from "./fixtures.js";
import { openIndexedContext } from "./tool-harness.js";

/**
 * A small project for the call queries' dispatch: an abstract member (`Base.query`, overridden by SiblingA and
 * by MidChild, below the abstract Mid, which calls it through `this`, as `viaMid` does through a parameter of
 * type Mid: neither can run SiblingA's), an interface member with two implementations (`Shape.area`), a base
 * member with a body and an override (`Logger.log`), and two routes from `start` to `finish`: one of direct
 * calls (start → helper → middle → finish, 3 steps) and two shorter ones through the interface member
 * `Step.next` (2 steps each).
 */
const FILES: Readonly<Record<string, string>> = {
  "tsconfig.json": `{ "compilerOptions": { "strict": true, "target": "es2022", "module": "nodenext" }, "include": ["src"] }\n`,
  "src/store.ts": `export abstract class Base {
  abstract query(sql: string): string;
  run(sql: string): string {
    return this.query(sql);
  }
}

export abstract class Mid extends Base {
  load(): string {
    return this.query("select");
  }
}

export class SiblingA extends Base {
  query(sql: string): string {
    return driverCall(sql);
  }
}

export class MidChild extends Mid {
  query(sql: string): string {
    return driverCall(sql);
  }
}

export function driverCall(sql: string): string {
  return sql;
}

export function viaMid(mid: Mid): string {
  return mid.query("param");
}
`,
  "src/shapes.ts": `export interface Shape {
  area(): number;
}

export class Circle implements Shape {
  area(): number {
    return 3;
  }
}

export class Square implements Shape {
  area(): number {
    return 4;
  }
}

export class Logger {
  log(message: string): string {
    return message;
  }
}

export class LoudLogger extends Logger {
  log(message: string): string {
    return message.toUpperCase();
  }
}

export function total(shapes: Shape[], logger: Logger): number {
  let sum = 0;
  for (const shape of shapes) sum += shape.area();
  logger.log(String(sum));
  return sum;
}
`,
  "src/routes.ts": `export interface Step {
  next(): string;
}

export class Direct implements Step {
  next(): string {
    return finish();
  }
}

export class Other implements Step {
  next(): string {
    return finish();
  }
}

export function start(step: Step): string {
  helper();
  return step.next();
}

function helper(): string {
  return middle();
}

function middle(): string {
  return finish();
}

export function finish(): string {
  return "done";
}
`,
};

/** Writes the dispatch sample's files under root. */
function writeDispatchSample(root: string): void {
  for (const [relative, text] of Object.entries(FILES)) {
    const file = path.join(root, relative);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }
}

/**
 * The dispatch sample written and indexed once for a test file (before its tests), its context closed after
 * them: the function returned gives the context.
 */
export function indexedDispatchSample(): () => CliToolContext {
  let context: CliToolContext | undefined;
  beforeAll(async () => {
    const root = makeTempDir();
    writeDispatchSample(root);
    context = await openIndexedContext(root);
  });
  afterAll(() => {
    context?.close();
    removeTempDirs();
  });
  return () => {
    if (context === undefined) throw new Error("the dispatch sample is indexed before the tests run");
    return context;
  };
}
