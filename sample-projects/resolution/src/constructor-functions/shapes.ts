// `new` of a constructor function, of a variable whose type has a construct signature, and `new this()` in a
// static method are INSTANTIATES too.
// expect: INSTANTIATES src/constructor-functions/shapes.ts:makePoint -> src/constructor-functions/shapes.ts:LegacyPoint
// expect: INSTANTIATES src/constructor-functions/shapes.ts:makeShape -> src/constructor-functions/shapes.ts:ShapeCtor
// expect: INSTANTIATES src/constructor-functions/shapes.ts:Model.create -> src/constructor-functions/shapes.ts:Model
// expect: INSTANTIATES src/constructor-functions/shapes.ts:User.create -> src/constructor-functions/shapes.ts:User

export function LegacyPoint(this: { x: number }, x: number): void {
  this.x = x;
}

export class Shape {
  constructor(readonly sides: number) {}
}

export const ShapeCtor: new (sides: number) => Shape = Shape;

export function makePoint(): unknown {
  return new (LegacyPoint as unknown as new (x: number) => { x: number })(1);
}

export function makeShape(): Shape {
  return new ShapeCtor(3);
}

export class Model {
  static create(): Model {
    return new this();
  }
}

export class User extends Model {
  static override create(): User {
    return new this();
  }
}
