/**
 * TypeScript 6 (ts-morph's bundled TypeScript, from `@ts-morph/common`): the one module of the project that imports
 * it. Every other module takes `ts` from here (src/layering.test.ts), so that a change of how TypeScript 6 is
 * loaded, or of which copy, is made here alone. The extractor (engine ts6, and the syntax trees both engines walk),
 * planning, the edit tools, the diff's API rules, config discovery and the git history use it.
 *
 * It is also the one place the lib files are served from: every host this project builds over TypeScript 6 (the
 * programs' compiler host, ingestion/extract/program-loader.ts; the edit tools' language service host,
 * ingestion/edit/edit-language.ts) reads the libs from memory through `inMemoryLibs`, and diff/type-relation.ts
 * reads their texts from `getLibFiles`.
 *
 * ts-morph itself is not loaded: the project uses none of its classes, and its module, imported as ESM, is scanned
 * for named exports and run on top of `@ts-morph/common` (about 0.05 s of CPU).
 */
import path from "node:path";
import { getLibFiles, libFolderInMemoryPath, ts } from "@ts-morph/common";

export { getLibFiles, ts };

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
    getDefaultLibFileName: (options) => path.posix.join(libFolderInMemoryPath, ts.getDefaultLibFileName(options)),
    fileExists: (fileName) => libFiles().has(fileName) || disk.fileExists(fileName),
    readFile: (fileName) => libFiles().get(fileName) ?? disk.readFile(fileName),
    directoryExists: (directory) => directory === libFolderInMemoryPath || (disk.directoryExists?.(directory) ?? true),
  };
}
