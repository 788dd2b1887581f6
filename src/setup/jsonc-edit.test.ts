import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { JsoncSyntaxError, setJsoncMember } from "./jsonc-edit.js";

const ENTRY = { command: "ts-graph", args: ["serve"] };

describe(setJsoncMember.name, () => {
  it("adds the member after the last one and keeps comments, order and formatting", () => {
    const text = [
      "// editor settings",
      "{",
      '    "theme": "One Dark", /* mine */',
      '    "mcpServers": {',
      '        "other": { "command": "x" } // keep',
      "    }",
      "}",
      "",
    ].join("\n");
    const edit = setJsoncMember(text, ["mcpServers", "ts-graph"], ENTRY);
    expect(edit.unchanged).toBe(false);
    expect(edit.previous).toBeUndefined();
    expect(edit.text).toBe(
      [
        "// editor settings",
        "{",
        '    "theme": "One Dark", /* mine */',
        '    "mcpServers": {',
        '        "other": { "command": "x" }, // keep',
        '        "ts-graph": {',
        '            "command": "ts-graph",',
        '            "args": ["serve"]',
        "        }",
        "    }",
        "}",
        "",
      ].join("\n"),
    );
  });

  it("creates the missing parent object, after a trailing comma when the file has one", () => {
    const text = '{\n  "a": 1,\n}\n';
    expect(setJsoncMember(text, ["context_servers", "ts-graph"], ENTRY).text).toBe(
      '{\n  "a": 1,\n  "context_servers": {\n    "ts-graph": {\n      "command": "ts-graph",\n      "args": ["serve"]\n    }\n  },\n}\n',
    );
  });

  it("fills an empty object, and one that holds only a comment keeps it", () => {
    expect(setJsoncMember("{}", ["servers", "ts-graph"], 1).text).toBe('{\n  "servers": {\n    "ts-graph": 1\n  }\n}');
    expect(setJsoncMember('{\n  "servers": {\n    // none yet\n  }\n}\n', ["servers", "ts-graph"], 1).text).toBe(
      '{\n  "servers": {\n    "ts-graph": 1\n    // none yet\n  }\n}\n',
    );
  });

  it("replaces an existing entry's value only, and reports what it was", () => {
    const text =
      '{\r\n\t"mcpServers": {\r\n\t\t"ts-graph": { "command": "old" }, // pinned\r\n\t\t"b": 2\r\n\t}\r\n}\r\n';
    const edit = setJsoncMember(text, ["mcpServers", "ts-graph"], ENTRY);
    expect(edit.previous).toBe('{ "command": "old" }');
    expect(edit.text).toBe(
      '{\r\n\t"mcpServers": {\r\n\t\t"ts-graph": {\r\n\t\t\t"command": "ts-graph",\r\n\t\t\t"args": ["serve"]\r\n\t\t}, // pinned\r\n\t\t"b": 2\r\n\t}\r\n}\r\n',
    );
  });

  it("reports an entry that already has the value as unchanged, whatever its layout", () => {
    const text = '{"mcpServers":{"ts-graph":{"command":"ts-graph","args":[ "serve" ]}}}';
    expect(setJsoncMember(text, ["mcpServers", "ts-graph"], ENTRY)).toEqual({
      text,
      previous: '{"command":"ts-graph","args":[ "serve" ]}',
      unchanged: true,
    });
  });

  it("writes a new object into an empty file", () => {
    expect(setJsoncMember("", ["mcpServers", "ts-graph"], ENTRY).text).toBe(
      '{\n  "mcpServers": {\n    "ts-graph": {\n      "command": "ts-graph",\n      "args": ["serve"]\n    }\n  }\n}\n',
    );
  });

  it("refuses a file that does not parse, or a path through a non-object", () => {
    expect(() => setJsoncMember('{"a": 1 "b": 2}', ["x"], 1)).toThrow(JsoncSyntaxError);
    expect(() => setJsoncMember('{"a": "/* not a comment", ', ["x"], 1)).toThrow(JsoncSyntaxError);
    expect(() => setJsoncMember('{"a": "tab\there"}', ["x"], 1)).toThrow(/invalid string/);
    expect(() => setJsoncMember('{"mcpServers": []}', ["mcpServers", "ts-graph"], 1)).toThrow(
      /"mcpServers" is not an object/,
    );
  });

  it("changes nothing outside the member it sets (property, seeded)", () => {
    const jsonValue = fc.jsonValue({ maxDepth: 2 });
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ maxLength: 6 }), jsonValue, { maxKeys: 5 }),
        fc.constantFrom("", "  ", "\t"),
        (object, indent) => {
          const text = `// head\n${JSON.stringify(object, null, indent)} /* tail */\n`;
          const edit = setJsoncMember(text, ["mcpServers", "ts-graph"], ENTRY);
          const servers = object.mcpServers;
          if (servers !== undefined && (typeof servers !== "object" || servers === null || Array.isArray(servers)))
            return;
          const parsed = JSON.parse(edit.text.replace(/^\/\/ head\n/, "").replace(/ \/\* tail \*\/\n$/, "")) as unknown;
          const expected = { ...object, mcpServers: { ...servers, "ts-graph": ENTRY } };
          expect(parsed).toEqual(JSON.parse(JSON.stringify(expected)));
          expect(edit.text.startsWith("// head\n")).toBe(true);
        },
      ),
      { seed: 17, numRuns: 200 },
    );
  });
});
