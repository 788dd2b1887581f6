// expect: USES_TYPE src/uses-type/orders.ts:findOrder -> src/uses-type/orders.ts:Order
// expect: USES_TYPE src/uses-type/orders.ts:findOrder -> src/uses-type/orders.ts:OrderId
// expect: USES_TYPE src/uses-type/orders.ts:summarize -> src/uses-type/orders.ts:Order
// expect: USES_TYPE src/uses-type/orders.ts:summarize -> src/uses-type/orders.ts:OrderSummary

export type OrderId = string;

export interface Order {
  id: OrderId;
  lines: Array<{ sku: string; amount: number }>;
}

type OrderSummary = {
  id: OrderId;
  lineCount: number;
  amount: number;
};

export function findOrder(id: OrderId, orders: readonly Order[]): Order | undefined {
  return orders.find((order) => order.id === id);
}

export function summarize(order: Order): OrderSummary {
  const amount = order.lines.reduce((sum, line) => sum + line.amount, 0);
  return { id: order.id, lineCount: order.lines.length, amount };
}

// Types named in a body or an initialiser, `typeof` a value, and the namespace that qualifies a type name
// are USES_TYPE of the declaration whose code names them.
// expect: USES_TYPE src/uses-type/orders.ts:countLines -> src/uses-type/orders.ts:Order
// expect: USES_TYPE src/uses-type/orders.ts:DefaultOrder -> src/uses-type/orders.ts:defaultOrder
// expect: USES_TYPE src/uses-type/orders.ts:withStatus -> src/uses-type/orders.ts:Status
// expect: USES_TYPE src/uses-type/orders.ts:withStatus -> src/uses-type/orders.ts:Status.Code
export function countLines(orders: unknown[]): number {
  let total = 0;
  for (const order of orders as Order[]) total += order.lines.length;
  return total;
}

export const defaultOrder = { id: 'none', lines: [] };
export type DefaultOrder = typeof defaultOrder;

export namespace Status {
  export type Code = 'open' | 'closed';
}

export function withStatus(order: object): object {
  const status: Status.Code = 'open';
  return { ...order, status };
}
