// Members named without a read of `x.f`: an object literal's key sets the member of the literal's contextual
// type (READS, as a write), a destructured name reads the member of the destructured type, and `T["k"]`
// names the member's type (USES_TYPE).

export interface Options {
  maxDepth: number;
  label: string;
}

export interface TooBig {
  code: 'too_big';
  maximum: number;
}

export interface TooSmall {
  code: 'too_small';
  minimum: number;
}

export type Issue = TooBig | TooSmall;

export function run(options: Options): string {
  return `${options.label}:${options.maxDepth}`;
}

export function report(issue: Issue): string {
  return issue.code;
}
