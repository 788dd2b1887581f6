import { type Options, report, run } from './options';

// expect: READS src/member-uses/uses.ts:start -> src/member-uses/options.ts:Options.maxDepth
// expect: READS src/member-uses/uses.ts:start -> src/member-uses/options.ts:Options.label
export function start(label: string): string {
  return run({ maxDepth: 2, label });
}

// Of a union, only the members the literal's literal-valued keys do not rule out.
// expect: READS src/member-uses/uses.ts:tooBig -> src/member-uses/options.ts:TooBig.code
// expect: READS src/member-uses/uses.ts:tooBig -> src/member-uses/options.ts:TooBig.maximum
// expect-not: READS src/member-uses/uses.ts:tooBig -> src/member-uses/options.ts:TooSmall.code
export function tooBig(): string {
  return report({ code: 'too_big', maximum: 3 });
}

// expect: READS src/member-uses/uses.ts:describe -> src/member-uses/options.ts:Options.maxDepth
// expect: READS src/member-uses/uses.ts:describe -> src/member-uses/options.ts:Options.label
export function describe({ maxDepth }: Options, options: Options): string {
  const { label: name } = options;
  return `${name} ${maxDepth}`;
}

// expect: USES_TYPE src/member-uses/uses.ts:Depth -> src/member-uses/options.ts:Options.maxDepth
export type Depth = Options['maxDepth'];

// At module level, the variable a key or a destructured name is written in reads the member.
// expect: READS src/member-uses/uses.ts:defaults -> src/member-uses/options.ts:Options.maxDepth
// expect: READS src/member-uses/uses.ts:topLabel -> src/member-uses/options.ts:Options.label
export const defaults: Options = { maxDepth: 1, label: 'top' };
export const { label: topLabel } = defaults;
