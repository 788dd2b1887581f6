// expect: IMPORTS src/callbacks/usage.ts -> src/callbacks/actions.ts
// expect: REFERENCES src/callbacks/usage.ts:formatPrices -> src/callbacks/actions.ts:fmt
// expect: REFERENCES src/callbacks/usage.ts:startClock -> src/callbacks/actions.ts:tick
// expect: REFERENCES src/callbacks/usage.ts:buildHandlers -> src/callbacks/actions.ts:save
import { fmt, save, tick } from './actions';

export interface Handlers {
  onSave: () => void;
}

export function formatPrices(prices: number[]): string[] {
  return prices.map(fmt);
}

export function startClock(): number {
  return setTimeout(tick, 1000);
}

export function buildHandlers(): Handlers {
  return { onSave: save };
}
