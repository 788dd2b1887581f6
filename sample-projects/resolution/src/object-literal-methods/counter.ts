// expect: OVERRIDES src/object-literal-methods/counter.ts:makeCounter.increment -> src/object-literal-methods/counter.ts:Counter.increment
// expect: OVERRIDES src/object-literal-methods/counter.ts:makeCounter.value -> src/object-literal-methods/counter.ts:Counter.value
// expect: CALLS src/object-literal-methods/counter.ts:makeCounter.increment -> src/object-literal-methods/counter.ts:clamp
// expect: CALLS src/object-literal-methods/counter.ts:countTo -> src/object-literal-methods/counter.ts:Counter.increment
// expect: CALLS src/object-literal-methods/counter.ts:countTo -> src/object-literal-methods/counter.ts:Counter.value
// expect: CALLS src/object-literal-methods/counter.ts:tally -> src/object-literal-methods/counter.ts:tally.add
// expect-not: CALLS src/object-literal-methods/counter.ts:makeCounter -> src/object-literal-methods/counter.ts:clamp

export interface Counter {
  increment(): void;
  value(): number;
}

function clamp(value: number): number {
  return Math.min(value, 1000);
}

/** A method of an object literal a function returns is a node of its own, inside the function. */
export const makeCounter = (): Counter => {
  let count = 0;
  return {
    increment() {
      count = clamp(count + 1);
    },
    value() {
      return count;
    },
  };
};

export function countTo(limit: number): number {
  const counter = makeCounter();
  while (counter.value() < limit) counter.increment();
  return counter.value();
}

export function tally(values: readonly number[]): number {
  const sum = {
    total: 0,
    add(value: number) {
      this.total += value;
    },
  };
  for (const value of values) sum.add(value);
  return sum.total;
}
