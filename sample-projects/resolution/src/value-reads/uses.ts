// A read of a module-level or class-level declaration from another declaration is an edge (ADR 0009):
// REFERENCES for a function, method or class used as a value, READS for anything else, whatever the form.
import { current, DefaultFormatter, fallback, LIMIT, Level, other, Settings, table, Units } from './values';
import * as values from './values';

type Fn = (value: string) => string;

// expect: REFERENCES src/value-reads/uses.ts:pickNullish -> src/value-reads/values.ts:fallback
export function pickNullish(given?: Fn): Fn {
  return given ?? fallback;
}

// expect: REFERENCES src/value-reads/uses.ts:pickOr -> src/value-reads/values.ts:fallback
// expect: REFERENCES src/value-reads/uses.ts:pickOr -> src/value-reads/values.ts:other
export function pickOr(given: Fn | undefined, strict: boolean): Fn {
  return (strict && other) || given || fallback;
}

// expect: REFERENCES src/value-reads/uses.ts:pickComma -> src/value-reads/values.ts:other
export function pickComma(): Fn {
  return (console.log('picked'), other);
}

// expect: READS src/value-reads/uses.ts:bump -> src/value-reads/values.ts:current
// expect: READS src/value-reads/uses.ts:bump -> src/value-reads/values.ts:LIMIT
export function bump(): void {
  let next = 0;
  next = LIMIT;
  current += next;
}

// expect: READS src/value-reads/uses.ts:spread -> src/value-reads/values.ts:table
// expect: READS src/value-reads/uses.ts:spread -> src/value-reads/values.ts:Settings.defaults
// expect: READS src/value-reads/uses.ts:spread -> src/value-reads/values.ts:Settings
export function spread(): object {
  return { ...table, ...Settings.defaults };
}

// expect: READS src/value-reads/uses.ts:describe -> src/value-reads/values.ts:LIMIT
// expect: READS src/value-reads/uses.ts:describe -> src/value-reads/values.ts:Settings.name
export function describe(settings: Settings): string {
  return `${settings.name} up to ${LIMIT}`;
}

// expect: READS src/value-reads/uses.ts:shorthand -> src/value-reads/values.ts:LIMIT
// expect: REFERENCES src/value-reads/uses.ts:shorthand -> src/value-reads/values.ts:fallback
export function shorthand(): object {
  return { LIMIT, fallback };
}

// expect: READS src/value-reads/uses.ts:withDefault -> src/value-reads/values.ts:LIMIT
// expect: REFERENCES src/value-reads/uses.ts:withDefault -> src/value-reads/values.ts:fallback
export function withDefault(count = LIMIT, format: Fn = fallback): string {
  return format(String(count));
}

// expect: REFERENCES src/value-reads/uses.ts:casts -> src/value-reads/values.ts:DefaultFormatter
// expect: READS src/value-reads/uses.ts:casts -> src/value-reads/values.ts:table
export function casts(): unknown[] {
  return [DefaultFormatter as unknown, table satisfies object];
}

// expect: READS src/value-reads/uses.ts:destructure -> src/value-reads/values.ts:LIMIT
// expect: REFERENCES src/value-reads/uses.ts:destructure -> src/value-reads/values.ts:other
export function destructure(options: { max?: number; format?: Fn }): string {
  const { max = LIMIT, format = other } = options;
  return format(String(max));
}

// expect: READS src/value-reads/uses.ts:levels -> src/value-reads/values.ts:Level
// expect: READS src/value-reads/uses.ts:levels -> src/value-reads/values.ts:Units
// expect: READS src/value-reads/uses.ts:levels -> src/value-reads/values.ts:Units.metre
export function levels(level: Level): number {
  return level === Level.High ? Units.metre : 0;
}

// expect: REFERENCES src/value-reads/uses.ts:compare -> src/value-reads/values.ts:fallback
// expect: READS src/value-reads/uses.ts:compare -> src/value-reads/values.ts:LIMIT
export function compare(format: Fn, size: number): boolean {
  return format === fallback && size > LIMIT;
}

// expect: READS src/value-reads/uses.ts:throughNamespace -> src/value-reads/values.ts:LIMIT
// expect: REFERENCES src/value-reads/uses.ts:throughNamespace -> src/value-reads/values.ts:other
export function throughNamespace(): [number, Fn] {
  return [values.LIMIT, values.other];
}

// expect: READS src/value-reads/uses.ts:byKey -> src/value-reads/values.ts:Settings.name
export function byKey(settings: Settings): string {
  return settings['name'];
}

// A call is CALLS only, a type is USES_TYPE only: neither is also a read.
// expect-not: REFERENCES src/value-reads/uses.ts:callOnly -> src/value-reads/values.ts:fallback
// expect-not: READS src/value-reads/uses.ts:callOnly -> src/value-reads/values.ts:Settings
export function callOnly(settings: Settings): string {
  return fallback(settings.name);
}
