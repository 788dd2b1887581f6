import { ts } from "../ts6/typescript6.js";
import { SyntaxKind as Ts7SyntaxKind } from "typescript/unstable/ast";

/**
 * The two compilers number their syntax kinds differently (TypeScript 7 dropped some kinds and renumbered the
 * rest) but name them alike. A kind's name, taken from an enum whose markers (`FirstToken`, `LastKeyword`…)
 * share numbers with real kinds: the first name given to a number is the kind's own.
 */
function namesByNumber(enumObject: Record<string, string | number>): Map<number, string> {
  const names = new Map<number, string>();
  for (const [name, value] of Object.entries(enumObject)) {
    if (typeof value !== "number" || /^(First|Last)[A-Z]/.test(name)) continue;
    if (!names.has(value)) names.set(value, name);
  }
  return names;
}

const TS6_NAMES = namesByNumber(ts.SyntaxKind as unknown as Record<string, string | number>);
const TS7_NAMES = namesByNumber(Ts7SyntaxKind as unknown as Record<string, string | number>);

/** TypeScript 6's kind for each TypeScript 7 kind that has one, by number. */
const TS6_KIND_OF_TS7 = new Map<number, number>();
{
  const ts6ByName = new Map([...TS6_NAMES].map(([value, name]) => [name, value]));
  for (const [value, name] of TS7_NAMES) {
    const ts6 = ts6ByName.get(name);
    if (ts6 !== undefined) TS6_KIND_OF_TS7.set(value, ts6);
  }
}

/** The TypeScript 6 syntax kind of a TypeScript 7 node kind, or undefined where TypeScript 6 has no such kind. */
export function ts6KindOf(ts7Kind: number): ts.SyntaxKind | undefined {
  return TS6_KIND_OF_TS7.get(ts7Kind);
}
