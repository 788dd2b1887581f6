import type { CartLine } from './types';

/** Returns a price in cents formatted as euros, e.g. `12.50 €`. */
export function formatPrice(cents: number): string {
  return `${(cents / 100).toFixed(2)} €`;
}

/** Returns the sum of quantity * unit price over all lines, in cents. */
export function sumLines(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0);
}
