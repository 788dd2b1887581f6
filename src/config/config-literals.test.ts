import { describe, expect, it } from "vitest";
import {
  Computed,
  isConfigObject,
  readConfigJson,
  readConfigModule,
  valueAt,
  type ConfigExport,
  type ConfigValue,
} from "./config-literals.js";

/** A config value as plain JSON, a computed part as `{ computed: source }`. */
function plain(value: ConfigValue | undefined): unknown {
  if (value instanceof Computed) return { computed: value.source };
  if (Array.isArray(value)) return value.map(plain);
  if (isConfigObject(value)) {
    const object = Object.fromEntries([...value.entries].map(([key, item]) => [key, plain(item)]));
    return value.spreads.length === 0 ? object : { ...object, "...": value.spreads.map((spread) => spread.source) };
  }
  return value;
}

function exported(read: ConfigExport): unknown {
  return "value" in read ? plain(read.value) : read;
}

describe(readConfigModule.name, () => {
  it("reads what vitest's usual config forms write: defineConfig, a function returning the object, satisfies, a top-level const", async () => {
    const text = [
      'import { defineConfig } from "vitest/config";',
      'const include = ["spec/**/*.check.ts"];',
      "export default defineConfig(() => ({ test: { include, exclude: [`spec/slow/**`], globals: true } }) satisfies object);",
    ].join("\n");
    expect(exported(await readConfigModule("vitest.config.ts", text))).toEqual({
      test: { include: ["spec/**/*.check.ts"], exclude: ["spec/slow/**"], globals: true },
    });
  });

  it("reads module.exports, `export { x as default }` and a function's one return", async () => {
    expect(
      exported(await readConfigModule("jest.config.js", 'module.exports = { testMatch: ["**/*.it.js"] };')),
    ).toEqual({
      testMatch: ["**/*.it.js"],
    });
    expect(
      exported(
        await readConfigModule(
          "jest.config.mjs",
          "const config = { roots: ['<rootDir>/src'] };\nexport { config as default };",
        ),
      ),
    ).toEqual({
      roots: ["<rootDir>/src"],
    });
    expect(
      exported(
        await readConfigModule(
          "vite.config.ts",
          "export default defineConfig(function () {\n  return { test: { root: 'app' } };\n});",
        ),
      ),
    ).toEqual({
      test: { root: "app" },
    });
  });

  it("marks what the text computes with its source, and keeps the literal parts around it", async () => {
    const text = [
      'import { configDefaults, defineConfig } from "vitest/config";',
      "import base from './base';",
      "export default defineConfig({",
      "  ...base,",
      "  test: { include: [...configDefaults.include, `${dir}/x.ts`], exclude: process.env.CI ? [] : ['slow/**'] },",
      "});",
    ].join("\n");
    const read = await readConfigModule("vitest.config.ts", text);
    expect(exported(read)).toEqual({
      test: {
        include: [{ computed: "...configDefaults.include" }, { computed: "`${dir}/x.ts`" }],
        exclude: { computed: "process.env.CI ? [] : ['slow/**']" },
      },
      "...": ["base"],
    });
    // A key the text does not write may come from the spread: computed, not absent.
    expect(plain(valueAt("value" in read ? read.value : undefined, ["root"]))).toEqual({ computed: "base" });
  });

  it("merges mergeConfig's arguments as vite does: objects key by key, arrays one after the other", async () => {
    const text = [
      "import viteConfig from './vite.config';",
      "export default mergeConfig(viteConfig, mergeConfig({ test: { include: ['a/**'], root: 'x' } }, defineConfig({ test: { include: ['b/**'] } })));",
    ].join("\n");
    expect(exported(await readConfigModule("vitest.config.mts", text))).toEqual({
      test: { include: ["a/**", "b/**"], root: "x" },
    });
  });

  it("says why it cannot read a module that does not parse or exports nothing", async () => {
    expect(await readConfigModule("vitest.config.ts", "export default {")).toEqual({
      unreadable: expect.stringMatching(/^it does not parse/),
    });
    expect(await readConfigModule("jest.config.js", "const x = 1;")).toEqual({
      unreadable: "it has no `export default` or `module.exports =`",
    });
  });

  it("never runs the config: a call of anything else is computed, whatever it would return", async () => {
    const text = "globalThis.ran = true;\nexport default defineConfig(loadConfig({ test: { include: ['x'] } }));";
    expect(exported(await readConfigModule("vitest.config.ts", text))).toEqual({
      computed: "loadConfig({ test: { include: ['x'] } })",
    });
    expect((globalThis as { ran?: boolean }).ran).toBeUndefined();
  });
});

describe(readConfigJson.name, () => {
  it("reads JSON with comments and trailing commas (.mocharc.jsonc)", async () => {
    expect(
      exported(
        await readConfigJson(
          ".mocharc.jsonc",
          '// mocha\n{ "spec": ["test/**/*.spec.ts",], /* all */ "recursive": true }',
        ),
      ),
    ).toEqual({
      spec: ["test/**/*.spec.ts"],
      recursive: true,
    });
    expect(await readConfigJson(".mocharc.json", '{ "spec": ')).toEqual({
      unreadable: expect.stringMatching(/^it does not parse/),
    });
  });
});
