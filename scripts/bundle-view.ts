/**
 * The build's step for `ts-graph view` (`npm run build`, after tsc): the page's script (src/view/page/view-page.ts)
 * bundled with Cytoscape.js into one minified module, and its style sheet, written to dist/view/assets/. The page
 * loads nothing from elsewhere: what it needs ships in the package (docs/view.md). tsc does not compile the page
 * (tsconfig.build.json leaves src/view/page/ out); the type check does (tsconfig.json).
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PAGE_DIR = path.join(REPO_ROOT, "src", "view", "page");
const OUT_DIR = path.join(REPO_ROOT, "dist", "view", "assets");

const esbuild = await import("esbuild");
const result = await esbuild.build({
  absWorkingDir: REPO_ROOT,
  entryPoints: [path.join(PAGE_DIR, "view-page.ts")],
  bundle: true,
  format: "esm",
  platform: "browser",
  target: "es2022",
  minify: true,
  legalComments: "linked",
  logLevel: "warning",
  write: false,
  outfile: path.join(OUT_DIR, "view.js"),
});
fs.mkdirSync(OUT_DIR, { recursive: true });
for (const file of result.outputFiles) fs.writeFileSync(file.path, file.contents);
fs.copyFileSync(path.join(PAGE_DIR, "view.css"), path.join(OUT_DIR, "view.css"));
