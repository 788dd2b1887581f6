export interface LineItem {
  sku: string;
  price: number;
  quantity: number;
}

export class Cart {
  private readonly items: LineItem[] = [];

  add(item: LineItem): void {
    this.items.push(item);
  }

  /** Returns the sum of price * quantity over all items. */
  total(): number {
    return this.items.reduce((sum, item) => sum + item.price * item.quantity, 0);
  }
}

export class Wishlist {
  private readonly skus = new Set<string>();

  add(sku: string): void {
    this.skus.add(sku);
  }

  /** Number of wished-for products (same method name as Cart.total). */
  total(): number {
    return this.skus.size;
  }
}
