import { unwrap } from '@shared/result';
import { ApiClient } from '@frontend/api/client';
import { FetchTransport, InProcessTransport, type Transport } from '@frontend/api/transport';
import { App } from './App';
import { Cart } from './store/cart';
import { SessionStore } from './store/session';

function pickTransport(offline: boolean): Transport {
  return offline ? new InProcessTransport() : new FetchTransport('/api');
}

/** Wires stores and the API client, then returns the root element description. */
export async function bootstrap(offline = true): Promise<JSX.Element> {
  const api = new ApiClient(pickTransport(offline));
  const cart = new Cart();
  const session = new SessionStore(api);
  const products = unwrap(await api.listProducts());
  cart.subscribe((state) => console.log(`cart has ${state.lines.length} lines`));
  return App({ api, cart, session, products });
}
