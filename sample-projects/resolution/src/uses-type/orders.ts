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
