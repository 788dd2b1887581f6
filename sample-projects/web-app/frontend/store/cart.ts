import { sumLines } from '@shared/money';
import type { CartLine, Product, ProductId } from '@shared/types';
import { validateCartLine } from '@shared/validation';
import { Store } from './store';

export interface CartState {
  lines: CartLine[];
}

export class Cart extends Store<CartState> {
  constructor() {
    super({ lines: [] });
  }

  add(product: Product, quantity = 1): boolean {
    const existing = this.state.lines.find((line) => line.productId === product.id);
    const line: CartLine = {
      productId: product.id,
      quantity: (existing?.quantity ?? 0) + quantity,
      unitPriceCents: product.priceCents,
    };
    if (!validateCartLine(line).ok) {
      return false;
    }
    const others = this.state.lines.filter((l) => l.productId !== product.id);
    this.setState({ lines: [...others, line] });
    return true;
  }

  remove(productId: ProductId): void {
    this.setState({ lines: this.state.lines.filter((line) => line.productId !== productId) });
  }

  clear(): void {
    this.setState({ lines: [] });
  }

  /** Returns the cart total in cents. */
  total(): number {
    return sumLines(this.state.lines);
  }

  count(): number {
    return this.state.lines.reduce((n, line) => n + line.quantity, 0);
  }
}
