import { groupBy } from "../../model/group-by.js";
import { folderOf } from "../workspace/workspace-files.js";
import type { ExportNameRow, FileRow, OutlineRow } from "./query.js";
import { typeAliasMembers } from "./type-members.js";

/** Level 0: exported top-level declarations. Level 1: every declaration, members nested. */
export type OutlineLevel = 0 | 1;

export interface OutlineSymbol {
  readonly kind: string;
  readonly name: string;
  readonly signature: string;
  readonly startLine: number;
  readonly endLine: number;
  readonly exported: boolean;
  readonly doc: string;
  readonly members: readonly OutlineSymbol[];
  /** The other names its file exports it as (`Public` for `export { Impl as Public }`, `default`); file outlines only. */
  readonly exportedAs?: readonly string[];
  /** Members left out of `members` (over MAX_MEMBERS): how many, and the lines that hold them (`30-52`). */
  readonly omittedMembers?: OmittedMembers;
}

export interface OmittedMembers {
  readonly count: number;
  readonly lines: string;
}

/**
 * The members a file outline shows at most under one type: an exported interface's or class's at level 0, an
 * object type alias's at any level. Past it the outline says how many more there are and on which lines.
 */
const MAX_MEMBERS = 20;

/** At most MAX_MEMBERS of the members; the rest counted, with the lines from the first left out to the type's end. */
function bounded(
  members: readonly OutlineSymbol[],
  endLine: number,
): Pick<OutlineSymbol, "members" | "omittedMembers"> {
  const first = members[MAX_MEMBERS];
  if (first === undefined) return { members };
  const lines = first.startLine === endLine ? `${endLine}` : `${first.startLine}-${endLine}`;
  return { members: members.slice(0, MAX_MEMBERS), omittedMembers: { count: members.length - MAX_MEMBERS, lines } };
}

/** A class member that is no part of what the file exports: `private` or `#private`, decorated or not (`@Inject("x") private readonly x`). */
function isPrivateMember(row: OutlineRow): boolean {
  const modifiers = row.signature.replace(/^(?:@[\w$.]+(?:\([^()]*\))?\s+)*/, "");
  return (
    row.name.startsWith("#") ||
    /^(?:(?:static|readonly|abstract|override|declare|async|accessor)\s+)*private\s/.test(modifiers)
  );
}

/** The members level 0 shows under an exported interface or class: its direct members, a class's private ones left out. */
function levelZeroMembers(row: OutlineRow, children: readonly OutlineRow[]): readonly OutlineRow[] {
  if (row.kind === "Interface") return children;
  if (row.kind === "Class") return children.filter((child) => !isPrivateMember(child));
  return [];
}

/** A name a file re-exports: `*` (`export * from`), a namespace (`export * as ns`, kind File), or a declaration. */
export interface ReExport {
  readonly name: string;
  readonly kind: string;
  readonly qualifiedName: string;
  readonly file: string;
  readonly line: number;
}

export interface FileOutline extends FileRow {
  readonly symbols: readonly OutlineSymbol[];
  /** What the file re-exports from other files, by name; file outlines only. */
  readonly reExports?: readonly ReExport[];
}

function isTopLevel(row: OutlineRow): boolean {
  return row.parentKey === row.file;
}

/**
 * One file's outline from its declarations (containers before members, as the queries order them): at level 0
 * the exported top-level ones, an interface's or class's members under it when the rows hold them (bounded by
 * MAX_MEMBERS); at level 1 all of them with members nested.
 */
export function fileOutline(
  file: FileRow,
  rows: readonly OutlineRow[],
  level: OutlineLevel,
  exportNames?: readonly ExportNameRow[],
): FileOutline {
  const keys = new Set(rows.map((row) => row.key));
  const isRoot = (row: OutlineRow): boolean => isTopLevel(row) || row.parentKey === null || !keys.has(row.parentKey);
  const roots = rows.filter(isRoot);
  const children = groupBy(
    rows.filter((row) => !isRoot(row)),
    (row) => row.parentKey ?? "",
  );
  const own = groupBy(
    (exportNames ?? []).filter((row) => row.file === file.path),
    (row) => row.target,
  );
  const leaf = (row: OutlineRow): OutlineSymbol => ({
    kind: row.kind,
    name: row.name,
    signature: row.signature,
    startLine: row.startLine,
    endLine: row.endLine,
    exported: row.exported === 1,
    doc: row.doc,
    members: [],
  });
  const toSymbol = (row: OutlineRow): OutlineSymbol => ({
    ...(own.has(row.key) ? { exportedAs: (own.get(row.key) ?? []).map((alias) => alias.name) } : {}),
    ...leaf(row),
    ...(level === 1
      ? { members: (children.get(row.key) ?? []).map(toSymbol) }
      : bounded(levelZeroMembers(row, children.get(row.key) ?? []).map(leaf), row.endLine)),
  });
  const shown = level === 0 ? roots.filter((row) => row.exported === 1) : roots;
  if (exportNames === undefined) return { ...file, symbols: shown.map(toSymbol) };
  const reExports = exportNames
    .filter((row) => row.file !== file.path)
    .map((row) => ({
      name: row.name,
      kind: row.kind,
      qualifiedName: row.qualifiedName,
      file: row.file,
      line: row.startLine,
    }));
  return { ...file, symbols: shown.map(toSymbol), reExports };
}

/** An alias written on one line whose signature the graph holds whole stays that line; one on more lines, or cut, may list members. */
export function mayListTypeAliasMembers(symbol: OutlineSymbol): boolean {
  return (
    symbol.kind === "TypeAlias" &&
    symbol.signature.includes("{") &&
    (symbol.endLine > symbol.startLine || symbol.signature.endsWith("…"))
  );
}

/**
 * The outline's symbols with each type alias whose type has object members (`type Options = { … }`, `Base & { … }`)
 * shown as its head (`export type Options = {…}`) with those members under it, bounded by MAX_MEMBERS (an alias on
 * one line whose signature is whole stays as it is: mayListTypeAliasMembers). The members
 * are read from the alias's lines of the file's text (`fileLines`, line 1 first); an alias whose lines do not
 * hold it (the text changed since it was indexed) keeps its one-line signature.
 */
export function withTypeAliasMembers(
  symbols: readonly OutlineSymbol[],
  fileName: string,
  fileLines: readonly string[],
): OutlineSymbol[] {
  return symbols.map((symbol) => {
    const members = withTypeAliasMembers(symbol.members, fileName, fileLines);
    if (!mayListTypeAliasMembers(symbol)) return { ...symbol, members };
    const text = fileLines.slice(symbol.startLine - 1, symbol.endLine).join("\n");
    const found = typeAliasMembers(fileName, text, symbol.startLine, symbol.name);
    if (found === undefined) return { ...symbol, members };
    const own = found.members.map((member): OutlineSymbol => ({ ...member, exported: symbol.exported, members: [] }));
    return { ...symbol, signature: found.signature, ...bounded([...own, ...members], symbol.endLine) };
  });
}

export interface FolderOutline {
  /** Graph path of the folder ("" for the root). */
  readonly path: string;
  /** Indexed files directly in it (recursive zoom) or at any depth (a subfolder summed up). */
  readonly files: number;
  readonly exportedSymbols: number;
  /** Its files with something to show, in path order; empty for a subfolder summed up. */
  readonly outlines: readonly FileOutline[];
}

export interface FolderZoom {
  readonly path: string;
  readonly recursive: boolean;
  /** The folder itself and, with recursive, every folder under it that holds indexed files. */
  readonly folders: readonly FolderOutline[];
  /** Without recursive: each subfolder summed up in one line. */
  readonly subfolders: readonly FolderOutline[];
}

/** The first folder level below `dir` that holds `file`, or undefined when the file is directly in dir. */
function childFolderOf(dir: string, file: string): string | undefined {
  const rest = dir === "" ? file : file.slice(dir.length + 1);
  const slash = rest.indexOf("/");
  if (slash < 0) return undefined;
  return dir === "" ? rest.slice(0, slash) : `${dir}/${rest.slice(0, slash)}`;
}

/**
 * A folder's outline from its indexed files and their declarations. Files with nothing to show (no exports at
 * level 0) are counted, not listed. `files` must already leave out what the caller filtered (tests).
 */
export function folderZoom(
  dir: string,
  files: readonly FileRow[],
  rows: readonly OutlineRow[],
  level: OutlineLevel,
  recursive: boolean,
): FolderZoom {
  const rowsByFile = groupBy(rows, (row) => row.file);
  const outlines = files.map((file) => fileOutline(file, rowsByFile.get(file.path) ?? [], level));
  const inSubfolder = (outline: FileOutline): boolean => !recursive && childFolderOf(dir, outline.path) !== undefined;
  const groups = groupBy(
    outlines.filter((outline) => !inSubfolder(outline)),
    (outline) => folderOf(outline.path),
  );
  const subfolders = groupBy(outlines.filter(inSubfolder), (outline) => childFolderOf(dir, outline.path) ?? "");
  const summed = (path: string, members: readonly FileOutline[], listed: boolean): FolderOutline => ({
    path,
    files: members.length,
    exportedSymbols: members.reduce((sum, outline) => sum + outline.exportedTopLevel, 0),
    outlines: listed ? members.filter((outline) => outline.symbols.length > 0) : [],
  });
  const byPath = (a: FolderOutline, b: FolderOutline): number => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
  return {
    path: dir,
    recursive,
    folders: [...groups].map(([path, members]) => summed(path, members, true)).sort(byPath),
    subfolders: [...subfolders].map(([path, members]) => summed(path, members, false)).sort(byPath),
  };
}
