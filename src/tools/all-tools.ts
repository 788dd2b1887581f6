import { findTool } from "./find/handler.js";
import { listTool } from "./list/handler.js";
import { searchTool } from "./search/handler.js";
import { zoomTool } from "./zoom/handler.js";
import type { ToolDefinition } from "./tool-contract.js";

/**
 * Every tool slice, in the order the MCP server lists them and the CLI shows them.
 * A new slice adds its handler's definition here; nothing else switches on tool names.
 */
export const ALL_TOOLS: readonly ToolDefinition[] = [zoomTool, findTool, searchTool, listTool];
