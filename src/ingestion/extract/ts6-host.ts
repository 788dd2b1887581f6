/**
 * `@ts-morph/common` (the bundled TypeScript's lib files), loaded with require(): an ESM `import` of this
 * 3 MB CommonJS module makes Node scan its whole source for named exports first (cjs-module-lexer), about
 * 0.3 to 0.4 s of CPU in every process that loads TypeScript. require() skips that scan.
 */
import { createRequire } from "node:module";

type TsMorphCommon = typeof import("@ts-morph/common");

const common = createRequire(import.meta.url)("@ts-morph/common") as TsMorphCommon;

export const getLibFiles: TsMorphCommon["getLibFiles"] = common.getLibFiles;
export const libFolderInMemoryPath: TsMorphCommon["libFolderInMemoryPath"] = common.libFolderInMemoryPath;

/**
 * The bundled TypeScript, without loading ts-morph itself (its module is scanned for exports and run on an
 * ESM import: about 0.2 s of CPU). `import { ts } from "ts-morph"` gives the same object.
 */
export const typescript: TsMorphCommon["ts"] = common.ts;
