// expect: CALLS src/decorators/decorators.ts:sealed -> src/decorators/decorators.ts:record
// expect: CALLS src/decorators/decorators.ts:logged -> src/decorators/decorators.ts:record

const journal: string[] = [];

export function record(entry: string): void {
  journal.push(entry);
}

/** Standard (TC39) class decorator: freezes the constructor once defined. */
export function sealed<T extends abstract new (...args: never[]) => object>(
  target: T,
  context: ClassDecoratorContext<T>,
): void {
  record(`sealed ${String(context.name)}`);
  context.addInitializer(function () {
    Object.seal(target);
  });
}

/** Standard (TC39) method decorator: records every invocation. */
export function logged<This, Args extends unknown[], Return>(
  target: (this: This, ...args: Args) => Return,
  context: ClassMethodDecoratorContext<This, (this: This, ...args: Args) => Return>,
): (this: This, ...args: Args) => Return {
  const name = String(context.name);
  return function (this: This, ...args: Args): Return {
    record(`call ${name}`);
    return target.call(this, ...args);
  };
}
