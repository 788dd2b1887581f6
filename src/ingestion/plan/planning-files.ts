import type { ts } from "../../engine/ts6/typescript6.js";
import fs from "node:fs";
import type { PlannedFile, ScannedFile } from "../scan/file-scan.js";
import type { PlanningSyntax } from "./change-propagation.js";
import { moduleStem } from "./module-stem.js";
import { parseForPlanning, parseSource } from "./planning-syntax.js";
import { identifiersIn } from "./surface-change.js";

/**
 * What planning reads of the files it looks at, each read, parsed and searched at most once: texts (the
 * scan's, or read from disk), parses (the kept program's when there is one), planning syntaxes, the
 * identifiers of a text, and the stems of the files a file imported at its last extraction.
 */
export class PlanningFiles {
  private readonly fileByPath: ReadonlyMap<string, PlannedFile>;
  private readonly texts = new Map<string, string | undefined>();
  private readonly sourceFiles = new Map<string, ts.SourceFile>();
  private readonly syntaxes = new Map<string, PlanningSyntax | undefined>();
  private readonly identifiers = new Map<string, ReadonlySet<string>>();
  private readonly importedStems = new Map<string, ReadonlySet<string>>();

  /**
   * scanned: the changed and added files, whose text the scan read; candidates: the other files planning may
   * look at. parsedFile and importedFilesOf: as PlanningInput.parsedFile and PlanningStore.importedFilesOf.
   */
  constructor(
    scanned: readonly ScannedFile[],
    candidates: readonly PlannedFile[],
    private readonly parsedFile: ((fileName: string, text: string) => ts.SourceFile | undefined) | undefined,
    private readonly importedFilesOf: (path: string) => readonly string[],
  ) {
    this.fileByPath = new Map<string, PlannedFile>([...candidates, ...scanned].map((file) => [file.path, file]));
    for (const file of scanned) if (file.text !== undefined) this.texts.set(file.path, file.text);
  }

  /** Every file planning may look at: candidates, changed and added files. */
  paths(): Iterable<string> {
    return this.fileByPath.keys();
  }

  textOf(path: string): string | undefined {
    if (this.texts.has(path)) return this.texts.get(path);
    const file = this.fileByPath.get(path);
    let text: string | undefined;
    try {
      text = file === undefined ? undefined : fs.readFileSync(file.absolute, "utf8");
    } catch {
      text = undefined; // an unreadable file is reported by the scan
    }
    this.texts.set(path, text);
    return text;
  }

  /** Whether the file's text holds one of the names as an identifier (in code, comments or strings). */
  mentions(path: string, names: Iterable<string>): boolean {
    const text = this.textOf(path) ?? "";
    let inText = this.identifiers.get(path);
    for (const name of names) {
      if (inText === undefined) {
        if (!text.includes(name)) continue;
        inText = identifiersIn(text);
        this.identifiers.set(path, inText);
      }
      if (inText.has(name)) return true;
    }
    return false;
  }

  sourceFileOf(path: string): ts.SourceFile | undefined {
    const file = this.fileByPath.get(path);
    const text = this.textOf(path);
    if (file === undefined || text === undefined) return undefined;
    let sourceFile = this.sourceFiles.get(path);
    if (sourceFile === undefined) {
      sourceFile = this.parsedFile?.(file.absolute, text) ?? parseSource(file.absolute, text);
      this.sourceFiles.set(path, sourceFile);
    }
    return sourceFile;
  }

  syntaxOf(path: string): PlanningSyntax | undefined {
    if (this.syntaxes.has(path)) return this.syntaxes.get(path);
    const sourceFile = this.sourceFileOf(path);
    const syntax =
      sourceFile === undefined
        ? undefined
        : parseForPlanning(sourceFile.fileName, path, sourceFile.text, sourceFile).syntax;
    this.syntaxes.set(path, syntax);
    return syntax;
  }

  /** The planning syntax of a file if it was built already (syntaxOf), without building it. */
  knownSyntaxOf(path: string): PlanningSyntax | undefined {
    return this.syntaxes.get(path);
  }

  /** Stems of the files a file imported at its last extraction: what its non-relative specifiers named. */
  importedStemsOf(path: string): ReadonlySet<string> {
    let stems = this.importedStems.get(path);
    if (stems === undefined) {
      stems = new Set(this.importedFilesOf(path).map(moduleStem));
      this.importedStems.set(path, stems);
    }
    return stems;
  }
}
