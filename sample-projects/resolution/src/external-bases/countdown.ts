// expect: OVERRIDES src/external-bases/countdown.ts:Countdown.next -> lib:Iterator.next
// expect: OVERRIDES src/external-bases/countdown.ts:Repeat.next -> lib:Iterator.next
// expect: OVERRIDES src/external-bases/countdown.ts:Countdown.toString -> lib:Object.toString
// expect: OVERRIDES src/external-bases/countdown.ts:once.next -> lib:Iterator.next
// expect: CALLS src/external-bases/countdown.ts:drain -> lib:Iterator.next
// expect: CALLS src/external-bases/countdown.ts:drain -> lib:Array.push
// expect: CALLS src/external-bases/countdown.ts:total -> src/external-bases/countdown.ts:Countdown.next
// expect-not: CALLS src/external-bases/countdown.ts:total -> lib:Iterator.next
// expect-not: OVERRIDES src/external-bases/countdown.ts:Countdown.remaining -> lib:Iterator.next
// expect: CALLS src/external-bases/countdown.ts:first -> lib:Generator.next
// expect: CALLS src/external-bases/countdown.ts:first -> lib:Iterator.next

/** Members that implement a member of a library interface: a call through the interface may run them. */
export class Countdown implements Iterator<number> {
  constructor(private remaining: number) {}

  next(): IteratorResult<number> {
    return this.remaining > 0 ? { done: false, value: this.remaining-- } : { done: true, value: undefined };
  }

  toString(): string {
    return `Countdown(${this.remaining})`;
  }
}

export class Repeat implements Iterator<string> {
  constructor(private readonly text: string) {}

  next(): IteratorResult<string> {
    return { done: false, value: this.text };
  }
}

/** An object literal typed by a library interface implements its members too. */
export const once: Iterator<number> = {
  next() {
    return { done: true, value: undefined };
  },
};

/** A call through the library interface: it lands on lib's Iterator.next, which Countdown.next implements. */
export function drain(iterator: Iterator<number>, limit: number): number[] {
  const out: number[] = [];
  for (let step = iterator.next(); !step.done && out.length < limit; step = iterator.next()) out.push(step.value);
  return out;
}

/** A call on the class itself lands on the project's member, not on the library's. */
export function total(countdown: Countdown): number {
  let sum = 0;
  for (let step = countdown.next(); !step.done; step = countdown.next()) sum += step.value;
  return sum;
}

/** A call of a library member is also a call of the library members it overrides: Generator.next overrides Iterator.next. */
export function first(numbers: Generator<number>): number | undefined {
  const step = numbers.next();
  return step.done === true ? undefined : step.value;
}
