import { Injectable } from "../core/di.js";
import type { Logger } from "../core/logger.js";
import type { Entity } from "../core/repository.js";
import { Repository } from "../core/repository.js";
import type { Notifier } from "../mail/notifier.js";
import { UserService } from "../users/user-service.js";

export interface Order extends Entity {
  readonly userEmail: string;
  readonly total: number;
}

@Injectable()
export class OrderRepository extends Repository<Order> {
  tableName(): string {
    return "orders";
  }
}

@Injectable()
export class OrderService {
  constructor(
    private readonly orders: OrderRepository,
    private readonly users: UserService,
    private readonly logger: Logger,
    private readonly notifier: Notifier,
  ) {}

  place(order: Order): Order {
    if (order.total <= 0) {
      this.logger.error("empty order", order);
      throw new Error("empty order");
    }
    const user = this.users.rename(order.userEmail, order.userEmail);
    this.notifier.notify(user, "order placed");
    return this.orders.save(order);
  }
}
