// expect: IMPORTS src/parameter-receiver/checkout.ts -> src/parameter-receiver/cart.ts
// expect: CALLS src/parameter-receiver/checkout.ts:checkout -> src/parameter-receiver/cart.ts:Cart.total
// expect: CALLS src/parameter-receiver/checkout.ts:checkout -> src/parameter-receiver/cart.ts:Cart.add
// expect-not: CALLS src/parameter-receiver/checkout.ts:checkout -> src/parameter-receiver/cart.ts:Wishlist.total
// expect-not: CALLS src/parameter-receiver/checkout.ts:checkout -> src/parameter-receiver/cart.ts:Wishlist.add
// expect: CALLS src/parameter-receiver/checkout.ts:countWishes -> src/parameter-receiver/cart.ts:Wishlist.total
// expect-not: CALLS src/parameter-receiver/checkout.ts:countWishes -> src/parameter-receiver/cart.ts:Cart.total
import type { Cart, Wishlist } from './cart';

export function checkout(cart: Cart, shippingFee: number): number {
  if (shippingFee > 0) {
    cart.add({ sku: 'shipping', price: shippingFee, quantity: 1 });
  }
  return cart.total();
}

export function countWishes(lists: readonly Wishlist[]): number {
  return lists.map((list) => list.total()).reduce((a, b) => a + b, 0);
}
