/**
 * The MCP SDK, as ts-graph's server imports it. The build bundles it with zod (scripts/bundle-vendor.ts): the SDK
 * imports zod's v3, v4 and v4-mini entries itself, and bundled apart from ts-graph's own zod (vendor/zod.ts) a
 * server would load zod's modules twice, once one by one.
 */
export type { Server } from "@modelcontextprotocol/sdk/server/index.js";
export { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
export { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
export type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
export type { CallToolResult, JSONRPCMessage, ListToolsResult, Root } from "@modelcontextprotocol/sdk/types.js";
export {
  ErrorCode,
  ListToolsRequestSchema,
  RootsListChangedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
export type { jsonSchemaValidator as JsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/types.js";
