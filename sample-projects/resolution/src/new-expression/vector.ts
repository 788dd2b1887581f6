// expect: INSTANTIATES src/new-expression/vector.ts:Vector.apply -> src/new-expression/vector.ts:Point

/** Internal helper with the same name as the Point class in factory.ts. */
class Point {
  constructor(readonly x: number, readonly y: number) {}
}

export class Vector {
  constructor(readonly dx: number, readonly dy: number) {}

  apply(x: number, y: number): { x: number; y: number } {
    return new Point(x + this.dx, y + this.dy);
  }

  length(): number {
    return Math.hypot(this.dx, this.dy);
  }
}
