// expect: IMPORTS src/new-expression/factory.ts -> src/new-expression/vector.ts
// expect: INSTANTIATES src/new-expression/factory.ts:between -> src/new-expression/factory.ts:Point
// expect: INSTANTIATES src/new-expression/factory.ts:between -> src/new-expression/vector.ts:Vector
// expect-not: INSTANTIATES src/new-expression/factory.ts:between -> src/new-expression/vector.ts:Point
// expect: CALLS src/new-expression/factory.ts:distance -> src/new-expression/factory.ts:between
// expect: CALLS src/new-expression/factory.ts:distance -> src/new-expression/vector.ts:Vector.length
import { Vector as Vec } from './vector';

export class Point {
  constructor(readonly x: number, readonly y: number) {}
}

export function between(ax: number, ay: number, bx: number, by: number): Vec {
  const from = new Point(ax, ay);
  const to = new Point(bx, by);
  return new Vec(to.x - from.x, to.y - from.y);
}

export function distance(ax: number, ay: number, bx: number, by: number): number {
  return between(ax, ay, bx, by).length();
}
