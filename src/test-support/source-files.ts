import fs from "node:fs";
import path from "node:path";

/** The source files under dir (absolute paths): `.ts` files, tests and `test-support/` left out. */
export function listSources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "test-support" ? [] : listSources(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [full] : [];
  });
}
