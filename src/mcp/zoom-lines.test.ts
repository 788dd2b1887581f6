import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "../vendor/zod.js";
import { copySampleProject, removeTempDirs } from "../test-support/fixtures.js";
import { startInProcessServer, textOf } from "../test-support/mcp.js";
import { zoomTool } from "../tools/zoom/handler.js";
import { outputSchemaOf } from "./output-schema.js";

afterAll(removeTempDirs);

describe("zoom lines over MCP", () => {
  it("answers a line range whose structured content fits the output schema the listing declares", async () => {
    const server = await startInProcessServer({ roots: [copySampleProject("web-app")] });
    try {
      const listed = (await server.client.listTools()).tools.find((tool) => tool.name === "zoom");
      expect(listed?.inputSchema.properties).toHaveProperty("lines");
      const result = await server.call("zoom", {
        path: "backend/services/user-service.ts",
        lines: "25-27",
        maxBytes: 1000,
      });
      expect(result.isError).not.toBe(true);
      expect(textOf(result)).toMatch(
        /^backend\/services\/user-service\.ts: lines 25-27 of 63\nin: L16-63 Class UserService > L25-41 Method register\n25\t/,
      );
      expect(result.structuredContent).toMatchObject({
        path: "backend/services/user-service.ts",
        from: 25,
        to: 27,
        totalLines: 63,
        truncated: false,
      });
      const answer = zoomTool.answer;
      if (answer === undefined) throw new Error("zoom has no answer schema");
      expect(outputSchemaOf(answer).safeParse(result.structuredContent).success).toBe(true);
      const declared = listed?.outputSchema as Parameters<AjvJsonSchemaValidator["getValidator"]>[0];
      expect(new AjvJsonSchemaValidator().getValidator(declared)(result.structuredContent).valid).toBe(true);
      expect(declared).toEqual(z.toJSONSchema(outputSchemaOf(answer), { target: "draft-7" }));

      const refused = await server.call("zoom", { path: "backend", lines: "1-5" });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toContain("backend is a folder; lines reads one file.");
    } finally {
      await server.close();
    }
  });
});
