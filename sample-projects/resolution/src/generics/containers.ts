// expect: INSTANTIATES src/generics/containers.ts:Box.map -> src/generics/containers.ts:Box

export function identity<T>(value: T): T {
  return value;
}

export function firstOf<T>(items: readonly T[]): T | undefined {
  return items[0];
}

/** An immutable single-value container. */
export class Box<T> {
  constructor(private readonly value: T) {}

  map<U>(transform: (value: T) => U): Box<U> {
    return new Box(transform(this.value));
  }

  get(): T {
    return this.value;
  }
}
