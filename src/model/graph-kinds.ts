/** Every kind of node the graph holds. */
export const NODE_KINDS = [
  "File",
  "Function",
  "Class",
  "Method",
  "Constructor",
  "Property",
  "Interface",
  "TypeAlias",
  "Enum",
  "Variable",
  "Namespace",
] as const;
export type NodeKind = (typeof NODE_KINDS)[number];

/** Every kind of edge the graph holds, with what it means. */
export const EDGE_KIND_MEANINGS = {
  CALLS:
    "source calls target (count and line of every call site; reading or writing an accessor property calls its getter or setter)",
  IMPORTS: "source file imports target file (imported names, type-only flag)",
  CONTAINS: "source declaration or file directly contains target declaration",
  EXTENDS: "source class or interface extends target",
  IMPLEMENTS: "source class implements target interface or class",
  OVERRIDES:
    "source member overrides or implements target, the same-named member of a class or interface its container extends or implements",
  HOLDS_IMPLEMENTATION:
    "source holds, in an object literal whose member is no node of its own, a function that implements target, the same-named member of the literal's contextual type (`subscribe({ next: (v) => … })`)",
  USES_TYPE:
    'target type (or the namespace or enum qualifying it, the value of a `typeof`, the member of `T["k"]`) appears in source\'s signature or is named in its body',
  REFERENCES:
    "source passes, stores or compares target function, method or class as a value (callbacks, handler maps, `a ?? f`)",
  READS:
    "source reads or writes the value of target variable, property, enum or namespace, uses a member of it, or names target member as an object literal's key or a destructured name (count and lines)",
  INSTANTIATES: "source constructs target class with `new` (count and lines)",
  RENDERS: "source renders target component as JSX (count and lines)",
} as const satisfies Record<string, string>;
export type EdgeKind = keyof typeof EDGE_KIND_MEANINGS;

/** Modifiers in the order they are written into `nodes.modifiers`. */
export const MODIFIER_ORDER = [
  "export",
  "default",
  "declare",
  "public",
  "protected",
  "private",
  "static",
  "abstract",
  "override",
  "readonly",
  "async",
  "generator",
  "get",
  "set",
  "arrow",
] as const;
export type Modifier = (typeof MODIFIER_ORDER)[number];
