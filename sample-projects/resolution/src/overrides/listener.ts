// expect: HOLDS_IMPLEMENTATION src/overrides/listener.ts:watch -> src/overrides/listener.ts:Listener.onTick
// expect: HOLDS_IMPLEMENTATION src/overrides/listener.ts:watch -> src/overrides/listener.ts:Listener.onStop
// expect: HOLDS_IMPLEMENTATION src/overrides/listener.ts:Ticker.quietly -> src/overrides/listener.ts:Listener.onTick
// expect: HOLDS_IMPLEMENTATION src/overrides/listener.ts:countTicks -> src/overrides/listener.ts:Listener.onTick
// expect: READS src/overrides/listener.ts:forward -> src/overrides/listener.ts:Listener.onTick
// expect-not: HOLDS_IMPLEMENTATION src/overrides/listener.ts:forward -> src/overrides/listener.ts:Listener.onTick
// expect-not: HOLDS_IMPLEMENTATION src/overrides/listener.ts:Ticker.quietly -> src/overrides/listener.ts:Listener.onStop
// expect: OVERRIDES src/overrides/listener.ts:countTicks.onStop -> src/overrides/listener.ts:Listener.onStop
// expect-not: HOLDS_IMPLEMENTATION src/overrides/listener.ts:untyped -> src/overrides/listener.ts:Listener.onTick

export interface Listener {
  onTick(at: number): void;
  onStop(): void;
}

export function record(at: number): void {
  console.log(at);
}

function stopAll(): void {
  console.log("stop");
}

/** Calls its listener's members: what runs is whichever object was passed, literals included. */
export class Ticker {
  constructor(private readonly listener: Partial<Listener> | ((at: number) => void)) {}

  beat(at: number): void {
    if (typeof this.listener === "function") this.listener(at);
    else this.listener.onTick?.(at);
  }

  /** A literal returned where the return type is the interface implements it too. */
  quietly(): Listener {
    return {
      onTick: function (at) {
        record(at);
      },
      onStop: stopAll,
    };
  }
}

/** A literal passed where a union with a `Partial` of the interface is expected: its functions implement the members. */
export function watch(): Ticker {
  return new Ticker({
    onTick: (at) => record(at),
    onStop: () => {
      stopAll();
    },
  });
}

/** A function value written elsewhere holds no code of the literal: the key only sets the member. */
export function forward(handler: (at: number) => void): Ticker {
  return new Ticker({ onTick: handler });
}

/** Without a contextual type, a same-named function implements nothing. */
export function untyped(): unknown {
  return { onTick: (at: number) => record(at) };
}

/** A literal assigned to an interface-typed variable; its method is a node of its own, which overrides the member. */
export function countTicks(): { counter: Listener; total: () => number } {
  let count = 0;
  const counter: Listener = {
    onTick: () => {
      count += 1;
    },
    onStop() {},
  };
  return { counter, total: () => count };
}
