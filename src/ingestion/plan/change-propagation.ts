import type { NodeKind } from "../../model/graph-kinds.js";
import { moduleStem, NON_RELATIVE } from "./module-stem.js";
import { nameParts, nameTokens } from "./surface-change.js";

/**
 * How a change spreads (ADR 0004). What a declaration shows other files depends on what its surface refers
 * to, so a declaration whose surface refers to a changed declaration has changed too, and a file that
 * refers to a changed declaration has to be re-extracted. Without a type checker, a reference is matched
 * to a change by its name and by how it is written:
 * - a name imported from a module (`make` after `import { make } from "./m"`, `m.make` after
 *   `import * as m from "./m"`, an import or re-export specifier) matches a change of that name in a file
 *   the specifier may name (module-stem.ts), or in a file that declares globals;
 * - a bare name the file declares itself matches only when its own declaration changed;
 * - any other bare name (a global, or a local) matches a change in a file that declares globals;
 * - `q.name` with `q` some other import or a global matches a change of any declaration of that name;
 * - a member name (`x.run`, `x["run"]`, `const { run } = x`) matches a change of any member of that name,
 *   and an element access key (`x[Equal.symbol]`) a member with a computed name of that key;
 * - a member with a computed name that changed (`get [Key]()` after `Key` changed) may stand for another
 *   name: the string literals of the changed `Key`'s surface are changed member names (`box.beta` reads
 *   the new one), and the files with an edge into the member (`box.alpha`, the old one) are re-extracted.
 */

/** How a piece of code refers to names. */
export interface NameReferences {
  /** Bare names that are not imports: the file's own declarations, globals, locals. */
  readonly bare: ReadonlySet<string>;
  /** Names imported from modules (`*` for a whole namespace), with the targets of the specifiers they come from (module-stem.ts). */
  readonly exported: ReadonlyMap<string, ReadonlySet<string>>;
  /** `q.name` where `q` is a named or default import or a global: an export (of a re-exported namespace) or a member. */
  readonly qualified: ReadonlySet<string>;
  readonly member: ReadonlySet<string>;
  /** The last identifier (or the text) of an element access's key: `x[Equal.symbol]`, `x[key]`. */
  readonly key: ReadonlySet<string>;
}

export interface PlanningDeclaration {
  /** Its node key (`src/box.ts:Box.[Key]`). */
  readonly key: string;
  readonly name: string;
  /** Method, Property and Constructor are members (referred to by member names); the other kinds are not. */
  readonly kind: NodeKind;
  /** What its surface refers to. */
  readonly references: NameReferences;
}

/** A name this file exports that stands for what `from` refers to: `export { a as b }`, `export { a } from "s"`, `export default a`. */
export interface Alias {
  readonly from: NameReferences;
  readonly to: string;
}

/** What planning reads of one file's syntax. */
export interface PlanningSyntax {
  readonly path: string;
  /** A global script or a file with `declare global` or `declare module`: its names can be reached from anywhere. */
  readonly declaresGlobals: boolean;
  /** Names of its declarations that are not members. */
  readonly ownNames: ReadonlySet<string>;
  readonly declarations: readonly PlanningDeclaration[];
  /** What the whole file refers to; with the member names it defines, which may override a changed member. */
  readonly fileReferences: NameReferences & { readonly memberDefinitions: ReadonlySet<string> };
  readonly aliases: readonly Alias[];
  /** Targets of the specifiers of `export * from "s"` (module-stem.ts). */
  readonly starReExports: readonly string[];
  /** Names listed by `export { … } from` statements, both sides of an alias. */
  readonly reExportedNames: readonly string[];
  /** Whether the file passes on another module's exports (`export … from`). */
  readonly reExports: boolean;
}

/** The name a default export goes by in ChangedNames: importers name it as they like. */
export const DEFAULT_EXPORT = "default";

/** What has changed so far. */
export interface ChangedNames {
  /** Names of changed declarations that are not members, with the files they changed in. */
  readonly module: Map<string, Set<string>>;
  /** The same, with the targets of those files (module-stem.ts) instead of their paths. */
  readonly moduleTargets: Map<string, Set<string>>;
  /** How many names changed in each file. */
  readonly countByFile: Map<string, number>;
  /**
   * Targets of the files in which a declaration changed or vanished, which changes the module as a whole
   * (`import * as ns`). A declaration added changes only what names it.
   */
  readonly changedTargets: Set<string>;
  /** Files in which any exported name may have changed (their `export *` changed, or a file now takes their place). */
  readonly anyName: Set<string>;
  /** Their targets. */
  readonly anyNameTargets: Set<string>;
  /** Names changed in files that declare globals. */
  readonly global: Set<string>;
  readonly member: Set<string>;
  /** Members with a computed name, by the key's last identifier. */
  readonly key: Set<string>;
  /**
   * The string literals in the new surfaces of changed module-level declarations, by name: the member names a
   * computed key that names the declaration (`get [Key]()` with `const Key = "beta"`) may stand for now.
   */
  readonly keyValues: Map<string, Set<string>>;
  /** Node keys of members with a computed name that changed: their key may stand for another name now. */
  readonly computedMembers: Set<string>;
}

export function noChangedNames(): ChangedNames {
  return {
    module: new Map(),
    moduleTargets: new Map(),
    countByFile: new Map(),
    changedTargets: new Set(),
    anyName: new Set(),
    anyNameTargets: new Set(),
    global: new Set(),
    member: new Set(),
    key: new Set(),
    keyValues: new Map(),
    computedMembers: new Set(),
  };
}

function setIn(map: Map<string, Set<string>>, key: string): Set<string> {
  let set = map.get(key);
  if (set === undefined) {
    set = new Set();
    map.set(key, set);
  }
  return set;
}

/**
 * Records that `name` changed in `file` (or was added there, when `onlyAdded`); returns whether that was new.
 */
export function addChangedName(
  changed: ChangedNames,
  name: string,
  file: string,
  declaresGlobals: boolean,
  onlyAdded = false,
): boolean {
  const files = setIn(changed.module, name);
  const targets = [moduleStem(file)];
  const wholeModule = !onlyAdded && !changed.changedTargets.has(moduleStem(file));
  const added = !files.has(file) || (declaresGlobals && !changed.global.has(name)) || wholeModule;
  if (!files.has(file)) {
    files.add(file);
    changed.countByFile.set(file, (changed.countByFile.get(file) ?? 0) + 1);
    const nameTargets = setIn(changed.moduleTargets, name);
    for (const target of targets) nameTargets.add(target);
  }
  if (!onlyAdded) for (const target of targets) changed.changedTargets.add(target);
  if (declaresGlobals) changed.global.add(name);
  return added;
}

/** Records that any exported name of `file` may have changed; returns whether that was new. */
export function addAnyName(changed: ChangedNames, file: string): boolean {
  if (changed.anyName.has(file)) return false;
  changed.anyName.add(file);
  changed.anyNameTargets.add(moduleStem(file));
  return true;
}

/** Every name that has changed, to look for in file texts (the default export is followed through importers instead). */
export function searchableNames(changed: ChangedNames): Set<string> {
  const names = new Set<string>([...changed.module.keys(), ...changed.member, ...changed.key]);
  names.delete(DEFAULT_EXPORT);
  return names;
}

const NO_NAMES: ReadonlySet<string> = new Set();

/**
 * Where a reference is read: the file, its own names, those of them known to have changed, and the stems
 * of the files it imported at its last extraction (what its non-relative specifiers named).
 */
interface ReadingFile {
  readonly path: string;
  readonly declaresGlobals: boolean;
  readonly ownNames: ReadonlySet<string>;
  readonly ownChanged: ReadonlySet<string>;
  readonly importedStems: ReadonlySet<string>;
}

function importedNameChanged(
  changed: ChangedNames,
  name: string,
  targets: ReadonlySet<string>,
  importedStems: ReadonlySet<string>,
): boolean {
  if (changed.global.has(name)) return true;
  const changedTargets = name === "*" ? changed.changedTargets : changed.moduleTargets.get(name);
  const matches = (target: string): boolean =>
    changed.anyNameTargets.has(target) || changedTargets?.has(target) === true;
  for (const target of targets) {
    if (target !== NON_RELATIVE ? matches(target) : [...importedStems].some(matches)) return true;
  }
  return false;
}

function refersTo(references: NameReferences, changed: ChangedNames, reader: ReadingFile): boolean {
  for (const name of references.bare) {
    const own = reader.ownNames.has(name);
    if (own && reader.ownChanged.has(name)) return true;
    if ((!own || reader.declaresGlobals) && changed.global.has(name)) return true;
  }
  for (const [name, targets] of references.exported)
    if (importedNameChanged(changed, name, targets, reader.importedStems)) return true;
  for (const name of references.qualified) if (changed.module.has(name) || changed.member.has(name)) return true;
  for (const name of references.member) if (changed.member.has(name)) return true;
  for (const name of references.key) if (changed.key.has(name)) return true;
  return false;
}

/** Whether a file that did not change may resolve differently because of what changed. */
export function dependsOnChanged(
  syntax: Pick<PlanningSyntax, "path" | "declaresGlobals" | "ownNames" | "fileReferences">,
  changed: ChangedNames,
  importedStems: ReadonlySet<string>,
): boolean {
  const references = syntax.fileReferences;
  if (refersTo(references, changed, { ...syntax, ownChanged: NO_NAMES, importedStems })) return true;
  for (const name of references.memberDefinitions)
    if ((changed.member.has(name) || changed.key.has(name)) && name !== "constructor") return true;
  return false;
}

/** The spread of a change through one file, kept across the planner's rounds. */
export interface SpreadState {
  readonly syntax: PlanningSyntax;
  /** Its own names known to have changed. */
  readonly ownChanged: Set<string>;
  /** Its declarations not known to have changed yet. */
  readonly unchanged: PlanningDeclaration[];
  /** Stems of the files it imported at its last extraction. */
  readonly importedStems: ReadonlySet<string>;
}

/**
 * Starts spreading through a file whose declarations named `changedHere` changed themselves, and which
 * imported the files of `importedStems` at its last extraction.
 */
export function startSpread(
  syntax: PlanningSyntax,
  changedHere: Iterable<string> = [],
  importedStems: ReadonlySet<string> = NO_NAMES,
): SpreadState {
  const ownChanged = new Set<string>();
  for (const name of changedHere) if (syntax.ownNames.has(name)) ownChanged.add(name);
  return { syntax, ownChanged, unchanged: [...syntax.declarations], importedStems };
}

/**
 * Adds to `changed` what changes in this file because of what changed so far, transitively within the
 * file: its declarations that refer to a change, and its aliases and re-exports of changed names.
 * Returns whether anything was added.
 */
export function spreadThroughFile(state: SpreadState, changed: ChangedNames): boolean {
  const { syntax, ownChanged, unchanged, importedStems } = state;
  const reader: ReadingFile = { ...syntax, ownChanged, importedStems };
  let grewAny = false;
  let grew = true;
  const addModule = (name: string, onlyAdded = false): void => {
    if (syntax.ownNames.has(name) && !ownChanged.has(name)) {
      ownChanged.add(name);
      grew = true;
    }
    if (addChangedName(changed, name, syntax.path, syntax.declaresGlobals, onlyAdded)) grew = true;
  };
  const addTo = (set: Set<string>, name: string): void => {
    if (set.has(name)) return;
    set.add(name);
    grew = true;
  };
  while (grew) {
    grew = false;
    for (let index = unchanged.length - 1; index >= 0; index -= 1) {
      const declaration = unchanged[index];
      if (declaration === undefined || !refersTo(declaration.references, changed, reader)) continue;
      unchanged.splice(index, 1);
      const parts = nameParts(declaration.name, declaration.kind);
      for (const name of parts.module) addModule(name);
      for (const name of parts.member) addTo(changed.member, name);
      for (const name of parts.key) addTo(changed.key, name);
      if (parts.key.length > 0) {
        addTo(changed.computedMembers, declaration.key);
        // Code names such a member by what its key stands for too (`box.beta`): the new literals of whatever the
        // key names, the object or enum of `[Keys.A]` as well as `[Key]`.
        for (const token of nameTokens(declaration.name))
          for (const value of changed.keyValues.get(token) ?? []) addTo(changed.member, value);
      }
    }
    for (const alias of syntax.aliases) if (refersTo(alias.from, changed, reader)) addModule(alias.to);
    for (const written of syntax.starReExports) {
      for (const target of written === NON_RELATIVE ? importedStems : [written]) {
        if (changed.anyNameTargets.has(target) && addAnyName(changed, syntax.path)) grew = true;
        const wholeModule = changed.changedTargets.has(target);
        for (const [name, targets] of [...changed.moduleTargets])
          if (name !== DEFAULT_EXPORT && targets.has(target)) addModule(name, !wholeModule);
      }
    }
    grewAny ||= grew;
  }
  return grewAny;
}
