// This file contains a deliberate syntax error (in `const limits` below).
// `progressLabel` is declared before the error, `remaining` after it.
import { clamp, percent } from './ok';

export function progressLabel(done: number, total: number): string {
  return `${percent(done, total).toFixed(0)}%`;
}

const limits = { min: 0, max: };

export function remaining(done: number, total: number): number {
  return clamp(total - done, limits.min, limits.max);
}
