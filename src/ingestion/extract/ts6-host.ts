/**
 * TypeScript 6 as the extractor, planning and the edit tools use it (ts-morph's bundled TypeScript), and the one
 * place its lib files are served from: every host this project builds over it (the programs' compiler host,
 * program-loader.ts; the edit tools' language service host, ingestion/edit/edit-language.ts) reads the libs
 * from memory through `inMemoryLibs`, and type-relation.ts reads their texts from `getLibFiles`.
 *
 * `@ts-morph/common` (the bundled TypeScript and its lib files) is loaded with require(): an ESM `import` of this
 * 3 MB CommonJS module makes Node scan its whole source for named exports first (cjs-module-lexer), about
 * 0.3 to 0.4 s of CPU in every process that loads TypeScript. require() skips that scan.
 */
import { createRequire } from "node:module";
import path from "node:path";
import type { ts } from "ts-morph";

type TsMorphCommon = typeof import("@ts-morph/common");

const common = createRequire(import.meta.url)("@ts-morph/common") as TsMorphCommon;

export const getLibFiles: TsMorphCommon["getLibFiles"] = common.getLibFiles;
const libFolderInMemoryPath: TsMorphCommon["libFolderInMemoryPath"] = common.libFolderInMemoryPath;

/**
 * The bundled TypeScript, without loading ts-morph itself (its module is scanned for exports and run on an
 * ESM import: about 0.2 s of CPU). `import { ts } from "ts-morph"` gives the same object.
 */
export const typescript: TsMorphCommon["ts"] = common.ts;

/** The lib .d.ts files bundled with ts-morph's TypeScript, by absolute path under its virtual lib folder. */
let bundledLibFiles: ReadonlyMap<string, string> | undefined;
function libFiles(): ReadonlyMap<string, string> {
  bundledLibFiles ??= new Map(
    getLibFiles().map((file) => [path.posix.join(libFolderInMemoryPath, file.fileName), file.text]),
  );
  return bundledLibFiles;
}

/** What a host reads from disk, for everything but the libs. */
interface DiskReads {
  fileExists(fileName: string): boolean;
  readFile(fileName: string): string | undefined;
  directoryExists?(directory: string): boolean;
}

/** A host's lib-aware members: the bundled libs from memory, under their virtual folder, anything else from `disk`. */
export interface InMemoryLibs {
  /** The lib's text when the file is a bundled lib, else undefined. */
  libText(fileName: string): string | undefined;
  getDefaultLibLocation(): string;
  getDefaultLibFileName(options: ts.CompilerOptions): string;
  fileExists(fileName: string): boolean;
  readFile(fileName: string): string | undefined;
  directoryExists(directory: string): boolean;
}

/** The members every host over the bundled TypeScript shares, so that each reads the libs the same way. */
export function inMemoryLibs(disk: DiskReads): InMemoryLibs {
  return {
    libText: (fileName) => libFiles().get(fileName),
    getDefaultLibLocation: () => libFolderInMemoryPath,
    getDefaultLibFileName: (options) =>
      path.posix.join(libFolderInMemoryPath, typescript.getDefaultLibFileName(options)),
    fileExists: (fileName) => libFiles().has(fileName) || disk.fileExists(fileName),
    readFile: (fileName) => libFiles().get(fileName) ?? disk.readFile(fileName),
    directoryExists: (directory) => directory === libFolderInMemoryPath || (disk.directoryExists?.(directory) ?? true),
  };
}
