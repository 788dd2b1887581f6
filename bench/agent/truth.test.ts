import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import ts from "typescript-6";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../measure.js";
import { createOracle, type Oracle } from "./truth.js";

const ROOT = path.join(REPO_ROOT, "sample-projects", "di-app");
const isTest = (file: string): boolean => file.endsWith(".test.ts");

describe("the compiler's answers on the decorator/DI sample", () => {
  let oracle: Oracle;
  beforeAll(() => {
    oracle = createOracle(ROOT, path.join(ROOT, "tsconfig.json"));
  });

  it("finds the callers of an interface member at its call sites, through the interface", () => {
    expect(oracle.callers("src/core/logger.ts#Logger.info", 1)).toEqual([
      "src/mail/mailers.ts#SmtpNotifier.flush",
      "src/users/user-service.ts#UserService.register",
    ]);
  });

  it("widens an implementation's callers to those of the member it implements, not to its siblings'", () => {
    expect(oracle.callers("src/core/logger.ts#SilentLogger.info", 1)).toEqual(
      oracle.callers("src/core/logger.ts#Logger.info", 1),
    );
    expect(oracle.callers("src/mail/mailers.ts#DigestNotifier.flush", 1)).toEqual([
      "src/mail/notifier.ts#QueuedNotifier.notify",
    ]);
  });

  it("counts a class decorator for top-level code, the file", () => {
    expect(oracle.dependants("src/core/di.ts#Injectable", 1)).toEqual([
      "src/core/logger.ts",
      "src/mail/mailers.ts",
      "src/orders/order-service.ts",
      "src/users/user-repository.ts",
      "src/users/user-service.ts",
    ]);
  });

  it("walks a path through an interface member and an abstract one into their implementations", () => {
    expect(oracle.pathNodes("src/app.module.ts#bootstrap", "src/users/user.ts#displayName", 6, 1000)).toEqual([
      "src/app.module.ts#bootstrap",
      "src/mail/mailers.ts#SmtpNotifier.render",
      "src/mail/notifier.ts#QueuedNotifier.notify",
      "src/users/user-service.ts#UserService.register",
      "src/users/user.ts#displayName",
    ]);
  });

  it("lists subclasses transitively and the tests that import a file through others", () => {
    expect(oracle.subtypes("src/mail/notifier.ts#QueuedNotifier")).toEqual([
      "src/mail/mailers.ts#DigestNotifier",
      "src/mail/mailers.ts#InMemoryNotifier",
      "src/mail/mailers.ts#SmtpNotifier",
    ]);
    expect(oracle.testsImporting("src/core/di.ts", isTest)).toEqual([
      "src/core/logger.test.ts",
      "src/orders/order-service.test.ts",
      "src/users/user-service.test.ts",
    ]);
  });
});

/** A project in a temporary directory: overloads, an accessor pair, merged declarations. */
const OVERLOADS = `export function log(message: string): void {
  console.log(message);
}
export function flush(): void {}
export function count(): number {
  return 0;
}

export class Stream {
  subscribe(): void;
  subscribe(next: (value: number) => void): void;
  subscribe(next?: (value: number) => void): void {
    log("subscribe");
    next?.(count());
  }
  get size(): number {
    return count();
  }
  set size(value: number) {
    flush();
  }
}

export function format(value: number): string;
export function format(value: string): string;
export function format(value: number | string): string {
  log("format");
  return String(value);
}

export function start(stream: Stream): string {
  stream.subscribe();
  return format(1);
}

export interface Named {
  name(): string;
}
export interface Shape {
  area(): number;
}
export interface Shape extends Named {}

export class Square {
  name(): string {
    return "square";
  }
}
export interface Square extends Named {}

export function describe(named: Named): string {
  return named.name();
}
`;

/** A call on a union-typed receiver, and a callee that calls back into the path's end. */
const CHAIN = `export interface Sink {
  put(value: number): void;
}
export class Box {
  put(value: number): void {
    store(value);
  }
}
export class Tap implements Sink {
  put(value: number): void {
    store(value);
  }
}
export function store(value: number): void {
  release(value);
}
export function release(value: number): void {
  if (value > 0) store(value - 1);
}
export function feed(target: Box | Sink): void {
  target.put(1);
}
`;

/** `new C()` and a call of `this.m()` in a class whose base and sibling classes declare `m` too. */
const BUILD = `export class Base {
  stop(): void {
    halt();
  }
}
export class Left extends Base {
  stop(): void {
    halt();
  }
}
export class Right extends Base {
  constructor() {
    super();
    note();
  }
  stop(): void {
    super.stop();
    halt();
  }
  run(): void {
    this.stop();
  }
}
export function halt(): void {}
export function note(): void {}
export function make(): Right {
  return new Right();
}
`;

/** An object literal in a function implements an interface member that a class member calls. */
const LITERAL = `export interface Listener {
  done(): void;
}
export class Relay {
  constructor(private readonly listener: Listener) {}
  finish(): void {
    this.listener.done();
  }
}
export function watch(): Relay {
  audit();
  return new Relay({
    done: () => record(),
  });
}
export function record(): void {}
export function audit(): void {}
export function relayOf(done: () => void): Relay {
  stray();
  return new Relay({ done });
}
export function stray(): void {}
export function named(): Relay {
  stray();
  return new Relay({ done: record });
}
export interface Sink {
  push: (value: number) => void;
}
export function pump(sink: Sink): void {
  sink.push(1);
}
export function makeSink(): Sink {
  return { push: () => record() };
}
`;

describe("the compiler's answers for an item declared more than once", () => {
  let oracle: Oracle;
  let root: string;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "truth-overloads-"));
    fs.mkdirSync(path.join(root, "src"));
    fs.writeFileSync(path.join(root, "src", "stream.ts"), OVERLOADS);
    fs.writeFileSync(path.join(root, "src", "chain.ts"), CHAIN);
    fs.writeFileSync(path.join(root, "src", "build.ts"), BUILD);
    fs.writeFileSync(path.join(root, "src", "literal.ts"), LITERAL);
    fs.writeFileSync(
      path.join(root, "tsconfig.json"),
      JSON.stringify({ compilerOptions: { strict: true, target: "ES2022", types: [] }, include: ["src"] }),
    );
    oracle = createOracle(root, path.join(root, "tsconfig.json"));
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it("asks an overloaded method's and function's calls at the implementation, not at the first signature", () => {
    expect(oracle.calleesAt("src/stream.ts#Stream.subscribe", 1)).toEqual(["src/stream.ts#count", "src/stream.ts#log"]);
    expect(oracle.calleesAt("src/stream.ts#format", 1)).toEqual(["src/stream.ts#log"]);
  });

  it("walks a path through an overloaded method and an overloaded function", () => {
    expect(oracle.pathNodes("src/stream.ts#start", "src/stream.ts#log", 6, 1000)).toEqual([
      "src/stream.ts#Stream.subscribe",
      "src/stream.ts#format",
      "src/stream.ts#log",
      "src/stream.ts#start",
    ]);
  });

  it("counts a call on a union-typed receiver as a call of the member of each type", () => {
    expect(oracle.calleesAt("src/chain.ts#feed", 1)).toEqual(["src/chain.ts#Box.put", "src/chain.ts#Sink.put"]);
  });

  it("ends a path at its first arrival, going on into implementations of a union's members", () => {
    // `target.put(1)` with `target: Box | Sink` calls `Box.put` or an implementation of `Sink.put` (`Tap.put`);
    // `release` is reached only after `store`, the end, and calls it again: it is on no path from `feed` to `store`.
    expect(oracle.pathNodes("src/chain.ts#feed", "src/chain.ts#store", 6, 1000)).toEqual([
      "src/chain.ts#Box.put",
      "src/chain.ts#Tap.put",
      "src/chain.ts#feed",
      "src/chain.ts#store",
    ]);
  });

  it("counts `new C()` as a call of C's constructor, as the callers rule does", () => {
    expect(oracle.calleesAt("src/build.ts#make", 1)).toEqual(["src/build.ts#Right.constructor"]);
    expect(oracle.pathNodes("src/build.ts#make", "src/build.ts#note", 6, 1000)).toEqual([
      "src/build.ts#Right.constructor",
      "src/build.ts#make",
      "src/build.ts#note",
    ]);
  });

  it("runs the member `super.stop()` names, not the overrides of it (a sibling class's)", () => {
    expect(oracle.pathNodes("src/build.ts#Right.run", "src/build.ts#halt", 6, 1000)).toEqual([
      "src/build.ts#Base.stop",
      "src/build.ts#Right.run",
      "src/build.ts#Right.stop",
      "src/build.ts#halt",
    ]);
  });

  it("keeps a path whose step into an object literal's implementation has no caller edge back", () => {
    // `this.listener.done()` dispatches to the literal's `done`, which ts-graph's level counts for `watch`; the callers
    // of `watch` do not include `Relay.finish`, yet the forward walk's own edges lead from it to `record`.
    expect(oracle.calleesAt("src/literal.ts#watch", 1)).toContain("src/literal.ts#record");
    expect(oracle.pathNodes("src/literal.ts#Relay.finish", "src/literal.ts#record", 6, 1000)).toEqual([
      "src/literal.ts#Relay.finish",
      "src/literal.ts#record",
      "src/literal.ts#watch",
    ]);
  });

  it("goes on from an object literal's implementation with that function's calls only, not its holder's others", () => {
    // `watch` calls `audit` itself, outside the literal: `this.listener.done()` runs the literal's `done` alone.
    expect(oracle.calleesAt("src/literal.ts#watch", 1)).toContain("src/literal.ts#audit");
    expect(oracle.pathNodes("src/literal.ts#Relay.finish", "src/literal.ts#audit", 6, 1000)).toEqual([]);
  });

  it("counts a call of a function-typed property, which the call hierarchy leaves out, as a call of that member", () => {
    expect(oracle.pathNodes("src/literal.ts#pump", "src/literal.ts#record", 6, 1000)).toEqual([
      "src/literal.ts#makeSink",
      "src/literal.ts#pump",
      "src/literal.ts#record",
    ]);
  });

  it("goes on from a literal's property naming a function into that function, and from any other value nowhere", () => {
    // `{ done }` holds the parameter `done` and `{ done: record }` names `record`: neither runs `relayOf`'s or `named`'s
    // own calls (`stray`).
    expect(oracle.pathNodes("src/literal.ts#Relay.finish", "src/literal.ts#stray", 6, 1000)).toEqual([]);
    expect(oracle.pathNodes("src/literal.ts#Relay.finish", "src/literal.ts#record", 6, 1000)).toEqual([
      "src/literal.ts#Relay.finish",
      "src/literal.ts#record",
      "src/literal.ts#watch",
    ]);
  });

  it("gives an accessor pair the calls of its getter and of its setter", () => {
    expect(oracle.calleesAt("src/stream.ts#Stream.size", 1)).toEqual(["src/stream.ts#count", "src/stream.ts#flush"]);
  });

  it("reports an overloaded function by its implementation, for task selection", () => {
    const format = oracle.declarations().find(({ item }) => item === "src/stream.ts#format")?.node;
    expect(format !== undefined && ts.isFunctionDeclaration(format) && format.body !== undefined).toBe(true);
  });

  it("reads the heritage clauses of every declaration of a merged interface or class", () => {
    expect(oracle.subtypes("src/stream.ts#Named")).toEqual(["src/stream.ts#Shape", "src/stream.ts#Square"]);
    // `Square.name` implements `Named.name` through the interface merged with the class.
    expect(oracle.callers("src/stream.ts#Square.name", 1)).toEqual(["src/stream.ts#describe"]);
  });
});
