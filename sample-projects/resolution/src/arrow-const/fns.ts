// expect: CALLS src/arrow-const/fns.ts:quadruple -> src/arrow-const/fns.ts:double

export const double = (n: number): number => n * 2;

export const shout = function (text: string): string {
  return `${text.toUpperCase()}!`;
};

export const quadruple = (n: number): number => double(double(n));
