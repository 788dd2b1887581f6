/** An oxc-parser ESTree node, as far as ts-graph reads one: its type and its offsets; every other field unknown. */
export interface OxcNode {
  readonly type: string;
  readonly start: number;
  readonly end: number;
  readonly [field: string]: unknown;
}

export function isOxcNode(value: unknown): value is OxcNode {
  return typeof value === "object" && value !== null && typeof (value as { type?: unknown }).type === "string";
}
