import { ts } from "../../engine/ts6/typescript6.js";
import fs from "node:fs";
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
  type SpreadState,
} from "./change-propagation.js";
import type { PlannedFile, ScannedFile } from "../scan/file-scan.js";
import { extractDeclarations, type FileDeclarations } from "../extract/extract-declarations.js";
import { withSurfacesOfSameTypes } from "./inferred-type-change.js";
import { moduleStem } from "./module-stem.js";
import { PlanningFiles } from "./planning-files.js";
import { fileReferencesOf, parseForPlanning, parseSource } from "./planning-syntax.js";
import { compareSurfaces, MEMBER_KINDS, nameParts } from "./surface-change.js";
import { mayDependOn, occurrencesOf, reExportsIn } from "./text-prefilters.js";

/** What planning reads from the graph of the last run. */
export type PlanningStore = Pick<
  GraphStore,
  | "nodeSurfacesOfFile"
  | "importersOf"
  | "importedNamesOf"
  | "importedFilesOf"
  | "ownersOfEdgesAt"
  | "filesWithUnresolvedImports"
  | "importsToReresolve"
  | "filesDeclaringGlobals"
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
  /**
   * Which of a changed file's inferred declarations, among those whose text changed, still have the type
   * they had (ADR 0012): planning does not follow those. Without it, every such change is followed.
   */
  readonly sameInferredTypes?: (file: ScannedFile, keys: readonly string[]) => ReadonlySet<string>;
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
  return new DependentsPlanner(input, store).plan();
}

/**
 * The state of one planning: what has changed so far, and how far the spread has followed it.
 * Long because: each rule of the spread (ADR 0004) is a method over the same two sets; split, they would pass
 * the sets back and forth.
 */
class DependentsPlanner {
  private readonly dependents = new Set<string>();
  private readonly files: PlanningFiles;
  private readonly mentions: (path: string, names: Iterable<string>) => boolean;
  private readonly changedPaths: readonly string[];
  private readonly names: ChangedNames = noChangedNames();
  /** Files a change spreads through: changed files, re-extracted files that mention a changed name, and re-exporters. */
  private readonly spreading = new Map<string, SpreadState>();
  /** Keys that no longer exist (a declaration removed, renamed or of another kind): the owners of edges into them are re-extracted. */
  private readonly vanishedKeys: string[] = [];
  /** Files whose exports changed as a whole, to follow to their importers (a stack). */
  private readonly exportsChanged: string[] = [];
  /** Files whose default export changed, to follow to their importers (a stack). */
  private readonly defaultChanged: string[] = [];
  private addedDeclareGlobals = false;
  private removedDeclaredGlobals = false;
  private readonly followedExports = new Set<string>();
  private readonly followedDefaults = new Set<string>();
  /** Files whose changed names were passed on to the files that re-export from them, with how many names that was. */
  private readonly passedOn = new Map<string, number>();
  /** Names the candidates were searched for. */
  private readonly searched = new Set<string>();
  /** Changed members with a computed name whose edges' owners were re-extracted. */
  private readonly followedComputedMembers = new Set<string>();

  constructor(
    private readonly input: PlanningInput,
    private readonly store: PlanningStore,
  ) {
    this.files = new PlanningFiles([...input.changed, ...input.added], input.candidates, input.parsedFile, (path) =>
      store.importedFilesOf(path),
    );
    this.mentions = (path, names) => this.files.mentions(path, names);
    this.changedPaths = input.changed.map((file) => file.path);
  }

  plan(): Set<string> {
    this.compareChangedFiles();
    this.noteRemovedFiles();
    this.noteModulesTakenOver();
    for (const key of this.vanishedKeys)
      for (const owner of this.store.ownersOfEdgesAt(key)) this.dependents.add(owner);
    for (const file of filesReresolving(this.input, this.store, this.addedDeclareGlobals, this.removedDeclaredGlobals))
      this.dependents.add(file);
    this.spreadUntilNothingChanges();
    return this.dependents;
  }

  /** Compares the declarations of each changed or added file with the stored ones: the first changes. */
  private compareChangedFiles(): void {
    const addedPaths = new Set(this.input.added.map((file) => file.path));
    for (const file of [...this.input.changed, ...this.input.added]) this.compareFile(file, addedPaths.has(file.path));
  }

  private compareFile(file: ScannedFile, isNew: boolean): void {
    const { names } = this;
    const text = this.files.textOf(file.path) ?? fs.readFileSync(file.absolute, "utf8");
    const sourceFile = parseSource(file.absolute, text);
    const declarations = extractDeclarations(sourceFile, file.path, { surfaceRanges: true });
    // Nothing could name a new module's declarations; imports that could not resolve are re-resolved (filesReresolving).
    if (isNew && !declarations.declaresGlobals) return;
    if (isNew) this.addedDeclareGlobals = true;
    const stored = isNew ? [] : this.store.nodeSurfacesOfFile(file.path);
    const { sameInferredTypes } = this.input;
    const nodes =
      sameInferredTypes === undefined
        ? declarations.nodes
        : withSurfacesOfSameTypes(stored, declarations.nodes, (keys) => sameInferredTypes(file, keys));
    const change = compareSurfaces(stored, nodes, defaultExportedNamesOf(sourceFile));
    for (const name of change.moduleTokens)
      addChangedName(names, name, file.path, declarations.declaresGlobals, change.addedModuleTokens.has(name));
    for (const name of change.memberTokens) names.member.add(name);
    for (const name of change.keyTokens) names.key.add(name);
    for (const [name, literals] of stringLiteralsOfChanged(text, declarations, change.moduleTokens))
      addKeyValues(names, name, literals);
    // A name that occurs once is only its own declaration: nothing else in the file refers to it.
    const referredTo =
      [...change.tokens].some((token) => occurrencesOf(text, token) > 1) || change.vanishedKeys.length > 0;
    const syntax =
      referredTo || change.exportsChanged
        ? parseForPlanning(file.absolute, file.path, text, sourceFile, declarations).syntax
        : undefined;
    if (syntax !== undefined)
      this.spreading.set(file.path, startSpread(syntax, change.moduleTokens, this.files.importedStemsOf(file.path)));
    this.vanishedKeys.push(...change.vanishedKeys);
    if (change.allImporters) this.addImporters(file.path);
    if (change.defaultChanged) this.defaultChanged.push(file.path);
    if (change.exportsChanged) {
      this.exportsChanged.push(file.path);
      addAnyName(names, file.path);
      for (const name of [...(syntax?.reExportedNames ?? []), ...this.store.importedNamesOf(file.path)])
        addChangedName(names, name, file.path, false);
    }
  }

  /** A removed file's importers are re-extracted, and each of its declarations is a change (by name) that vanished (by key). */
  private noteRemovedFiles(): void {
    const declaringGlobals = new Set(this.store.filesDeclaringGlobals());
    for (const removedPath of this.input.removed) {
      this.addImporters(removedPath);
      this.exportsChanged.push(removedPath);
      addAnyName(this.names, removedPath);
      for (const node of this.store.nodeSurfacesOfFile(removedPath)) {
        this.vanishedKeys.push(node.key);
        // The File node is the module itself: code names it by a specifier (its importers, above), never by its name.
        if (node.kind === "File") continue;
        const parts = nameParts(node.name, node.kind);
        for (const name of parts.module)
          addChangedName(this.names, name, removedPath, declaringGlobals.has(removedPath));
        for (const name of parts.member) this.names.member.add(name);
        for (const name of parts.key) this.names.key.add(name);
      }
    }
    this.removedDeclaredGlobals = this.input.removed.some((path) => declaringGlobals.has(path));
  }

  /** `src/lib.ts` added next to `src/lib/index.ts` takes over the imports of `./lib`. */
  private noteModulesTakenOver(): void {
    const { added } = this.input;
    if (added.length === 0) return;
    const addedPaths = new Set(added.map((file) => file.path));
    const addedStems = new Set(added.map((file) => moduleStem(file.path)));
    for (const path of this.files.paths()) {
      if (!addedStems.has(moduleStem(path)) || addedPaths.has(path)) continue;
      this.exportsChanged.push(path);
      addAnyName(this.names, path);
    }
  }

  /** Repeats the spread's steps until no name is left to search for and no export, default export or re-export to follow. */
  private spreadUntilNothingChanges(): void {
    for (;;) {
      this.followExportChanges();
      this.followDefaultChanges();
      this.spreadThroughFilesMentioningChanges();
      this.passOnThroughReExporters();
      this.spreadThroughFiles();
      this.followComputedMembers();
      const unsearched = new Set([...searchableNames(this.names)].filter((name) => !this.searched.has(name)));
      const pendingReExports = this.hasNamesToPassOn();
      if (
        unsearched.size === 0 &&
        this.exportsChanged.length === 0 &&
        this.defaultChanged.length === 0 &&
        !pendingReExports
      )
        return;
      for (const name of unsearched) this.searched.add(name);
      if (unsearched.size > 0) this.searchCandidates(unsearched);
    }
  }

  /** The importers of a file whose exports changed are re-extracted; those that re-export pass the change on. */
  private followExportChanges(): void {
    for (let path = this.exportsChanged.pop(); path !== undefined; path = this.exportsChanged.pop()) {
      if (this.followedExports.has(path)) continue;
      this.followedExports.add(path);
      for (const importer of this.store.importersOf(path)) {
        this.dependents.add(importer);
        if (this.reExports(importer)) this.exportsChanged.push(importer);
      }
    }
  }

  /** The importers of a file whose default export changed are re-extracted, and the change spreads through them. */
  private followDefaultChanges(): void {
    for (let path = this.defaultChanged.pop(); path !== undefined; path = this.defaultChanged.pop()) {
      if (this.followedDefaults.has(path)) continue;
      this.followedDefaults.add(path);
      addChangedName(this.names, DEFAULT_EXPORT, path, false);
      for (const importer of this.store.importersOf(path)) {
        this.dependents.add(importer);
        this.spread(importer);
      }
    }
  }

  /** A re-extracted or changed file that mentions a changed name: the change spreads through its declarations. */
  private spreadThroughFilesMentioningChanges(): void {
    const known = searchableNames(this.names);
    for (const path of [...this.dependents, ...this.changedPaths])
      if (!this.spreading.has(path) && this.files.mentions(path, known)) this.spread(path);
  }

  /**
   * Re-exporters pass changed names on, whether or not they mention them; names only added need not be
   * passed on until some file mentions them.
   */
  private passOnThroughReExporters(): void {
    for (const [path, count] of changedCounts(this.names)) {
      if (!this.mustPassOn(path, count)) continue;
      this.passedOn.set(path, count);
      for (const importer of this.store.importersOf(path)) if (this.reExports(importer)) this.spread(importer);
    }
  }

  private hasNamesToPassOn(): boolean {
    return [...changedCounts(this.names)].some(([path, count]) => this.mustPassOn(path, count));
  }

  private mustPassOn(path: string, count: number): boolean {
    if (this.passedOn.get(path) === count) return false;
    return this.names.changedTargets.has(moduleStem(path)) || this.mentionedAnywhere(namesChangedIn(this.names, path));
  }

  /** Each file the change spreads through finds its declarations, aliases and re-exports that changed with it. */
  private spreadThroughFiles(): void {
    for (const state of this.spreading.values()) {
      spreadThroughFile(state, this.names);
      const defaults = this.names.module.get(DEFAULT_EXPORT);
      if (defaults?.has(state.syntax.path) === true && !this.followedDefaults.has(state.syntax.path))
        this.defaultChanged.push(state.syntax.path);
    }
  }

  /**
   * A changed member with a computed name (`get [Key]()` after `Key` changed) may stand for another name now:
   * the files with an edge into it, which may have named it by the old one (`box.alpha`), are re-extracted.
   * (The names its key's new literals give are member names that changed: spreadThroughFile.)
   */
  private followComputedMembers(): void {
    for (const key of this.names.computedMembers) {
      if (this.followedComputedMembers.has(key)) continue;
      this.followedComputedMembers.add(key);
      for (const owner of this.store.ownersOfEdgesAt(key)) this.dependents.add(owner);
    }
  }

  /** The candidates that mention a name not searched for yet and refer to a change (cheap text test first) are re-extracted. */
  private searchCandidates(unsearched: ReadonlySet<string>): void {
    const { files, names } = this;
    for (const file of this.input.candidates) {
      if (this.dependents.has(file.path)) continue;
      const text = files.textOf(file.path);
      if (text === undefined || !files.mentions(file.path, unsearched)) continue;
      if (!mayDependOn(file.path, text, names, this.mentions, files.importedStemsOf(file.path))) continue;
      const sourceFile = files.sourceFileOf(file.path);
      const references =
        sourceFile === undefined
          ? undefined
          : (files.knownSyntaxOf(file.path) ?? fileReferencesOf(sourceFile, file.path));
      if (references !== undefined && dependsOnChanged(references, names, files.importedStemsOf(file.path)))
        this.dependents.add(file.path);
    }
  }

  /** Starts spreading the changes through a file (once). */
  private spread(path: string): void {
    const syntax = this.spreading.has(path) ? undefined : this.files.syntaxOf(path);
    if (syntax !== undefined) this.spreading.set(path, startSpread(syntax, [], this.files.importedStemsOf(path)));
  }

  /** Whether the file passes on another module's exports (`export … from`), cheap text test first. */
  private reExports(path: string): boolean {
    return reExportsIn(this.files.textOf(path)) && this.files.syntaxOf(path)?.reExports === true;
  }

  private mentionedAnywhere(changedNames: readonly string[]): boolean {
    return this.input.candidates.some((file) => this.files.mentions(file.path, changedNames));
  }

  private addImporters(path: string): void {
    for (const importer of this.store.importersOf(path)) this.dependents.add(importer);
  }
}

/** A quoted string without escapes or substitutions: `"alpha"`, `'alpha'`, `` `alpha` ``. */
const STRING_LITERAL = /"([^"\\\n]{1,200})"|'([^'\\\n]{1,200})'|`([^`\\$]{1,200})`/g;

/**
 * The plain string literals in the new surfaces of a changed file's module-level declarations of these
 * names, by name: what a computed member key that names one (`get [Key]()` with `const Key = "beta"`) may
 * stand for now. (The stored surfaces are hashes: the old values' uses are reached through their edges,
 * followComputedMembers.)
 */
function stringLiteralsOfChanged(
  text: string,
  declarations: FileDeclarations,
  names: ReadonlySet<string>,
): Map<string, string[]> {
  const literals = new Map<string, string[]>();
  for (const node of declarations.nodes) {
    if (!names.has(node.name) || MEMBER_KINDS.has(node.kind) || node.kind === "File") continue;
    const surface = (declarations.surfaceRanges?.get(node.key) ?? [])
      .map((range) => text.slice(range.start, range.end))
      .join("\n");
    const found = [...surface.matchAll(STRING_LITERAL)].flatMap((match) => match[1] ?? match[2] ?? match[3] ?? []);
    if (found.length > 0) literals.set(node.name, [...(literals.get(node.name) ?? []), ...found]);
  }
  return literals;
}

function addKeyValues(names: ChangedNames, name: string, literals: Iterable<string>): void {
  const known = names.keyValues.get(name) ?? new Set<string>();
  for (const literal of literals) known.add(literal);
  names.keyValues.set(name, known);
}

/** The names that changed in a file. */
function namesChangedIn(names: ChangedNames, path: string): string[] {
  return [...names.module].filter(([, files]) => files.has(path)).map(([name]) => name);
}

/** Names exported as default through `export default name`. */
function defaultExportedNamesOf(sourceFile: ts.SourceFile): Set<string> {
  const exported = new Set<string>();
  for (const statement of sourceFile.statements) {
    if (ts.isExportAssignment(statement) && !statement.isExportEquals && ts.isIdentifier(statement.expression))
      exported.add(statement.expression.text);
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
function filesReresolving(
  input: PlanningInput,
  store: PlanningStore,
  addedDeclareGlobals: boolean,
  removedDeclaredGlobals: boolean,
): Set<string> {
  const { added, removed, mayNowName } = input;
  if (added.length === 0 && removed.length === 0) return new Set();
  if (mayNowName === undefined || addedDeclareGlobals || removedDeclaredGlobals)
    return new Set(store.filesWithUnresolvedImports());
  const files = new Set<string>();
  if (added.length === 0) return files;
  const addedPaths = added.map((file) => file.path);
  for (const { file, specifier } of store.importsToReresolve()) {
    if (!files.has(file) && mayNowName(file, specifier, addedPaths)) files.add(file);
  }
  return files;
}
