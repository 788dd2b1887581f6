import { formatPrice } from '@shared/money';
import type { Cart } from '../store/cart';

export interface CartViewProps {
  cart: Cart;
  onCheckout: () => void;
}

/** Class component: re-renders are the host's job, we only describe the markup. */
export class CartView {
  constructor(readonly props: CartViewProps) {}

  private renderLines(): JSX.Element[] {
    return this.props.cart.getState().lines.map((line) => (
      <li key={line.productId}>
        {line.quantity} x {line.productId} @ {formatPrice(line.unitPriceCents)}
      </li>
    ));
  }

  render(): JSX.Element {
    const { cart, onCheckout } = this.props;
    if (cart.count() === 0) {
      return <p className="cart-empty">Your cart is empty.</p>;
    }
    return (
      <section className="cart">
        <ul>{this.renderLines()}</ul>
        <strong>Total: {formatPrice(cart.total())}</strong>
        <button onClick={onCheckout}>Checkout</button>
      </section>
    );
  }
}
