import type { NodeKind } from "../../../model/graph-kinds.js";

/** What the sites of more than one concern may point to (docs/graph.md, Edges); the others are where they are used. */
export const CALL_TARGET_KINDS: ReadonlySet<NodeKind> = new Set<NodeKind>([
  "Function",
  "Method",
  "Constructor",
  "Class",
  "Variable",
  "Property",
]);
/** Any declaration whose value a use may read (READS for those that are not REFERENCE_TARGET_KINDS, ADR 0009). */
export const VALUE_TARGET_KINDS: ReadonlySet<NodeKind> = new Set<NodeKind>([
  "Function",
  "Method",
  "Class",
  "Variable",
  "Property",
  "Enum",
  "Namespace",
]);
/** A namespace that qualifies a type name (`Brand.BrandErrors`), or an enum naming a member's type (`Kind.ZodString`). */
export const QUALIFIER_KINDS: ReadonlySet<NodeKind> = new Set<NodeKind>(["Namespace", "Enum"]);
/** Members that override, and that a key, a destructured name or an indexed access type names. */
export const MEMBER_KINDS: ReadonlySet<NodeKind> = new Set<NodeKind>(["Method", "Property"]);
