// expect: IMPORTS src/overloads/use.ts -> src/overloads/parse.ts
// expect: CALLS src/overloads/use.ts:sumInput -> src/overloads/parse.ts:parse
// expect: CALLS src/overloads/use.ts:firstChars -> src/overloads/parse.ts:Reader.read
// expect: INSTANTIATES src/overloads/use.ts:firstChars -> src/overloads/parse.ts:Reader
import { parse, Reader } from './parse';

export function sumInput(single: string, list: string): number {
  const one = parse(single);
  const many = parse(list, true);
  return many.reduce((a, b) => a + b, one);
}

export function firstChars(text: string): string {
  const reader = new Reader(text);
  const head = reader.read();
  const rest = reader.read(3);
  return head + rest.join('');
}
