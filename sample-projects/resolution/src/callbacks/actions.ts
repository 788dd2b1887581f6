/** Formats a price in cents as a currency string. */
export function fmt(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

export function tick(): void {
  console.log('tick');
}

export function save(): void {
  console.log('saved');
}
