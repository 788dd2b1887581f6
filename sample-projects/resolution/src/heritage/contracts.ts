// expect: EXTENDS src/heritage/contracts.ts:Named -> src/heritage/contracts.ts:Identified
// expect: IMPLEMENTS src/heritage/contracts.ts:Entity -> src/heritage/contracts.ts:Identified

export interface Identified {
  readonly id: string;
}

export interface Named extends Identified {
  readonly name: string;
}

export interface Serializable {
  toJSON(): Record<string, unknown>;
}

export interface Comparable<T> {
  compareTo(other: T): number;
}

export class Entity implements Identified {
  constructor(readonly id: string) {}
}
