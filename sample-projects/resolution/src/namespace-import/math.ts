export const EPSILON = 1e-9;

export function add(a: number, b: number): number {
  return a + b;
}

export function multiply(a: number, b: number): number {
  return a * b;
}

export function nearlyEqual(a: number, b: number): boolean {
  return Math.abs(a - b) < EPSILON;
}
