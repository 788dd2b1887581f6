import type { Product } from '@shared/types';
import type { ApiClient } from './api/client';
import { CartView } from './components/CartView';
import { LoginForm } from './components/LoginForm';
import { ProductCard } from './components/ProductCard';
import type { Cart } from './store/cart';
import type { SessionStore } from './store/session';

export interface AppProps {
  api: ApiClient;
  cart: Cart;
  session: SessionStore;
  products: Product[];
}

export function App({ api, cart, session, products }: AppProps): JSX.Element {
  const checkout = async (): Promise<void> => {
    const result = await api.placeOrder(cart.getState().lines);
    if (result.ok) {
      cart.clear();
    }
  };
  const user = session.currentUser();
  return (
    <div className="app">
      <header>{user ? `Hi ${user.displayName}` : <LoginForm session={session} />}</header>
      <main>
        {products.map((product) => (
          <ProductCard product={product} onAdd={(p) => cart.add(p)} />
        ))}
      </main>
      <CartView cart={cart} onCheckout={checkout} />
    </div>
  );
}
