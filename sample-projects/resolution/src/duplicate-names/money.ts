// expect: CALLS src/duplicate-names/money.ts:Money.add -> src/duplicate-names/money.ts:Money.of
// expect: CALLS src/duplicate-names/money.ts:Wallet.deposit -> src/duplicate-names/money.ts:Money.add

/** Interface + namespace with the same name (declaration merging). */
export interface Money {
  readonly cents: number;
  readonly currency: string;
}

export namespace Money {
  export function of(cents: number, currency = 'EUR'): Money {
    return { cents: Math.round(cents), currency };
  }

  export function add(a: Money, b: Money): Money {
    if (a.currency !== b.currency) {
      throw new Error('currency mismatch');
    }
    return of(a.cents + b.cents, a.currency);
  }
}

/** Two overload signatures, one implementation. */
export function format(value: Money): string;
export function format(cents: number, currency: string): string;
export function format(value: Money | number, currency?: string): string {
  const money = typeof value === 'number' ? { cents: value, currency: currency ?? 'EUR' } : value;
  return `${(money.cents / 100).toFixed(2)} ${money.currency}`;
}

export class Wallet {
  private current: Money = { cents: 0, currency: 'EUR' };

  /** Getter/setter pair with the same name. */
  get balance(): Money {
    return this.current;
  }

  set balance(value: Money) {
    this.current = value;
  }

  deposit(amount: Money): void {
    this.current = Money.add(this.current, amount);
  }
}
