import fs from "node:fs";
import path from "node:path";
import type { FileSystem } from "typescript/unstable/fs";

/**
 * The `fs` option of TypeScript 7's `new API({ fs })` that serves the rewritten tsconfig texts of
 * removed-options.ts and leaves every other read to the disk. Only `readFile` is given: the rewritten files exist on
 * disk (TypeScript 7 still finds them with its own fileExists/directoryExists), and a callback that returns undefined
 * means "read the real file". `fallback` is another overlay consulted for every other file (unsaved buffers).
 * Each path is matched as given and by its real path, since TypeScript 7 may ask for either.
 */
export function configOverlayFs(texts: ReadonlyMap<string, string>, fallback?: FileSystem): FileSystem {
  const served = new Map<string, string>();
  for (const [fileName, text] of texts) {
    served.set(path.resolve(fileName), text);
    const real = realPathOf(fileName);
    if (real !== undefined) served.set(real, text);
  }
  return {
    ...fallback,
    readFile: (fileName) => served.get(path.resolve(fileName)) ?? fallback?.readFile?.(fileName),
  };
}

function realPathOf(fileName: string): string | undefined {
  try {
    return fs.realpathSync(fileName);
  } catch {
    return undefined;
  }
}
