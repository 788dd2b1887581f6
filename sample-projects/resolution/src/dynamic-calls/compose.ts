// A call site whose callee resolves to no node and to nothing in lib or node_modules has no static target:
// it is recorded as a dynamic call (owner, line, callee as written) instead of being dropped. The const
// arrow `dispatch` inside `compose` is a node of its own (`compose.dispatch`), so it owns its calls.
// expect: dynamic src/dynamic-calls/compose.ts:compose.dispatch handler
// expect: dynamic src/dynamic-calls/compose.ts:compose.dispatch middleware[index]
// expect: dynamic src/dynamic-calls/compose.ts:runFactory makeHandler()
// expect: dynamic src/dynamic-calls/compose.ts:Router.handle this.routes.get(path)!
// expect: CALLS src/dynamic-calls/compose.ts:runFactory -> src/dynamic-calls/compose.ts:makeHandler
// expect-not: dynamic src/dynamic-calls/compose.ts:compose.dispatch console.log
// expect-not: dynamic src/dynamic-calls/compose.ts:runFactory setTimeout
// expect-not: dynamic src/dynamic-calls/compose.ts:runFactory Math.max

export type Middleware = (context: string, next: () => void) => void;

export function compose(middleware: readonly Middleware[]): (context: string) => void {
  return (context) => {
    const dispatch = (index: number): void => {
      const handler = middleware[index];
      if (handler === undefined) return;
      console.log(`step ${index}`);
      handler(context, () => dispatch(index + 1));
      middleware[index]?.(context, () => undefined);
    };
    dispatch(0);
  };
}

function makeHandler(): () => number {
  return () => Math.max(1, 2);
}

export function runFactory(): number {
  setTimeout(() => undefined, 0);
  return makeHandler()() + Math.max(0, 1);
}

export class Router {
  private readonly routes = new Map<string, (path: string) => string>();

  handle(path: string): string {
    return this.routes.get(path)!(path);
  }
}
