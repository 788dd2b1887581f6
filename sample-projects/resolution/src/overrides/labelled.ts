// expect: OVERRIDES src/overrides/labelled.ts:Badge.label -> src/overrides/labelled.ts:Labelled.label
// expect: OVERRIDES src/overrides/labelled.ts:Badge.now -> src/overrides/clock.ts:Clock.now
// expect: CALLS src/overrides/labelled.ts:describe -> src/overrides/labelled.ts:Labelled.label

import type { Clock } from "./clock.js";

export interface Labelled {
  label(): string;
}

/**
 * A type alias of an intersection as a heritage type. ts-graph relates Badge's members to the members of
 * both sides; the compiler's find-references follows only class and interface heritage types, so its call
 * hierarchy does not (docs/accuracy.md counts these sites on their own row).
 */
export type LabelledClock = Labelled & Clock;

export class Badge implements LabelledClock {
  label(): string {
    return "badge";
  }

  now(): number {
    return 42;
  }
}

export function describe(item: Labelled): string {
  return item.label();
}
