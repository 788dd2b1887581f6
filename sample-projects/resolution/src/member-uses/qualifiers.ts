// What qualifies a type name or a `typeof` operand is used with it; a class extending a constant that holds
// a class reads the constant; a computed key in a type reads the key's value; `f<T>` passed is a reference.

export enum Kind {
  Circle,
  Square,
}

// expect: USES_TYPE src/member-uses/qualifiers.ts:Round.kind -> src/member-uses/qualifiers.ts:Kind
export interface Round {
  kind: Kind.Circle;
}

export const Codes = { invalid: 'invalid', missing: 'missing' } as const;

// expect: USES_TYPE src/member-uses/qualifiers.ts:InvalidCode -> src/member-uses/qualifiers.ts:Codes
export type InvalidCode = typeof Codes.invalid;

export namespace Shape {
  export interface Variance {
    readonly area: number;
  }
}

// expect: USES_TYPE src/member-uses/qualifiers.ts:Circle -> src/member-uses/qualifiers.ts:Shape
// expect-not: READS src/member-uses/qualifiers.ts -> src/member-uses/qualifiers.ts:Shape
export interface Circle extends Shape.Variance {
  readonly radius: number;
}

export const TypeId: unique symbol = Symbol('TypeId');

// expect: READS src/member-uses/qualifiers.ts:Branded -> src/member-uses/qualifiers.ts:TypeId
// expect-not: READS src/member-uses/qualifiers.ts -> src/member-uses/qualifiers.ts:TypeId
export type Branded = { readonly [TypeId]: true };

function makeBase(): new () => { readonly id: string } {
  return class {
    readonly id = 'base';
  };
}

export const Base = makeBase();

// expect: READS src/member-uses/qualifiers.ts:Child -> src/member-uses/qualifiers.ts:Base
export class Child extends Base {}

// A class that is no node reads it for the code it is written in.
// expect: READS src/member-uses/qualifiers.ts:makeChild -> src/member-uses/qualifiers.ts:Base
export function makeChild(): object {
  return new (class extends Base {})();
}

function identity<T>(value: T): T {
  return value;
}

// expect: REFERENCES src/member-uses/qualifiers.ts:numbers -> src/member-uses/qualifiers.ts:identity
export const numbers = [1, 2].map(identity<number>);
