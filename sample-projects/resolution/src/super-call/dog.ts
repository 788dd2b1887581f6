// expect: IMPORTS src/super-call/dog.ts -> src/super-call/animal.ts
// expect: EXTENDS src/super-call/dog.ts:Dog -> src/super-call/animal.ts:Animal
// expect: CALLS src/super-call/dog.ts:Dog.constructor -> src/super-call/animal.ts:Animal.constructor
// expect: CALLS src/super-call/dog.ts:Dog.describe -> src/super-call/animal.ts:Animal.describe
// expect-not: CALLS src/super-call/dog.ts:Dog.describe -> src/super-call/dog.ts:Dog.describe
// expect: CALLS src/super-call/dog.ts:Dog.move -> src/super-call/animal.ts:Animal.move
// expect: CALLS src/super-call/dog.ts:Dog.move -> src/super-call/dog.ts:Dog.bark
// expect-not: CALLS src/super-call/dog.ts:Dog.move -> src/super-call/dog.ts:Dog.move
import { Animal } from './animal';

export class Dog extends Animal {
  private readonly breed: string;

  constructor(name: string, breed: string) {
    super(name);
    this.breed = breed;
  }

  override describe(): string {
    return `${super.describe()} (a ${this.breed})`;
  }

  override move(distance: number): string {
    const moved = super.move(distance);
    return `${moved} and said ${this.bark()}`;
  }

  bark(): string {
    return 'woof';
  }
}
