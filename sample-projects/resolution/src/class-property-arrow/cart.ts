// expect: CALLS src/class-property-arrow/cart.ts:Cart.add -> src/class-property-arrow/cart.ts:Cart.onChange
// expect: CALLS src/class-property-arrow/cart.ts:Cart.onChange -> src/class-property-arrow/cart.ts:Cart.recalculate
// expect: CALLS src/class-property-arrow/cart.ts:Cart.clear -> src/class-property-arrow/cart.ts:Cart.onChange
// expect: CALLS src/class-property-arrow/cart.ts:fillCart -> src/class-property-arrow/cart.ts:Cart.add
// expect: INSTANTIATES src/class-property-arrow/cart.ts:fillCart -> src/class-property-arrow/cart.ts:Cart

export class Cart {
  private prices: number[] = [];
  private sum = 0;

  /** Bound handler: safe to pass around without losing `this`. */
  onChange = (): void => {
    this.recalculate();
  };

  add(price: number): void {
    this.prices.push(price);
    this.onChange();
  }

  clear(): void {
    this.prices = [];
    this.onChange();
  }

  total(): number {
    return this.sum;
  }

  private recalculate(): void {
    this.sum = this.prices.reduce((a, b) => a + b, 0);
  }
}

export function fillCart(prices: number[]): number {
  const cart = new Cart();
  prices.forEach((price) => cart.add(price));
  return cart.total();
}
