import { extractDeclarations } from "../ingestion/extract-declarations.js";
import { parseSource } from "../ingestion/planning-syntax.js";
import type { LineRange } from "./patch-log.js";

/**
 * The declarations a commit changed in one file: for every changed line of the file's version in that commit,
 * the innermost declaration around it (a method, not its class), named by the same rule as node keys (the
 * same syntax-only extraction the index uses), so that history lines up with today's nodes. A line outside
 * every declaration (an import, a top-level statement) changes the file only.
 */
export function changedDeclarations(path: string, text: string, ranges: readonly LineRange[]): string[] {
  if (ranges.length === 0) return [];
  const declarations = extractDeclarations(parseSource(path, text), path).nodes.filter((node) => node.kind !== "File");
  const changed = new Set<string>();
  for (const range of ranges) {
    for (let line = range.start; line <= range.end; line += 1) {
      let innermost: (typeof declarations)[number] | undefined;
      for (const node of declarations) {
        if (node.startLine > line || node.endLine < line) continue;
        // Children follow their parents in source order: on an equal span the later node is the inner one.
        if (innermost === undefined || node.endLine - node.startLine <= innermost.endLine - innermost.startLine) innermost = node;
      }
      if (innermost !== undefined) changed.add(innermost.qualifiedName);
    }
  }
  return [...changed].sort();
}
