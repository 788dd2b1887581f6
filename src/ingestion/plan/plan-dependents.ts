import fs from "node:fs";
import { ts } from "ts-morph";
import type { GraphStore } from "../../db/graph-store.js";
import {
  addAnyName,
  addChangedName,
  DEFAULT_EXPORT,
  dependsOnChanged,
  noChangedNames,
  searchableNames,
  spreadThroughFile,
  startSpread,
  type ChangedNames,
  type PlanningSyntax,
  type SpreadState,
} from "./change-propagation.js";
import type { PlannedFile, ScannedFile } from "../scan/file-scan.js";
import { extractDeclarations } from "../extract/extract-declarations.js";
import { moduleStem, NON_RELATIVE, specifierTarget } from "./module-stem.js";
import { fileReferencesOf, parseForPlanning, parseSource } from "./planning-syntax.js";
import { compareSurfaces, identifiersIn, nameParts } from "./surface-change.js";

/** What planning reads from the graph of the last run. */
export type PlanningStore = Pick<
  GraphStore,
  "nodeSurfacesOfFile" | "importersOf" | "importedNamesOf" | "importedFilesOf" | "ownersOfEdgesAt" | "filesWithUnresolvedImports" | "importsToReresolve" | "filesDeclaringGlobals"
>;

export interface PlanningInput {
  readonly changed: readonly ScannedFile[];
  readonly added: readonly ScannedFile[];
  readonly removed: readonly string[];
  /** Indexed files that are not re-extracted anyway: those that may turn out to depend on the changes. */
  readonly candidates: readonly PlannedFile[];
  /** A parse of the file with this text made earlier (with parent pointers), if there is one to reuse. */
  readonly parsedFile?: (fileName: string, text: string) => ts.SourceFile | undefined;
  /**
   * Whether an import that named no indexed file at the last extraction may name one of the added files now
   * (module resolution with the importer's options, then the specifier's text; see importReresolver).
   * Without it, every file with an unresolved import is re-extracted when files come or go.
   */
  readonly mayNowName?: (importerPath: string, specifier: string, addedPaths: readonly string[]) => boolean;
}

/**
 * Files whose edges may change because other files changed, besides those files (ADR 0004). Starts from
 * the declarations each changed file added, removed or changed, and spreads the change until nothing more
 * changes (change-propagation.ts):
 * - a file that refers to a changed declaration is re-extracted, and its own declarations whose surface
 *   refers to one have changed too, as have its aliases and re-exports of changed names;
 * - a file that re-exports from a file where names changed passes the change on to its importers, whether
 *   or not it has to be re-extracted itself;
 * - importers of a file whose re-exports or default export changed are re-extracted, and so, through every
 *   importer that re-exports, are theirs;
 * - importers of a file that a new file may now take precedence over in module resolution are re-extracted,
 *   as are direct importers whenever something exported changed, owners of edges into or out of keys that vanished,
 *   and, when files are added, the files with an import that may now name one of them (every file with an
 *   unresolved import when an added or removed file declares globals, or without `mayNowName`).
 */
export function planDependents(input: PlanningInput, store: PlanningStore): Set<string> {
  const { changed, added, removed, candidates } = input;
  const fileByPath = new Map<string, PlannedFile>([...candidates, ...changed, ...added].map((file) => [file.path, file]));
  const texts = new Map<string, string | undefined>();
  for (const file of [...changed, ...added]) if (file.text !== undefined) texts.set(file.path, file.text);
  const syntaxes = new Map<string, PlanningSyntax | undefined>();
  const sourceFiles = new Map<string, ts.SourceFile>();
  /** Files a change spreads through: changed files, re-extracted files that mention a changed name, and re-exporters. */
  const spreading = new Map<string, SpreadState>();
  const dependents = new Set<string>();
  const names = noChangedNames();
  const vanishedKeys: string[] = [];
  const exportsChanged: string[] = [];
  const defaultChanged: string[] = [];

  const textOf = (path: string): string | undefined => {
    if (texts.has(path)) return texts.get(path);
    const file = fileByPath.get(path);
    let text: string | undefined;
    try {
      text = file === undefined ? undefined : fs.readFileSync(file.absolute, "utf8");
    } catch {
      text = undefined; // an unreadable file is reported by the scan
    }
    texts.set(path, text);
    return text;
  };
  const identifiers = new Map<string, ReadonlySet<string>>();
  /** Whether the file's text holds one of the names as an identifier (in code, comments or strings). */
  const mentions = (path: string, names: Iterable<string>): boolean => {
    const text = textOf(path) ?? "";
    let inText = identifiers.get(path);
    for (const name of names) {
      if (inText === undefined) {
        if (!text.includes(name)) continue;
        inText = identifiersIn(text);
        identifiers.set(path, inText);
      }
      if (inText.has(name)) return true;
    }
    return false;
  };
  const sourceFileOf = (path: string): ts.SourceFile | undefined => {
    const file = fileByPath.get(path);
    const text = textOf(path);
    if (file === undefined || text === undefined) return undefined;
    let sourceFile = sourceFiles.get(path);
    if (sourceFile === undefined) {
      sourceFile = input.parsedFile?.(file.absolute, text) ?? parseSource(file.absolute, text);
      sourceFiles.set(path, sourceFile);
    }
    return sourceFile;
  };
  const syntaxOf = (path: string): PlanningSyntax | undefined => {
    if (syntaxes.has(path)) return syntaxes.get(path);
    const sourceFile = sourceFileOf(path);
    const syntax = sourceFile === undefined ? undefined : parseForPlanning(sourceFile.fileName, path, sourceFile.text, sourceFile).syntax;
    syntaxes.set(path, syntax);
    return syntax;
  };
  const importedStems = new Map<string, ReadonlySet<string>>();
  /** Stems of the files a file imported at its last extraction: what its non-relative specifiers named. */
  const importedStemsOf = (path: string): ReadonlySet<string> => {
    let stems = importedStems.get(path);
    if (stems === undefined) {
      stems = new Set(store.importedFilesOf(path).map(moduleStem));
      importedStems.set(path, stems);
    }
    return stems;
  };
  const spread = (path: string): void => {
    const syntax = spreading.has(path) ? undefined : syntaxOf(path);
    if (syntax !== undefined) spreading.set(path, startSpread(syntax, [], importedStemsOf(path)));
  };
  const mentionedAnywhere = (changedNames: readonly string[]): boolean => candidates.some((file) => mentions(file.path, changedNames));
  const addImporters = (path: string): void => {
    for (const importer of store.importersOf(path)) dependents.add(importer);
  };

  const addedPaths = new Set(added.map((file) => file.path));
  let addedDeclareGlobals = false;
  const changedPaths = changed.map((file) => file.path);
  for (const file of [...changed, ...added]) {
    const text = textOf(file.path) ?? fs.readFileSync(file.absolute, "utf8");
    const sourceFile = parseSource(file.absolute, text);
    const declarations = extractDeclarations(sourceFile, file.path, { surfaceRanges: true });
    const isNew = addedPaths.has(file.path);
    // Nothing could name a new module's declarations; imports that could not resolve are re-resolved below.
    if (isNew && !declarations.declaresGlobals) continue;
    if (isNew) addedDeclareGlobals = true;
    const change = compareSurfaces(isNew ? [] : store.nodeSurfacesOfFile(file.path), declarations.nodes, defaultExportedNamesOf(sourceFile));
    for (const name of change.moduleTokens) addChangedName(names, name, file.path, declarations.declaresGlobals, change.addedModuleTokens.has(name));
    for (const name of change.memberTokens) names.member.add(name);
    for (const name of change.keyTokens) names.key.add(name);
    // A name that occurs once is only its own declaration: nothing else in the file refers to it.
    const referredTo = [...change.tokens].some((token) => occurrencesOf(text, token) > 1) || change.vanishedKeys.length > 0;
    const syntax = referredTo || change.exportsChanged ? parseForPlanning(file.absolute, file.path, text, sourceFile, declarations).syntax : undefined;
    if (syntax !== undefined) spreading.set(file.path, startSpread(syntax, change.moduleTokens, importedStemsOf(file.path)));
    vanishedKeys.push(...change.vanishedKeys);
    if (change.allImporters) addImporters(file.path);
    if (change.defaultChanged) defaultChanged.push(file.path);
    if (change.exportsChanged) {
      exportsChanged.push(file.path);
      addAnyName(names, file.path);
      for (const name of [...(syntax?.reExportedNames ?? []), ...store.importedNamesOf(file.path)]) addChangedName(names, name, file.path, false);
    }
  }
  const declaringGlobals = new Set(store.filesDeclaringGlobals());
  for (const removedPath of removed) {
    addImporters(removedPath);
    exportsChanged.push(removedPath);
    addAnyName(names, removedPath);
    for (const node of store.nodeSurfacesOfFile(removedPath)) {
      vanishedKeys.push(node.key);
      // The File node is the module itself: code names it by a specifier (its importers, above), never by its name.
      if (node.kind === "File") continue;
      const parts = nameParts(node.name, node.kind);
      for (const name of parts.module) addChangedName(names, name, removedPath, declaringGlobals.has(removedPath));
      for (const name of parts.member) names.member.add(name);
      for (const name of parts.key) names.key.add(name);
    }
  }
  if (added.length > 0) {
    // `src/lib.ts` added next to `src/lib/index.ts` takes over the imports of `./lib`.
    const addedStems = new Set(added.map((file) => moduleStem(file.path)));
    for (const path of fileByPath.keys()) {
      if (!addedStems.has(moduleStem(path)) || addedPaths.has(path)) continue;
      exportsChanged.push(path);
      addAnyName(names, path);
    }
  }
  for (const key of vanishedKeys) for (const owner of store.ownersOfEdgesAt(key)) dependents.add(owner);
  for (const file of filesReresolving(input, store, addedDeclareGlobals, removed.some((path) => declaringGlobals.has(path)))) dependents.add(file);

  const followedExports = new Set<string>();
  const followedDefaults = new Set<string>();
  /** Files whose changed names were passed on to the files that re-export from them, with how many names that was. */
  const passedOn = new Map<string, number>();
  const searched = new Set<string>();
  for (;;) {
    for (let path = exportsChanged.pop(); path !== undefined; path = exportsChanged.pop()) {
      if (followedExports.has(path)) continue;
      followedExports.add(path);
      for (const importer of store.importersOf(path)) {
        dependents.add(importer);
        if (reExportsIn(textOf(importer)) && syntaxOf(importer)?.reExports === true) exportsChanged.push(importer);
      }
    }
    for (let path = defaultChanged.pop(); path !== undefined; path = defaultChanged.pop()) {
      if (followedDefaults.has(path)) continue;
      followedDefaults.add(path);
      addChangedName(names, DEFAULT_EXPORT, path, false);
      for (const importer of store.importersOf(path)) {
        dependents.add(importer);
        spread(importer);
      }
    }
    const known = searchableNames(names);
    for (const path of [...dependents, ...changedPaths]) if (!spreading.has(path) && mentions(path, known)) spread(path);
    // Re-exporters pass changed names on, whether or not they mention them; names only added need not be
    // passed on until some file mentions them.
    for (const [path, count] of changedCounts(names)) {
      if (passedOn.get(path) === count) continue;
      if (!names.changedTargets.has(moduleStem(path)) && !mentionedAnywhere(namesChangedIn(names, path))) continue;
      passedOn.set(path, count);
      for (const importer of store.importersOf(path)) if (reExportsIn(textOf(importer)) && syntaxOf(importer)?.reExports === true) spread(importer);
    }
    for (const state of spreading.values()) {
      spreadThroughFile(state, names);
      const defaults = names.module.get(DEFAULT_EXPORT);
      if (defaults?.has(state.syntax.path) === true && !followedDefaults.has(state.syntax.path)) defaultChanged.push(state.syntax.path);
    }
    const unsearched = new Set([...searchableNames(names)].filter((name) => !searched.has(name)));
    const pendingReExports = [...changedCounts(names)].some(
      ([path, count]) => passedOn.get(path) !== count && (names.changedTargets.has(moduleStem(path)) || mentionedAnywhere(namesChangedIn(names, path))),
    );
    if (unsearched.size === 0 && exportsChanged.length === 0 && defaultChanged.length === 0 && !pendingReExports) break;
    for (const name of unsearched) searched.add(name);
    if (unsearched.size === 0) continue;
    for (const file of candidates) {
      if (dependents.has(file.path)) continue;
      const text = textOf(file.path);
      if (text === undefined || !mentions(file.path, unsearched)) continue;
      if (!mayDependOn(file.path, text, names, mentions, importedStemsOf(file.path))) continue;
      const sourceFile = sourceFileOf(file.path);
      const references = sourceFile === undefined ? undefined : (syntaxes.get(file.path) ?? fileReferencesOf(sourceFile, file.path));
      if (references !== undefined && dependsOnChanged(references, names, importedStemsOf(file.path))) dependents.add(file.path);
    }
  }
  return dependents;
}

const MODULE_SPECIFIER = /\b(?:from|import|require)\s*\(?\s*["'`]([^"'`\n]+)["'`]/g;
const NAMESPACE_IMPORT = /\bimport\s+(?:type\s+)?\*\s*as\s+([\p{ID_Start}$_][\p{ID_Continue}$\u200C\u200D]*)/gu;
const QUALIFIER_BEFORE = /([\p{ID_Start}$_][\p{ID_Continue}$\u200C\u200D]*)(\??\.)\s*$/u;
const RE_EXPORT = /\bexport\s*(?:type\s*)?(?:\*|\{[^}]*\})\s*(?:as\s+[^\s;]+\s*)?from\s*["'`]/;
/** `this` and `super` start a member access; any other identifier may be an import or a global. */
const MEMBER_QUALIFIERS = new Set(["this", "super"]);

/** A cheap test that lets through every file with an `export … from` statement. */
function reExportsIn(text: string | undefined): boolean {
  return text !== undefined && RE_EXPORT.test(text);
}
const IDENTIFIER_PART = /[\p{ID_Continue}$\u200C\u200D]/u;

/**
 * A cheap test that lets through every file dependsOnChanged may accept, without parsing it: one that
 * mentions a changed member, key or global; one that writes `q.name` for a changed name, where `q` is not
 * one of its namespace imports; or one that imports from a file in which names changed.
 */
function mayDependOn(
  path: string,
  text: string,
  names: ChangedNames,
  mentions: (path: string, names: Iterable<string>) => boolean,
  importedStems: ReadonlySet<string>,
): boolean {
  if (mentions(path, names.member) || mentions(path, names.key) || mentions(path, names.global)) return true;
  for (const match of text.matchAll(MODULE_SPECIFIER)) {
    const target = specifierTarget(path, match[1] ?? "");
    for (const stem of target === NON_RELATIVE ? importedStems : [target]) {
      if (names.changedTargets.has(stem) || names.anyNameTargets.has(stem) || [...names.moduleTargets.values()].some((stems) => stems.has(stem))) return true;
    }
  }
  const namespaces = new Set([...text.matchAll(NAMESPACE_IMPORT)].map((match) => match[1]));
  for (const name of names.module.keys()) {
    if (!mentions(path, [name])) continue;
    for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
      if (IDENTIFIER_PART.test(text.charAt(at + name.length))) continue;
      const qualifier = QUALIFIER_BEFORE.exec(text.slice(Math.max(0, at - 80), at));
      // `).name` and `this.name` are member accesses, `ns.name` an export of a namespace import (checked above).
      const root = qualifier?.[1];
      if (root !== undefined && !namespaces.has(root) && !MEMBER_QUALIFIERS.has(root)) return true;
    }
  }
  return false;
}

/** The names that changed in a file. */
function namesChangedIn(names: ChangedNames, path: string): string[] {
  return [...names.module].filter(([, files]) => files.has(path)).map(([name]) => name);
}

/** How often a name occurs in a text as a whole identifier. */
function occurrencesOf(text: string, name: string): number {
  let count = 0;
  for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + name.length)) {
    const before = text.charAt(at - 1);
    if (!IDENTIFIER_PART.test(before) && !IDENTIFIER_PART.test(text.charAt(at + name.length))) count += 1;
  }
  return count;
}

/** Names exported as default through `export default name`. */
function defaultExportedNamesOf(sourceFile: ts.SourceFile): Set<string> {
  const exported = new Set<string>();
  for (const statement of sourceFile.statements) {
    if (ts.isExportAssignment(statement) && !statement.isExportEquals && ts.isIdentifier(statement.expression)) exported.add(statement.expression.text);
  }
  return exported;
}

/** How many names changed in each file so far (a file where any name may have changed counts one more). */
function changedCounts(names: ChangedNames): Map<string, number> {
  const counts = new Map(names.countByFile);
  for (const path of names.anyName) counts.set(path, (counts.get(path) ?? 0) + 1);
  return counts;
}

/**
 * The files whose imports may resolve differently now that files were added or removed: those with an import
 * that may name an added file. An added or removed file that declares globals (`declare module "x"`) may
 * answer any unresolved import, and so may anything without `mayNowName`: then every file with one.
 */
function filesReresolving(input: PlanningInput, store: PlanningStore, addedDeclareGlobals: boolean, removedDeclaredGlobals: boolean): Set<string> {
  const { added, removed, mayNowName } = input;
  if (added.length === 0 && removed.length === 0) return new Set();
  if (mayNowName === undefined || addedDeclareGlobals || removedDeclaredGlobals) return new Set(store.filesWithUnresolvedImports());
  const files = new Set<string>();
  if (added.length === 0) return files;
  const addedPaths = added.map((file) => file.path);
  for (const { file, specifier } of store.importsToReresolve()) {
    if (!files.has(file) && mayNowName(file, specifier, addedPaths)) files.add(file);
  }
  return files;
}
