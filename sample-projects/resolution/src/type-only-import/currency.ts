export type Currency = 'EUR' | 'USD' | 'GBP';

export function formatAmount(cents: number, currency: Currency): string {
  return `${(cents / 100).toFixed(2)} ${currency}`;
}
