import { err, ok, type Result } from '@shared/result';
import type { CartLine, Credentials, Order, Product, Session } from '@shared/types';
import type { HttpRequest } from '@backend/http/router';
import type { Transport } from './transport';

export class ApiClient {
  private token: string | undefined;

  constructor(private readonly transport: Transport) {}

  setToken(token: string | undefined): void {
    this.token = token;
  }

  listProducts(): Promise<Result<Product[]>> {
    return this.call<Product[]>({ method: 'GET', path: '/products', headers: {} });
  }

  login(credentials: Credentials): Promise<Result<Session>> {
    return this.call<Session>({ method: 'POST', path: '/login', headers: {}, body: credentials });
  }

  placeOrder(lines: CartLine[]): Promise<Result<Order>> {
    return this.call<Order>({ method: 'POST', path: '/orders', headers: {}, body: lines });
  }

  /** Sends the request with the current bearer token and maps non-2xx responses to errors. */
  private async call<T>(request: HttpRequest): Promise<Result<T>> {
    if (this.token) {
      request.headers['authorization'] = `Bearer ${this.token}`;
    }
    const response = await this.transport.send(request);
    if (response.status >= 200 && response.status < 300) {
      return ok(response.body as T);
    }
    const body = response.body as { error?: string } | null;
    return err(body?.error ?? `HTTP ${response.status}`);
  }
}
