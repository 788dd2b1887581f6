import type { LineSpan } from "../../model/extracted.js";
import type { NodeKey } from "../../model/node-key.js";

/**
 * A holder entered through its object literal's function (a HOLDS_IMPLEMENTATION edge, ADR 0046): a call of
 * `Observer.next` runs the `next: (value) => dest.next(value)` that `share` passes, not the rest of `share`. A
 * walk out treats such an entry as a node of its own, keyed `<holder key> (literal next at 225)`, whose edges
 * are the holder's edges with a site on the literal function's lines (the edge's `spans`: several when the holder
 * has several literals implementing the member). Its name in an answer is the holder's; the key says the lines.
 *
 * Lines, not columns: a site on a line the literal's function shares with other code of the holder
 * (`{ next: (v) => a(v), error: (e) => b(e) }` written on one line) counts as the function's.
 */
export interface LiteralEntry {
  readonly holder: NodeKey;
  /** The implemented member's name, which is the literal's key (`next`). */
  readonly name: string;
  readonly spans: readonly LineSpan[];
}

function spanText([start, end]: LineSpan): string {
  return start === end ? `${start}` : `${start}-${end}`;
}

/** ` (literal next at 225)`, ` (literal next at 142-146, 173-177)`: what a literal entry adds to its holder's name. */
function entryNote(name: string, spans: readonly LineSpan[]): string {
  return ` (literal ${name} at ${spans.map(spanText).join(", ")})`;
}

/** The key of a literal entry: the holder's key and the note (`src/share.ts:share (literal next at 225)`). */
export function literalEntryKey(entry: LiteralEntry): NodeKey {
  return `${entry.holder}${entryNote(entry.name, entry.spans)}` as NodeKey;
}

const ENTRY_KEY = /^(.+) \(literal (.+) at (\d+(?:-\d+)?(?:, \d+(?:-\d+)?)*)\)$/s;

/** The literal entry a key names, or undefined for any other key. */
export function parseLiteralEntry(key: string): LiteralEntry | undefined {
  const match = ENTRY_KEY.exec(key);
  if (match?.[1] === undefined || match[2] === undefined || match[3] === undefined) return undefined;
  const spans = match[3].split(", ").map((text): LineSpan => {
    const [start = 0, end = start] = text.split("-").map(Number);
    return [start, end];
  });
  return { holder: match[1] as NodeKey, name: match[2], spans };
}

/** ` (literal next at 225)` for a literal entry's key, "" for any other. */
export function literalNote(key: string): string {
  const entry = parseLiteralEntry(key);
  return entry === undefined ? "" : entryNote(entry.name, entry.spans);
}

/** The node a key stands for: a literal entry's holder, else the key itself. */
export function holderKey(key: string): string {
  return parseLiteralEntry(key)?.holder ?? key;
}

/** The literal entry a HOLDS_IMPLEMENTATION edge leads to, from its stored spans (schema.ts, edges.spans); undefined without spans. */
export function heldEntryKey(holder: string, name: string, spans: string | null): NodeKey | undefined {
  if (spans === null) return undefined;
  const parsed = JSON.parse(spans) as LineSpan[];
  return parsed.length === 0 ? undefined : literalEntryKey({ holder: holder as NodeKey, name, spans: parsed });
}

/** Whether a line lies in one of the spans. */
export function withinSpans(line: number, spans: readonly LineSpan[]): boolean {
  return spans.some(([start, end]) => line >= start && line <= end);
}
