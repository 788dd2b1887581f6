import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig, parseConfig, tsconfigList } from "./config-file.js";

describe("parseConfig", () => {
  it("accepts every documented key", () => {
    const config = parseConfig(
      JSON.stringify({
        include: ["src/**"],
        exclude: ["**/*.test.ts"],
        tsconfig: ["tsconfig.app.json"],
        db: "graph.db",
      }),
      "ts-graph.config.json",
    );
    expect(config).toEqual({
      include: ["src/**"],
      exclude: ["**/*.test.ts"],
      tsconfig: ["tsconfig.app.json"],
      db: "graph.db",
    });
    expect(tsconfigList(config)).toEqual(["tsconfig.app.json"]);
  });

  it("takes a single tsconfig as a string", () => {
    expect(tsconfigList(parseConfig('{"tsconfig": "tsconfig.json"}', "c.json"))).toEqual(["tsconfig.json"]);
  });

  it("names an unknown key", () => {
    expect(() => parseConfig('{"tsconfgi": []}', "ts-graph.config.json")).toThrow(/unknown key "tsconfgi"/);
  });

  it("names the key with a value of the wrong type, with its index", () => {
    expect(() => parseConfig('{"include": ["src", 3]}', "ts-graph.config.json")).toThrow(/"include\.1"/);
    expect(() => parseConfig('{"db": 42}', "ts-graph.config.json")).toThrow(/"db"/);
  });

  it("reports invalid JSON as a configuration error", () => {
    expect(() => parseConfig("{ include: ", "ts-graph.config.json")).toThrow(ConfigError);
  });
});

describe("loadConfig's fingerprint text", () => {
  const roots: string[] = [];
  afterEach(() => {
    for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
  });

  function textOf(config: object): string {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "ts-graph-config-"));
    roots.push(root);
    fs.writeFileSync(path.join(root, "ts-graph.config.json"), JSON.stringify(config, null, 2));
    return loadConfig(root).text;
  }

  it("leaves out the settings of the processes that keep the graph, so changing them does not re-index", () => {
    const graphOnly = textOf({ include: ["src/**"] });
    expect(textOf({ include: ["src/**"], daemon: "auto", daemonIdleMinutes: 5 })).toBe(
      textOf({ include: ["src/**"], daemon: "off" }),
    );
    expect(textOf({ include: ["src/**"], daemon: "off" })).toContain("src/**");
    expect(textOf({ daemon: "auto", serve: {} })).toBe("");
    expect(graphOnly).toContain("src/**");
  });

  it("changes with every setting the graph depends on", () => {
    expect(textOf({ include: ["src/**"], daemon: "auto" })).not.toBe(textOf({ include: ["lib/**"], daemon: "auto" }));
  });
});
