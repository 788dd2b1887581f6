// expect: IMPORTS src/typed-receiver/service.ts -> src/typed-receiver/repositories.ts
// expect: INSTANTIATES src/typed-receiver/service.ts:registerUser -> src/typed-receiver/repositories.ts:UserRepository
// expect: CALLS src/typed-receiver/service.ts:registerUser -> src/typed-receiver/repositories.ts:UserRepository.save
// expect: CALLS src/typed-receiver/service.ts:registerUser -> src/typed-receiver/repositories.ts:UserRepository.findById
// expect-not: CALLS src/typed-receiver/service.ts:registerUser -> src/typed-receiver/repositories.ts:OrderRepository.save
// expect: CALLS src/typed-receiver/service.ts:placeOrder -> src/typed-receiver/repositories.ts:createOrderRepository
// expect: CALLS src/typed-receiver/service.ts:placeOrder -> src/typed-receiver/repositories.ts:OrderRepository.save
// expect: CALLS src/typed-receiver/service.ts:placeOrder -> src/typed-receiver/repositories.ts:OrderRepository.count
// expect-not: CALLS src/typed-receiver/service.ts:placeOrder -> src/typed-receiver/repositories.ts:UserRepository.save
import { createOrderRepository, OrderRepository, UserRepository, type User } from './repositories';

export function registerUser(id: number, name: string): User {
  const users: UserRepository = new UserRepository();
  users.save({ id, name });
  const stored = users.findById(id);
  if (!stored) {
    throw new Error(`user ${id} was not stored`);
  }
  return stored;
}

export function placeOrder(id: number, total: number): number {
  const orders: OrderRepository = createOrderRepository();
  orders.save({ id, total });
  return orders.count();
}
