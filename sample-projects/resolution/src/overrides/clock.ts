// expect: OVERRIDES src/overrides/clock.ts:SystemClock.now -> src/overrides/clock.ts:Clock.now
// expect: OVERRIDES src/overrides/clock.ts:FrozenClock.now -> src/overrides/clock.ts:SystemClock.now
// expect: OVERRIDES src/overrides/clock.ts:Timer.now -> src/overrides/clock.ts:Clock.now
// expect: OVERRIDES src/overrides/clock.ts:fixedClock.now -> src/overrides/clock.ts:Clock.now
// expect: OVERRIDES src/overrides/clock.ts:LoggingClock.now -> src/overrides/clock.ts:SystemClock.now
// expect-not: OVERRIDES src/overrides/clock.ts:LoggingClock.create -> src/overrides/clock.ts:SystemClock.create
// expect-not: OVERRIDES src/overrides/clock.ts:looseClock.now -> src/overrides/clock.ts:Clock.now
// expect: CALLS src/overrides/clock.ts:elapsed -> src/overrides/clock.ts:Clock.now

export interface Clock {
  now(): number;
}

/** An interface that extends another restates the member it refines. */
export interface Timer extends Clock {
  now(): number;
  elapsedSince(start: number): number;
}

export class SystemClock implements Clock {
  static create(): SystemClock {
    return new SystemClock();
  }

  now(): number {
    return Date.now();
  }
}

/** Overrides a member its base class declares. */
export class FrozenClock extends SystemClock {
  constructor(private readonly at: number) {
    super();
  }

  override now(): number {
    return this.at;
  }
}

class Quiet extends SystemClock {}

/** The base class does not declare `now`; the member it inherits does. Static members override nothing. */
export class LoggingClock extends Quiet {
  static override create(): LoggingClock {
    return new LoggingClock();
  }

  override now(): number {
    const value = super.now();
    console.log(value);
    return value;
  }
}

/** An object literal typed by an interface implements its members. */
export const fixedClock: Clock = {
  now() {
    return 0;
  },
};

/** Without a contextual type, a same-named method implements nothing. */
export const looseClock = {
  now() {
    return 1;
  },
};

export function elapsed(clock: Clock, start: number): number {
  return clock.now() - start;
}
