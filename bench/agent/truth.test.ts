import * as path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
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
    expect(oracle.callers("src/core/logger.ts#SilentLogger.info", 1)).toEqual(oracle.callers("src/core/logger.ts#Logger.info", 1));
    expect(oracle.callers("src/mail/mailers.ts#DigestNotifier.flush", 1)).toEqual(["src/mail/notifier.ts#QueuedNotifier.notify"]);
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
