import { lineRange, lineSpan, plural } from "../answer/text.js";
import type { FileOutline, FolderOutline, FolderZoom, OmittedMembers, OutlineLevel, OutlineSymbol, ReExport } from "./outline.js";
import { formatCount } from "../../model/kind-counts.js";
import { MAX_LINE_SCAN_BYTES } from "../workspace/workspace-files.js";
import { type LineRange, type RangeDeclaration, rangeText } from "./line-range.js";

/**
 * Zoom's text: the file path once, then one line per declaration (line range, signature, `// doc`), a kind
 * label only where the signature does not say the kind. Level 0 lists exported declarations only, so their
 * `export` keyword is left out, and a type's members follow it packed on one line; level 1 nests members one per
 * line. Output stops at a byte budget with a note that says so. The structured answer keeps every field whole.
 */

/** ` (exported as Public, export default)`: the other names a file exports a declaration as. */
function exportedAsNote(symbol: OutlineSymbol): string {
  // `export default class Widget` says so in its signature.
  const names = (symbol.exportedAs ?? []).filter((name) => name !== "default" || !/^export\s+default\b/.test(symbol.signature));
  if (names.length === 0) return "";
  const aliases = names.filter((name) => name !== "default");
  const parts = [...(aliases.length > 0 ? [`exported as ${aliases.join(", ")}`] : []), ...(names.includes("default") ? ["export default"] : [])];
  return ` (${parts.join(", ")})`;
}

/** The declaring keyword a signature starts with (`export declare abstract class` → `class`), or undefined. */
const DECLARING_KEYWORD =
  /^(?:export\s+)?(?:default\s+)?(?:declare\s+)?(?:abstract\s+)?(?:async\s+)?(const\s+enum|class|interface|type|enum|namespace|module|global|function|const|let|var)\b/;

/** The kinds each keyword says; a variable bound to a function (`const f = (…) =>`) says Function too. */
const KINDS_SAID: Readonly<Record<string, readonly string[]>> = {
  class: ["Class"],
  interface: ["Interface"],
  type: ["TypeAlias"],
  enum: ["Enum"],
  "const enum": ["Enum"],
  namespace: ["Namespace"],
  module: ["Namespace"],
  global: ["Namespace"],
  function: ["Function"],
  const: ["Variable", "Function"],
  let: ["Variable", "Function"],
  var: ["Variable", "Function"],
};

/** A member's signature says what it is (`name: T`, `name(…)`, `constructor(…)`, `[k: string]: T`). */
const MEMBER_KINDS = new Set(["Property", "Method", "Constructor", "Signature"]);

/** `Function ` before a signature whose keyword does not say its kind (`export default (a: number): number =>`), else "". */
function kindLabel(kind: string, signature: string): string {
  if (MEMBER_KINDS.has(kind)) return "";
  const keyword = DECLARING_KEYWORD.exec(signature)?.[1]?.replace(/\s+/g, " ");
  const said = keyword === undefined ? [] : (KINDS_SAID[keyword] ?? []);
  if (!said.includes(kind)) return `${kind} `;
  return kind === "Function" && keyword !== "function" && !/=>|\bfunction\b/.test(signature) ? `${kind} ` : "";
}

/** A doc summary as the text shows it: its first MAX_DOC_TEXT characters (the structured answer has it whole). */
const MAX_DOC_TEXT = 80;

function docNote(doc: string): string {
  if (doc === "") return "";
  if (doc.length <= MAX_DOC_TEXT) return `  // ${doc}`;
  // Cut at the last word end that keeps most of it.
  const cut = doc.slice(0, MAX_DOC_TEXT - 1);
  const wordEnd = cut.lastIndexOf(" ");
  return `  // ${(wordEnd > MAX_DOC_TEXT / 2 ? cut.slice(0, wordEnd) : cut).trimEnd()}…`;
}

/** A top-level declaration's signature at level 0: without its `export` keyword (every line is exported), `export default` kept. */
function levelZeroSignature(signature: string): string {
  return signature.replace(/^export\s+(?!default\b)(?!=)/, "");
}

/** The lines of declarations at one depth: `top` for a file's top-level ones (a level-0 outline lists the exported ones only). */
function symbolLines(symbols: readonly OutlineSymbol[], indent: string, level: OutlineLevel, top = true): string[] {
  return symbols.flatMap((symbol) => {
    const written = symbol.signature === "" ? symbol.name : symbol.signature;
    const signature = level === 0 && top ? levelZeroSignature(written) : written;
    const head = `${indent}${lineRange(symbol.startLine, symbol.endLine)} ${kindLabel(symbol.kind, written)}${signature}${exportedAsNote(symbol)}`;
    if (level === 0) return [`${head}${docNote(symbol.doc)}`, ...packedMembers(symbol, `${indent}  `)];
    return [
      `${head}${docNote(symbol.doc)}`,
      ...symbolLines(symbol.members, `${indent}  `, level, false),
      ...(symbol.omittedMembers === undefined ? [] : [`${indent}  ${omittedMembersNote(symbol, symbol.omittedMembers)}`]),
    ];
  });
}

/** A member's signature at level 0 is shown when at most this long; a longer one by its name (`name(…)` for a method). */
const MAX_PACKED_SIGNATURE = 40;

function packedMember(member: OutlineSymbol): string {
  const signature = member.signature.replace(/^public\s+/, "");
  if (signature !== "" && signature.length <= MAX_PACKED_SIGNATURE) return signature;
  const name = member.name === "" ? "[…]" : member.name;
  if (member.kind === "Method" || member.kind === "Constructor") return `${name}(…)`;
  return /^[^:(]*\?\s*:/.test(signature) ? `${name}?` : name;
}

/**
 * Level 0: a type's members on one line under it, `;`-separated, each its signature when short (its lines are
 * level 1's, or the type's range's), then how many more there are and where.
 */
function packedMembers(symbol: OutlineSymbol, indent: string): string[] {
  if (symbol.members.length === 0) return [];
  const omitted = symbol.omittedMembers;
  const more = omitted === undefined ? [] : [`… ${plural(omitted.count, "more member")} at lines ${omitted.lines}`];
  return [`${indent}${[...symbol.members.map(packedMember), ...more].join("; ")}`];
}

/** `… 3 more members (lines 30-52): zoom lines "30-52" (CLI --lines 30-52), or level 1`: what a bounded type left out, and where to read it. */
function omittedMembersNote(symbol: OutlineSymbol, omitted: OmittedMembers): string {
  // An interface's or class's members are graph nodes: level 1 lists them all. An alias's are read from its text.
  const level1 = symbol.kind === "TypeAlias" ? "" : ", or level 1";
  return `… ${plural(omitted.count, "more member")} (lines ${omitted.lines}): zoom lines "${omitted.lines}" (CLI --lines ${omitted.lines})${level1}`;
}

/** Collects lines until the budget is spent. */
class Budget {
  readonly lines: string[] = [];
  private bytes = 0;
  exhausted = false;

  constructor(private readonly maxBytes: number) {}

  /** Adds the lines if they all fit; returns false (and stops taking more) otherwise. */
  add(lines: readonly string[]): boolean {
    if (this.exhausted) return false;
    const size = lines.reduce((sum, line) => sum + Buffer.byteLength(line) + 1, 0);
    if (this.bytes + size > this.maxBytes && this.lines.length > 0) {
      this.exhausted = true;
      return false;
    }
    this.lines.push(...lines);
    this.bytes += size;
    return true;
  }
}

/** Text and how much of the outline it holds (the structured answer keeps to the same part). */
export interface FormattedOutline {
  readonly text: string;
  readonly truncated: boolean;
  /** File outline: top-level symbols shown. */
  readonly shownSymbols: number;
  /** Folder outline: files listed. */
  readonly shownFiles: ReadonlySet<string>;
}

export function formatFileOutline(outline: FileOutline, level: OutlineLevel, maxBytes: number): FormattedOutline {
  const internal = outline.topLevel - outline.exportedTopLevel;
  const notExported = level === 0 && internal > 0 && outline.exportedTopLevel > 0 ? `; ${formatCount(internal)} not exported` : "";
  const budget = new Budget(maxBytes);
  budget.add([`${outline.path} (${plural(outline.lines, "line")}${notExported})`]);
  let shown = 0;
  for (const symbol of outline.symbols) {
    if (!budget.add(symbolLines([symbol], "", level))) break;
    shown += 1;
  }
  if (budget.exhausted) {
    budget.lines.push(
      `… truncated: ${plural(outline.symbols.length - shown, "more top-level symbol")} not shown (over ${formatCount(maxBytes)} bytes); raise maxBytes or zoom level 0.`,
    );
  } else if (outline.symbols.length === 0 && (outline.reExports ?? []).length === 0) {
    budget.lines.push(level === 0 && outline.topLevel > 0 ? "no exported symbols; zoom level 1 shows the internal ones" : "no declarations");
  }
  const reExports = outline.reExports ?? [];
  if (!budget.exhausted && reExports.length > 0 && !budget.add(["re-exports:", ...reExports.map(reExportLine)])) {
    budget.lines.push(`… truncated: ${plural(reExports.length, "re-export")} not shown (over ${formatCount(maxBytes)} bytes); raise maxBytes.`);
  }
  return { text: budget.lines.join("\n"), truncated: budget.exhausted, shownSymbols: shown, shownFiles: new Set([outline.path]) };
}

/**
 * `Public ← Class Impl  src/impl.ts:1` (`Impl ← Class  src/impl.ts:1` under its own name); a namespace re-export
 * `ns ← namespace of src/m.ts`; `export *` `* ← every export of src/m.ts`.
 */
function reExportLine(reExport: ReExport): string {
  if (reExport.kind !== "File") {
    const target = reExport.qualifiedName === reExport.name ? "" : ` ${reExport.qualifiedName}`;
    return `  ${reExport.name} ← ${reExport.kind}${target}  ${reExport.file}:${reExport.line}`;
  }
  return reExport.name === "*" ? `  * ← every export of ${reExport.file}` : `  ${reExport.name} ← namespace of ${reExport.file}`;
}

/** A truncated folder outline names at most this many of the files it left out. */
const MAX_OMITTED_NAMES = 200;

function folderLabel(path: string): string {
  return path === "" ? "./" : `${path}/`;
}

function folderSummary(folder: FolderOutline, relativeTo: string | undefined): string {
  const label = relativeTo === undefined ? folderLabel(folder.path) : `${folder.path.slice(relativeTo === "" ? 0 : relativeTo.length + 1)}/`;
  return `${label} ${plural(folder.files, "file")}, ${plural(folder.exportedSymbols, "exported symbol")}`;
}

function fileName(path: string, folder: string): string {
  return folder === "" ? path : path.slice(folder.length + 1);
}

export function formatFolderZoom(zoom: FolderZoom, level: OutlineLevel, maxBytes: number): FormattedOutline {
  const totalFiles = [...zoom.folders, ...zoom.subfolders].reduce((sum, folder) => sum + folder.files, 0);
  const totalExported = [...zoom.folders, ...zoom.subfolders].reduce((sum, folder) => sum + folder.exportedSymbols, 0);
  const mode = zoom.recursive
    ? "recursive"
    : zoom.subfolders.length > 0
      ? "subfolders summed up (zoom into one, or pass recursive)"
      : "no subfolders";
  const budget = new Budget(maxBytes);
  budget.add([
    `${folderLabel(zoom.path)} level ${level}, ${mode}: ${plural(totalFiles, "indexed file")}, ${plural(totalExported, "exported symbol")}`,
  ]);
  if (totalFiles === 0) budget.add(["no indexed source files here"]);
  const omitted: FileOutline[] = [];
  const shownFiles = new Set<string>();
  for (const folder of zoom.folders) {
    if (zoom.recursive && !budget.add([folderSummary(folder, undefined)])) {
      omitted.push(...folder.outlines);
      continue;
    }
    for (const outline of folder.outlines) {
      if (budget.add([`  ${fileName(outline.path, folder.path)}`, ...symbolLines(outline.symbols, "    ", level)])) shownFiles.add(outline.path);
      else omitted.push(outline);
    }
  }
  for (const subfolder of zoom.subfolders) budget.add([`  ${folderSummary(subfolder, zoom.path)}`]);
  if (budget.exhausted) {
    const names = omitted.slice(0, MAX_OMITTED_NAMES).map((outline) => `${fileName(outline.path, zoom.path)} (${outline.symbols.length})`);
    const rest = omitted.length > MAX_OMITTED_NAMES ? `, and ${omitted.length - MAX_OMITTED_NAMES} more` : "";
    budget.lines.push(
      `… truncated at ${formatCount(maxBytes)} bytes; zoom into these files or a subfolder, or raise maxBytes. ` +
        `Not shown (symbols): ${names.join(", ")}${rest}.`,
    );
  }
  return { text: budget.lines.join("\n"), truncated: budget.exhausted, shownSymbols: 0, shownFiles };
}

export function formatFileText(path: string, text: string, totalBytes: number, omittedBytes: number): string {
  const lines = text === "" ? 0 : text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
  const header = `${path} (${plural(totalBytes, "byte")})`;
  const body = text.endsWith("\n") || text === "" ? text : `${text}\n`;
  if (omittedBytes === 0) return `${header}\n${body}`;
  return `${header}\n${body}… truncated, ${plural(omittedBytes, "byte")} not shown after line ${lines}; raise maxBytes, or zoom level 1 for the outline.`;
}

/** Lines of a file as zoom's `lines` shows them: what was asked, what is shown, what the graph declares around it. */
export interface LinesView {
  readonly path: string;
  readonly asked: LineRange;
  readonly totalLines: number;
  readonly from: number;
  /** The lines shown, line `from` first. */
  readonly lines: readonly string[];
  /** The one line shown was cut at maxBytes. */
  readonly lineCut: boolean;
  /** The file is longer than the line scan reads: totalLines counts the lines read. */
  readonly countStopped: boolean;
  readonly declarations: readonly RangeDeclaration[];
  readonly omittedDeclarations: number;
}

/** Where a LinesView ends, whether the file's end or maxBytes ended it, and the range to ask next when maxBytes did. */
export function linesOutcome(view: LinesView): { readonly to: number; readonly clamped: boolean; readonly next: string | undefined } {
  const to = view.from + view.lines.length - 1;
  const end = view.asked.to === undefined ? view.totalLines : Math.min(view.asked.to, view.totalLines);
  const next = to < end ? rangeText(to + 1, view.asked.to === undefined ? undefined : view.asked.to) : undefined;
  return { to, clamped: !view.countStopped && view.asked.to !== undefined && view.asked.to > view.totalLines, next };
}

function declarationLine(declaration: RangeDeclaration): string {
  return `${lineSpan(declaration.startLine, declaration.endLine)} ${declaration.kind} ${declaration.name}`;
}

/**
 * The header (file, range shown of the file's lines, what cut it; the declarations it is in and those it overlaps),
 * the lines numbered like `cat -n` (number right-aligned, a tab, the line), and a note when maxBytes cut them.
 */
export function formatLines(view: LinesView, maxBytes: number): string {
  const { to, clamped, next } = linesOutcome(view);
  const notes = [
    ...(clamped ? [`asked ${rangeText(view.asked.from, view.asked.to)}; the file ends at line ${view.totalLines}`] : []),
    ...(next === undefined && !view.lineCut ? [] : ["cut by maxBytes"]),
    ...(view.countStopped ? [`lines are read and counted in the file's first ${formatCount(MAX_LINE_SCAN_BYTES)} bytes only`] : []),
  ];
  const enclosing = view.declarations.filter((declaration) => declaration.encloses);
  const overlapping = view.declarations.filter((declaration) => !declaration.encloses);
  const more = view.omittedDeclarations > 0 ? `, and ${view.omittedDeclarations} more` : "";
  const width = String(to).length;
  const footer = view.lineCut
    ? [
        `… line ${view.from} is longer than maxBytes (${formatCount(maxBytes)} bytes) and was cut; raise maxBytes to read it whole` +
          (next === undefined ? "." : `, or ask lines "${next}" (CLI --lines ${next}) for the lines after it.`),
      ]
    : next === undefined
      ? []
      : [
          `… cut at ${plural(view.lines.length, "line")} by maxBytes (${formatCount(maxBytes)} bytes); ask lines "${next}" next (CLI --lines ${next}), or raise maxBytes.`,
        ];
  return [
    `${view.path}: ${view.from === to ? "line" : "lines"} ${rangeText(view.from, to)} of ${view.totalLines}${view.countStopped ? "+" : ""}${notes.length === 0 ? "" : ` (${notes.join("; ")})`}`,
    ...(enclosing.length === 0 ? [] : [`in: ${enclosing.map(declarationLine).join(" > ")}`]),
    ...(overlapping.length === 0 ? [] : [`overlaps: ${overlapping.map(declarationLine).join(", ")}${more}`]),
    ...view.lines.map((line, index) => `${String(view.from + index).padStart(width)}\t${line}`),
    ...footer,
  ].join("\n");
}
