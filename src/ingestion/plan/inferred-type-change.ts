import type { StoredSurface } from "../../db/graph-store.js";
import type { ExtractedNode } from "../../model/extracted.js";

/**
 * Which of a changed file's declarations kept their inferred type (ADR 0012), by key, among those asked:
 * the engine compares what the checker infers for each before and after the change. An empty set when it
 * cannot tell (no program of the last run, or a type it does not compare), which keeps the text rule.
 */
type SameInferredTypes = (keys: readonly string[]) => ReadonlySet<string>;

/** Declarations asked about per changed file, at most: an edit of more than these many inferred declarations keeps the text rule. */
const MAX_COMPARED_PER_FILE = 24;

/**
 * The declarations whose surface changed only as text while the type stays what it was: inferred before and
 * after (surface `i:`), same key, kind and export, and an inferred type the engine finds unchanged (sameTypes).
 * Their stored surface stands for them in the comparison (surface-change.ts), so that they count as
 * unchanged and planning does not follow them to other files.
 */
export function withSurfacesOfSameTypes(
  before: readonly StoredSurface[],
  after: readonly ExtractedNode[],
  sameTypes: SameInferredTypes,
): readonly ExtractedNode[] {
  const stored = new Map(before.map((node) => [node.key, node]));
  const candidates = after.filter((node) => {
    const old = stored.get(node.key);
    return (
      old !== undefined &&
      old.surface !== node.surface &&
      old.surface.startsWith("i:") &&
      node.surface.startsWith("i:") &&
      old.kind === node.kind &&
      old.exported === node.exported
    );
  });
  if (candidates.length === 0 || candidates.length > MAX_COMPARED_PER_FILE) return after;
  const asked: string[] = candidates.map((node) => node.key);
  const same = new Set([...sameTypes(asked)].filter((key) => asked.includes(key)));
  if (same.size === 0) return after;
  return after.map((node) => {
    const old = stored.get(node.key);
    return old !== undefined && same.has(node.key) ? { ...node, surface: old.surface } : node;
  });
}
