import { lineRange, lineSpan, plural } from "../answer/text.js";
import type {
  FileOutline,
  FolderOutline,
  FolderZoom,
  OmittedMembers,
  OutlineLevel,
  OutlineSymbol,
  ReExport,
} from "./outline.js";
import { formatCount } from "../../model/kind-counts.js";
import { MAX_LINE_SCAN_BYTES } from "../workspace/workspace-files.js";
import { type LineRange, type RangeDeclaration, rangeText } from "./line-range.js";

/**
 * Zoom's text. Level 0 is a file's map (ADR 0047): one line per exported declaration, its first line and
 * its signature without the `export` keyword, the part after its name bounded (MAX_MAP_SIGNATURE_TAIL), then one
 * line saying what level 1 adds (members, docs, the declarations not exported); no header, since the question
 * names the file. Level 1: the path and line count, then one line per declaration (line range, signature,
 * `// doc`), members nested one per line. A kind label only where the signature does not say the kind. Output
 * stops at a byte budget with a note that says so. The structured answer lists what the text shows, fields whole.
 */

/** ` (exported as Public, export default)`: the other names a file exports a declaration as. */
function exportedAsNote(symbol: OutlineSymbol): string {
  // `export default class Widget` says so in its signature.
  const names = (symbol.exportedAs ?? []).filter(
    (name) => name !== "default" || !/^export\s+default\b/.test(symbol.signature),
  );
  if (names.length === 0) return "";
  const aliases = names.filter((name) => name !== "default");
  const parts = [
    ...(aliases.length > 0 ? [`exported as ${aliases.join(", ")}`] : []),
    ...(names.includes("default") ? ["export default"] : []),
  ];
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

/**
 * At level 0 a signature shows at most this many characters after the declared name (`<T>(token: Constructor<T>)
 * : T`), cut with `…` past it; level 1 and the structured answer have it whole.
 */
const MAX_MAP_SIGNATURE_TAIL = 40;

/** Where the declared name ends in a signature (after its declaring keyword), or undefined when it does not name it. */
function nameEnd(signature: string, name: string): number | undefined {
  if (name === "") return undefined;
  const keyword = DECLARING_KEYWORD.exec(signature);
  const from = keyword === null ? 0 : keyword[0].length;
  const at = signature.indexOf(name, from);
  if (at < 0 || /[\w$]/.test(signature[at + name.length] ?? "")) return undefined;
  return at + name.length;
}

/**
 * A level-0 signature: its block comments left out (the type literal of an overloaded const, `const get: { … }`,
 * holds the docs of its overloads), the head up to the declared name whole, the rest bounded (the whole bounded
 * when no name is found).
 */
function mapSignature(written: string, name: string): string {
  const signature = written.replace(/\s*\/\*[\s\S]*?\*\//g, "");
  const end = nameEnd(signature, name) ?? 0;
  const limit = end === 0 ? MAX_MAP_SIGNATURE_TAIL * 2 : MAX_MAP_SIGNATURE_TAIL;
  if (signature.length - end <= limit) return signature;
  // Cut at the last word end that keeps most of the bound.
  const cut = signature.slice(0, end + limit - 1);
  const wordEnd = cut.lastIndexOf(" ");
  return `${(wordEnd > end + limit / 2 ? cut.slice(0, wordEnd) : cut).trimEnd()}…`;
}

/** A declaration's line at level 0, the map: its first line and its signature (`40 function resolve<T>(token: Constructor<T> | string): T`). */
function mapLine(symbol: OutlineSymbol, indent: string): string {
  const written = symbol.signature === "" ? symbol.name : symbol.signature;
  return `${indent}${symbol.startLine} ${kindLabel(symbol.kind, written)}${mapSignature(levelZeroSignature(written), symbol.name)}${exportedAsNote(symbol)}`;
}

/** The lines of declarations at one depth: one line each at level 0 (the map), members nested at level 1. */
function symbolLines(symbols: readonly OutlineSymbol[], indent: string, level: OutlineLevel): string[] {
  if (level === 0) return symbols.map((symbol) => mapLine(symbol, indent));
  return symbols.flatMap((symbol) => {
    const written = symbol.signature === "" ? symbol.name : symbol.signature;
    const head = `${indent}${lineRange(symbol.startLine, symbol.endLine)} ${kindLabel(symbol.kind, written)}${written}${exportedAsNote(symbol)}`;
    return [
      `${head}${docNote(symbol.doc)}`,
      ...symbolLines(symbol.members, `${indent}  `, level),
      ...(symbol.omittedMembers === undefined
        ? []
        : [`${indent}  ${omittedMembersNote(symbol, symbol.omittedMembers)}`]),
    ];
  });
}

/** What a level-0 map leaves to level 1, as its closing line counts it: `level 1 adds members, docs, 2 not exported`. */
export interface LevelOneAdds {
  /** A shown type has members (an interface's or class's, or an object type alias's). */
  readonly members: boolean;
  /** A shown declaration has a doc summary. */
  readonly docs: boolean;
  /** Top-level declarations the file does not export. */
  readonly notExported: number;
}

function levelOneLine(adds: LevelOneAdds): string[] {
  const parts = [
    ...(adds.members ? ["members"] : []),
    ...(adds.docs ? ["docs"] : []),
    ...(adds.notExported > 0 ? [`${formatCount(adds.notExported)} not exported`] : []),
  ];
  return parts.length === 0 ? [] : [`level 1 adds ${parts.join(", ")}`];
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

/**
 * A file's outline. Level 0 has no header (the question names the file) and ends with what level 1 adds (`adds`,
 * counted by the caller before the map left members out).
 */
export function formatFileOutline(
  outline: FileOutline,
  level: OutlineLevel,
  maxBytes: number,
  adds?: LevelOneAdds,
): FormattedOutline {
  const budget = new Budget(maxBytes);
  if (level === 1) budget.add([`${outline.path} (${plural(outline.lines, "line")})`]);
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
    budget.lines.push(
      level === 0 && outline.topLevel > 0
        ? "no exported symbols; zoom level 1 shows the internal ones"
        : "no declarations",
    );
  }
  const reExports = outline.reExports ?? [];
  if (!budget.exhausted && reExports.length > 0 && !budget.add(["re-exports:", ...reExports.map(reExportLine)])) {
    budget.lines.push(
      `… truncated: ${plural(reExports.length, "re-export")} not shown (over ${formatCount(maxBytes)} bytes); raise maxBytes.`,
    );
  }
  if (level === 0 && adds !== undefined && !budget.exhausted && outline.symbols.length > 0)
    budget.lines.push(...levelOneLine(adds));
  return {
    text: budget.lines.join("\n"),
    truncated: budget.exhausted,
    shownSymbols: shown,
    shownFiles: new Set([outline.path]),
  };
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
  return reExport.name === "*"
    ? `  * ← every export of ${reExport.file}`
    : `  ${reExport.name} ← namespace of ${reExport.file}`;
}

/** A truncated folder outline names at most this many of the files it left out. */
const MAX_OMITTED_NAMES = 200;

function folderLabel(path: string): string {
  return path === "" ? "./" : `${path}/`;
}

function folderSummary(folder: FolderOutline, relativeTo: string | undefined): string {
  const label =
    relativeTo === undefined
      ? folderLabel(folder.path)
      : `${folder.path.slice(relativeTo === "" ? 0 : relativeTo.length + 1)}/`;
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
      if (budget.add([`  ${fileName(outline.path, folder.path)}`, ...symbolLines(outline.symbols, "    ", level)]))
        shownFiles.add(outline.path);
      else omitted.push(outline);
    }
  }
  for (const subfolder of zoom.subfolders) budget.add([`  ${folderSummary(subfolder, zoom.path)}`]);
  if (budget.exhausted) {
    const names = omitted
      .slice(0, MAX_OMITTED_NAMES)
      .map((outline) => `${fileName(outline.path, zoom.path)} (${outline.symbols.length})`);
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
export function linesOutcome(view: LinesView): {
  readonly to: number;
  readonly clamped: boolean;
  readonly next: string | undefined;
} {
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
    ...(clamped
      ? [`asked ${rangeText(view.asked.from, view.asked.to)}; the file ends at line ${view.totalLines}`]
      : []),
    ...(next === undefined && !view.lineCut ? [] : ["cut by maxBytes"]),
    ...(view.countStopped
      ? [`lines are read and counted in the file's first ${formatCount(MAX_LINE_SCAN_BYTES)} bytes only`]
      : []),
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
