// expect: IMPORTS src/type-only-import/render.ts -> src/type-only-import/invoice.ts
// expect: IMPORTS src/type-only-import/render.ts -> src/type-only-import/currency.ts
// expect: USES_TYPE src/type-only-import/render.ts:renderInvoice -> src/type-only-import/invoice.ts:Invoice
// expect: USES_TYPE src/type-only-import/render.ts:renderInvoice -> src/type-only-import/currency.ts:Currency
// expect: CALLS src/type-only-import/render.ts:renderInvoice -> src/type-only-import/currency.ts:formatAmount
import type { Invoice } from './invoice';
import { type Currency, formatAmount } from './currency';

export function renderInvoice(invoice: Invoice, currency: Currency): string {
  return `Invoice ${invoice.number}: ${formatAmount(invoice.amountCents, currency)}`;
}
