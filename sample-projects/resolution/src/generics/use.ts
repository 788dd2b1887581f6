// expect: IMPORTS src/generics/use.ts -> src/generics/containers.ts
// expect: CALLS src/generics/use.ts:pipeline -> src/generics/containers.ts:identity
// expect: CALLS src/generics/use.ts:pipeline -> src/generics/containers.ts:firstOf
// expect: CALLS src/generics/use.ts:pipeline -> src/generics/containers.ts:Box.map
// expect: CALLS src/generics/use.ts:pipeline -> src/generics/containers.ts:Box.get
// expect: INSTANTIATES src/generics/use.ts:pipeline -> src/generics/containers.ts:Box
import { Box, firstOf, identity } from './containers';

export function pipeline(values: number[]): string {
  const explicit = identity<string>('start');
  const inferred = identity(values.length);
  const first = firstOf<number>(values) ?? firstOf(values) ?? inferred;
  const box = new Box<number>(first);
  const label = box.map<string>((n) => n.toFixed(1)).map((s) => `${explicit}:${s}`);
  return label.get();
}
