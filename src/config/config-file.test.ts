import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig, tsconfigList } from "./config-file.js";

describe("parseConfig", () => {
  it("accepts every documented key", () => {
    const config = parseConfig(
      JSON.stringify({ include: ["src/**"], exclude: ["**/*.test.ts"], tsconfig: ["tsconfig.app.json"], db: "graph.db" }),
      "ts-graph.config.json",
    );
    expect(config).toEqual({ include: ["src/**"], exclude: ["**/*.test.ts"], tsconfig: ["tsconfig.app.json"], db: "graph.db" });
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
