/**
 * The build's second step (`npm run build`, after tsc): the modules of src/vendor/ are bundled with the packages
 * they re-export (zod, commander, the MCP SDK) into minified ES modules, written over tsc's output in dist/vendor/.
 *
 * Why: Node 20 has no compile cache, and its ES module loader resolves, reads and links every module on its own.
 * zod's entry imports about 95 modules and commander's wraps CommonJS files that Node scans for their exports; a CLI
 * query loads both, and the MCP server loads the SDK, which imports zod's entries again. A few files instead, without
 * the translations below, load in a fraction of the time (docs/performance.md, A query's start).
 *
 * zod's `locales` namespace (63 translations of its error messages, half of zod's code) becomes an empty module:
 * zod sets its English messages from `locales/en.js` directly, and ts-graph never selects another language, so
 * `z.locales` is the one thing the bundle lacks.
 *
 * The MCP SDK's ajv provider (ajv and its formats, about 12 ms of a server's start) becomes a class that throws:
 * the SDK's server builds it only when given no `jsonSchemaValidator`, to check a client's answer to an
 * elicitation, and ts-graph's server (src/mcp/server.ts) gives its own and never elicits.
 */
import type { OutputFile, Plugin } from "esbuild";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

// Not import.meta.dirname: it came with Node 20.11, and this runs on `npm install` (package.json: engines).
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const OUT_DIR = path.join(REPO_ROOT, "dist", "vendor");

/** zod's namespace of every translation, imported by its entries and by nothing the English messages need. */
const ZOD_LOCALES_INDEX = /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/;

const withoutZodTranslations: Plugin = {
  name: "without-zod-translations",
  setup(build) {
    build.onLoad({ filter: ZOD_LOCALES_INDEX }, () => ({ contents: "export {};", loader: "js" }));
  },
};

/** The SDK's default JSON Schema validator, which imports ajv. */
const MCP_AJV_PROVIDER = /[\\/]@modelcontextprotocol[\\/]sdk[\\/]dist[\\/]esm[\\/]validation[\\/]ajv-provider\.js$/;

const withoutAjv: Plugin = {
  name: "without-ajv",
  setup(build) {
    build.onLoad({ filter: MCP_AJV_PROVIDER }, () => ({
      contents:
        'export class AjvJsonSchemaValidator { constructor() { throw new Error("ts-graph bundles the MCP SDK without ajv: give the server a jsonSchemaValidator"); } }',
      loader: "js",
    }));
  },
};

/** The bundles and their chunks, in memory: nothing is written unless every one of them was built. */
async function bundles(): Promise<OutputFile[]> {
  const esbuild = await import("esbuild");
  const result = await esbuild.build({
    absWorkingDir: REPO_ROOT,
    entryPoints: ["src/vendor/zod.ts", "src/vendor/commander.ts", "src/vendor/mcp-sdk.ts"],
    // The MCP SDK imports zod too: the code both bundles share goes into chunks of its own, so a server loads zod once.
    splitting: true,
    outdir: OUT_DIR,
    chunkNames: "chunk-[hash]",
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    minify: true,
    // Classes keep their names (commander's errors set `name` from their constructor's).
    keepNames: true,
    sourcemap: true,
    // commander is CommonJS: the bundle's require() of Node's modules needs a require of its own in an ES module.
    banner: {
      js: 'import { createRequire as __tsGraphCreateRequire } from "node:module"; const require = __tsGraphCreateRequire(import.meta.url);',
    },
    plugins: [withoutZodTranslations, withoutAjv],
    logLevel: "warning",
    write: false,
  });
  return result.outputFiles;
}

let outputs: OutputFile[];
try {
  outputs = await bundles();
} catch (error) {
  // The bundles only make a start faster: tsc's output in dist/vendor/ re-exports the packages and works as it is.
  // (src/cli/tool-commands.test.ts fails on such a build, so CI notices.)
  const reason = (error instanceof Error ? error.message : String(error)).replace(/\s*\n\s*/g, " ").slice(0, 300);
  process.stderr.write(
    `warning: dist/vendor/ is not bundled (${reason}); ts-graph works, its commands start slower.\n`,
  );
  process.exit(0);
}

fs.mkdirSync(OUT_DIR, { recursive: true });
// The chunks of an earlier build: their names are hashes of their content, so the new ones would sit beside them.
for (const name of fs.readdirSync(OUT_DIR)) {
  if (name.startsWith("chunk-")) fs.rmSync(path.join(OUT_DIR, name));
}
// Chunks first, then the entries that import them: a build stopped halfway leaves tsc's working re-exports.
const isChunk = (file: OutputFile): boolean => path.basename(file.path).startsWith("chunk-");
for (const file of [...outputs.filter(isChunk), ...outputs.filter((file) => !isChunk(file))])
  fs.writeFileSync(file.path, file.contents);
