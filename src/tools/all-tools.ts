import { calleesTool, callersTool } from "./calls/handler.js";
import { cochangeTool } from "./cochange/handler.js";
import { depsTool } from "./deps/handler.js";
import {
  deleteSymbolTool,
  insertAfterSymbolTool,
  insertBeforeSymbolTool,
  renameSymbolTool,
  replaceSymbolTool,
} from "./edit/handler.js";
import { findTool } from "./find/handler.js";
import { hierarchyTool } from "./hierarchy/handler.js";
import { impactTool } from "./impact/handler.js";
import { listTool } from "./list/handler.js";
import { pathsTool } from "./paths/handler.js";
import { searchTool } from "./search/handler.js";
import { statusTool } from "./status/handler.js";
import { zoomTool } from "./zoom/handler.js";
import type { ToolDefinition } from "./tool-contract.js";

/**
 * Every tool slice, in the order the MCP server lists them and the CLI shows them.
 * A new slice adds its handler's definition here; nothing else switches on tool names.
 */
export const ALL_TOOLS: readonly ToolDefinition[] = [
  impactTool,
  callersTool,
  calleesTool,
  pathsTool,
  depsTool,
  hierarchyTool,
  cochangeTool,
  zoomTool,
  findTool,
  searchTool,
  listTool,
  statusTool,
  replaceSymbolTool,
  insertBeforeSymbolTool,
  insertAfterSymbolTool,
  deleteSymbolTool,
  renameSymbolTool,
];
