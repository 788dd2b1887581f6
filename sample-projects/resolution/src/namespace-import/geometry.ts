// expect: IMPORTS src/namespace-import/geometry.ts -> src/namespace-import/math.ts
// expect: CALLS src/namespace-import/geometry.ts:hypotenuse -> src/namespace-import/math.ts:add
// expect: CALLS src/namespace-import/geometry.ts:hypotenuse -> src/namespace-import/math.ts:multiply
// expect: CALLS src/namespace-import/geometry.ts:isRightTriangle -> src/namespace-import/geometry.ts:hypotenuse
// expect: CALLS src/namespace-import/geometry.ts:isRightTriangle -> src/namespace-import/math.ts:nearlyEqual
import * as math from './math';

export function hypotenuse(a: number, b: number): number {
  return Math.sqrt(math.add(math.multiply(a, a), math.multiply(b, b)));
}

export function isRightTriangle(a: number, b: number, c: number): boolean {
  return math.nearlyEqual(hypotenuse(a, b), c);
}
