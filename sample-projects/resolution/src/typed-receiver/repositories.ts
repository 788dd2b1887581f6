// expect: INSTANTIATES src/typed-receiver/repositories.ts:createOrderRepository -> src/typed-receiver/repositories.ts:OrderRepository
// expect-not: INSTANTIATES src/typed-receiver/repositories.ts:createOrderRepository -> src/typed-receiver/repositories.ts:UserRepository

export interface User {
  id: number;
  name: string;
}

export interface Order {
  id: number;
  total: number;
}

export class UserRepository {
  private readonly rows = new Map<number, User>();

  save(user: User): void {
    this.rows.set(user.id, user);
  }

  findById(id: number): User | undefined {
    return this.rows.get(id);
  }
}

export class OrderRepository {
  private readonly rows: Order[] = [];

  save(order: Order): void {
    this.rows.push(order);
  }

  count(): number {
    return this.rows.length;
  }
}

export function createOrderRepository(): OrderRepository {
  return new OrderRepository();
}
