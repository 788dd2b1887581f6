import { calleesTool, callersTool } from "./calls/handler.js";
import { depsTool } from "./deps/handler.js";
import { impactTool } from "./impact/handler.js";
import { pathsTool } from "./paths/handler.js";
import { statusTool } from "./status/handler.js";
import type { ToolDefinition } from "./tool-contract.js";

/**
 * Every tool slice, in the order the MCP server lists them and the CLI shows them.
 * A new slice adds its handler's definition here; nothing else switches on tool names.
 */
export const ALL_TOOLS: readonly ToolDefinition[] = [impactTool, callersTool, calleesTool, pathsTool, depsTool, statusTool];
