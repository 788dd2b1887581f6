import { describe, expect, it } from "vitest";
import { z } from "zod";
import { boundedList, pathOrName, pathString, symbolString } from "../tools/inputs/input-limits.js";
import { cliInputsOf, optionFlag } from "./tool-inputs.js";

const shape = {
  symbol: pathOrName(symbolString().describe("what to look at")),
  file: pathString().optional().describe("where it is declared"),
  paths: boundedList(pathString(), 10).default([]).describe("where to look"),
  level: z.enum(["file", "symbol"]).optional().describe("how fine"),
  maxNodes: z.number().int().min(1).default(100).describe("how many"),
  halfLife: z.number().min(1).describe("how long"),
  recursive: z.boolean().default(false).describe("go deeper"),
};

describe(cliInputsOf.name, () => {
  it("reads each input's type, description, requiredness, choices and path mark from the shape's JSON Schema", () => {
    expect([...cliInputsOf({ inputShape: shape }).values()]).toEqual([
      {
        name: "symbol",
        flag: "--symbol",
        type: "string",
        description: "what to look at",
        required: true,
        choices: undefined,
        pathKind: "pathOrName",
      },
      {
        name: "file",
        flag: "--file",
        type: "string",
        description: "where it is declared",
        required: false,
        choices: undefined,
        pathKind: "path",
      },
      {
        name: "paths",
        flag: "--paths",
        type: "array",
        description: "where to look",
        required: false,
        choices: undefined,
        pathKind: "path",
      },
      {
        name: "level",
        flag: "--level",
        type: "string",
        description: "how fine",
        required: false,
        choices: ["file", "symbol"],
        pathKind: undefined,
      },
      {
        name: "maxNodes",
        flag: "--max-nodes",
        type: "integer",
        description: "how many",
        required: false,
        choices: undefined,
        pathKind: undefined,
      },
      {
        name: "halfLife",
        flag: "--half-life",
        type: "number",
        description: "how long",
        required: true,
        choices: undefined,
        pathKind: undefined,
      },
      {
        name: "recursive",
        flag: "--recursive",
        type: "boolean",
        description: "go deeper",
        required: false,
        choices: undefined,
        pathKind: undefined,
      },
    ]);
  });

  it("keeps the path marks out of the JSON Schema a client sees", () => {
    expect(JSON.stringify(z.toJSONSchema(z.object(shape), { io: "input" }))).not.toContain('"kind"');
  });

  it("writes an option as commander shows it", () => {
    expect([optionFlag("root"), optionFlag("includeIgnored"), optionFlag("maxFilesPerCommit")]).toEqual([
      "--root",
      "--include-ignored",
      "--max-files-per-commit",
    ]);
  });
});
