// expect: CALLS src/this-call/counter.ts:Counter.increment -> src/this-call/counter.ts:Counter.log
// expect: CALLS src/this-call/counter.ts:Counter.increment -> src/this-call/counter.ts:Counter.notify
// expect: CALLS src/this-call/counter.ts:Counter.reset -> src/this-call/counter.ts:Counter.log
// expect-not: CALLS src/this-call/counter.ts:Counter.increment -> src/this-call/audit.ts:AuditTrail.log
// expect-not: CALLS src/this-call/counter.ts:Counter.reset -> src/this-call/audit.ts:AuditTrail.log

/** A counter that keeps a log of every change made to it. */
export class Counter {
  private value = 0;
  private readonly history: string[] = [];
  private listeners: Array<(value: number) => void> = [];

  increment(step = 1): number {
    this.value += step;
    this.log(`increment by ${step}`);
    this.notify();
    return this.value;
  }

  reset(): void {
    this.value = 0;
    this.log('reset');
  }

  subscribe(listener: (value: number) => void): void {
    this.listeners.push(listener);
  }

  private notify(): void {
    for (const listener of this.listeners) {
      listener(this.value);
    }
  }

  private log(message: string): void {
    this.history.push(message);
  }
}
