// expect: IMPORTS src/duplicate-names/use.ts -> src/duplicate-names/money.ts
// expect: CALLS src/duplicate-names/use.ts:payday -> src/duplicate-names/money.ts:Money.of
// expect: CALLS src/duplicate-names/use.ts:payday -> src/duplicate-names/money.ts:Wallet.deposit
// expect: CALLS src/duplicate-names/use.ts:payday -> src/duplicate-names/money.ts:format
// expect: INSTANTIATES src/duplicate-names/use.ts:payday -> src/duplicate-names/money.ts:Wallet
import { format, Money, Wallet } from './money';

export function payday(salaryCents: number): string {
  const wallet = new Wallet();
  wallet.deposit(Money.of(salaryCents));
  const before = format(salaryCents, 'EUR');
  wallet.balance = Money.of(wallet.balance.cents);
  return `${before} -> ${format(wallet.balance)}`;
}
