// expect: IMPORTS src/arrow-const/use.ts -> src/arrow-const/fns.ts
// expect: CALLS src/arrow-const/use.ts:announce -> src/arrow-const/fns.ts:shout
// expect: CALLS src/arrow-const/use.ts:announce -> src/arrow-const/fns.ts:quadruple
// expect: CALLS src/arrow-const/use.ts:announce -> src/arrow-const/fns.ts:double
import { double, quadruple, shout } from './fns';

export function announce(count: number): string {
  return shout(`${double(count)} / ${quadruple(count)}`);
}
