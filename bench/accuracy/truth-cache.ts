import * as fs from "node:fs";
import * as path from "node:path";
import ts from "typescript-6";
import { buildGroundTruth, type CachedAnswers, type GroundTruth } from "./call-hierarchy.js";
import { definitionSites, type DefinitionSite } from "./definition-oracle.js";

/** The compiler's answers for one corpus: the call hierarchy, and go-to-definition at every call site. */
export interface CorpusTruth {
  readonly truth: GroundTruth;
  readonly definitions: readonly DefinitionSite[];
  /** Which answers came from the cache. */
  readonly reused: { readonly hierarchy: boolean; readonly definitions: boolean };
}

function readJson<T>(file: string, reuse: boolean): T | undefined {
  return reuse && fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as T) : undefined;
}

/**
 * Builds (or, with `reuse`, reads from `cacheDir`) the compiler's answers for a corpus. The cache files are
 * named by corpus and TypeScript version; `-callers` holds the call hierarchy with each site's caller item.
 */
export function loadCorpusTruth(
  root: string,
  tsconfigPath: string,
  cacheDir: string,
  cacheName: string,
  reuse: boolean,
): CorpusTruth {
  const base = path.join(cacheDir, `${cacheName}-ts${ts.version}`);
  const files = { hierarchy: `${base}-callers.json`, definitions: `${base}-definitions-v2.json` };
  fs.mkdirSync(cacheDir, { recursive: true });
  const cachedHierarchy = readJson<CachedAnswers>(files.hierarchy, reuse);
  const truth = buildGroundTruth(root, tsconfigPath, cachedHierarchy);
  if (cachedHierarchy === undefined) fs.writeFileSync(files.hierarchy, JSON.stringify(truth.answers));
  const cachedDefinitions = readJson<DefinitionSite[]>(files.definitions, reuse);
  const definitions = definitionSites(truth, root, cachedDefinitions);
  if (cachedDefinitions === undefined) fs.writeFileSync(files.definitions, JSON.stringify(definitions));
  return {
    truth,
    definitions,
    reused: { hierarchy: cachedHierarchy !== undefined, definitions: cachedDefinitions !== undefined },
  };
}
