import type { Product } from '@shared/types';
import { Cart } from './cart';

const pen: Product = { id: 'p1', name: 'Pen', priceCents: 250, stock: 3 };

/** The total follows the lines added to the cart. */
export function testCartTotal(): void {
  const cart = new Cart();
  cart.add(pen, 2);
  if (cart.total() !== 500) {
    throw new Error(`expected 500, got ${cart.total()}`);
  }
}
