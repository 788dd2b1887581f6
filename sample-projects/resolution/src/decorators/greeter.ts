// expect: IMPORTS src/decorators/greeter.ts -> src/decorators/decorators.ts
// expect: INSTANTIATES src/decorators/greeter.ts:greetAll -> src/decorators/greeter.ts:Greeter
// expect: CALLS src/decorators/greeter.ts:greetAll -> src/decorators/greeter.ts:Greeter.greet
// expect-not: CALLS src/decorators/greeter.ts:greetAll -> src/decorators/decorators.ts:logged
// (no expectation is written for the decorator applications @sealed / @logged themselves:
//  which node owns them is an indexer design decision)
import { logged, sealed } from './decorators';

@sealed
export class Greeter {
  constructor(private readonly salutation: string) {}

  @logged
  greet(name: string): string {
    return `${this.salutation}, ${name}`;
  }
}

export function greetAll(names: string[]): string[] {
  const greeter = new Greeter('Hello');
  return names.map((name) => greeter.greet(name));
}
