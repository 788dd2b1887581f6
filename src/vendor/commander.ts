/**
 * commander, as ts-graph's modules import it. The build replaces this module's output, dist/vendor/commander.js,
 * with commander bundled into one ES module (`npm run build:vendor`, esbuild), as it does for zod (vendor/zod.ts):
 * commander's ES entry wraps its CommonJS files, which Node scans for their exports and loads one by one.
 */
export { Command, CommanderError, InvalidArgumentError, Option } from "commander";
