/** A declaration's line span, as the graph has it. */
export interface SpanRow {
  readonly qualifiedName: string;
  readonly kind: string;
  readonly startLine: number;
  readonly endLine: number;
}

/**
 * The innermost declaration whose lines contain `line` (the narrowest span; of equal spans, the one that starts
 * later, which is the nested one), or undefined at top level.
 */
export function enclosingSymbol(spans: readonly SpanRow[], line: number): SpanRow | undefined {
  let best: SpanRow | undefined;
  for (const span of spans) {
    if (span.startLine > line || span.endLine < line) continue;
    const width = span.endLine - span.startLine;
    const bestWidth = best === undefined ? Number.POSITIVE_INFINITY : best.endLine - best.startLine;
    if (width < bestWidth || (width === bestWidth && best !== undefined && span.startLine > best.startLine))
      best = span;
  }
  return best;
}
