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
