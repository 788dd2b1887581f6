import { sumLines } from '@shared/money';
import { err, ok, type Result } from '@shared/result';
import type { CartLine, Order, UserId } from '@shared/types';
import { validateCartLine } from '@shared/validation';
import type { ProductRepository } from '../repositories/product-repository';

export class OrderService {
  private readonly orders: Order[] = [];

  constructor(private readonly products: ProductRepository) {}

  /** Validates every line, reserves stock and records the order. */
  placeOrder(userId: UserId, lines: CartLine[]): Result<Order> {
    for (const line of lines) {
      const checked = validateCartLine(line);
      if (!checked.ok) {
        return checked;
      }
      if (!this.products.reserve(line.productId, line.quantity)) {
        return err(`not enough stock for ${line.productId}`);
      }
    }
    const order: Order = {
      id: `o${this.orders.length + 1}`,
      userId,
      lines,
      totalCents: sumLines(lines),
      createdAt: new Date().toISOString(),
    };
    this.orders.push(order);
    return ok(order);
  }

  ordersFor(userId: UserId): Order[] {
    return this.orders.filter((order) => order.userId === userId);
  }
}
