import type { ToolDefinition } from "./tool-contract.js";

/**
 * Each tool's definition by name, loaded alone: a CLI process that runs one tool imports that slice only
 * (every slice's module costs 10 to 50 ms of CPU to load). Lists the same tools as ALL_TOOLS (a test checks it).
 */
export const TOOL_LOADERS: Readonly<Record<string, () => Promise<ToolDefinition>>> = {
  impact: async () => (await import("./impact/handler.js")).impactTool,
  callers: async () => (await import("./calls/handler.js")).callersTool,
  callees: async () => (await import("./calls/handler.js")).calleesTool,
  paths: async () => (await import("./paths/handler.js")).pathsTool,
  deps: async () => (await import("./deps/handler.js")).depsTool,
  hierarchy: async () => (await import("./hierarchy/handler.js")).hierarchyTool,
  cochange: async () => (await import("./cochange/handler.js")).cochangeTool,
  zoom: async () => (await import("./zoom/handler.js")).zoomTool,
  find: async () => (await import("./find/handler.js")).findTool,
  search: async () => (await import("./search/handler.js")).searchTool,
  list: async () => (await import("./list/handler.js")).listTool,
  status: async () => (await import("./status/handler.js")).statusTool,
  replace_symbol: async () => (await import("./edit/handler.js")).replaceSymbolTool,
  insert_before_symbol: async () => (await import("./edit/handler.js")).insertBeforeSymbolTool,
  insert_after_symbol: async () => (await import("./edit/handler.js")).insertAfterSymbolTool,
  delete_symbol: async () => (await import("./edit/handler.js")).deleteSymbolTool,
  rename_symbol: async () => (await import("./edit/handler.js")).renameSymbolTool,
};
