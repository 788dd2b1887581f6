import type { CartLine, Credentials } from '@shared/types';
import { requireAuth, withLogging } from './http/middleware';
import { respond, Router, type Handler, type HttpRequest, type HttpResponse } from './http/router';
import { ProductRepository } from './repositories/product-repository';
import { UserRepository } from './repositories/user-repository';
import { OrderService } from './services/order-service';
import { TokenService } from './services/token-service';
import { UserService } from './services/user-service';

const products = new ProductRepository();
const users = new UserRepository();
const tokens = new TokenService();
const userService = new UserService(users, tokens);
const orderService = new OrderService(products);

products.save({ id: 'p1', name: 'Espresso beans', priceCents: 1290, stock: 20 });
products.save({ id: 'p2', name: 'Milk frother', priceCents: 3450, stock: 3 });

function tokenOf(request: HttpRequest): string {
  return (request.headers['authorization'] ?? '').replace('Bearer ', '');
}

function listProducts(): HttpResponse {
  return respond(200, products.inStock());
}

function login(request: HttpRequest): HttpResponse {
  const result = userService.login(request.body as Credentials);
  return result.ok ? respond(200, result.value) : respond(401, { error: result.error });
}

function register(request: HttpRequest): HttpResponse {
  const { displayName, ...credentials } = request.body as Credentials & { displayName: string };
  const result = userService.register(credentials, displayName);
  return result.ok ? respond(201, result.value) : respond(400, { error: result.error });
}

const placeOrder: Handler = (request) => {
  const user = userService.userForToken(tokenOf(request));
  if (!user) {
    return respond(401, { error: 'unknown session' });
  }
  const result = orderService.placeOrder(user.id, request.body as CartLine[]);
  return result.ok ? respond(201, result.value) : respond(409, { error: result.error });
};

/** Handler map: route key -> handler. */
const handlers: Record<string, Handler> = {
  'GET /products': listProducts,
  'POST /login': login,
  'POST /users': register,
  'POST /orders': requireAuth(placeOrder),
};

function logout(request: HttpRequest): HttpResponse {
  userService.logout(tokenOf(request));
  return respond(204, null);
}

/** Builds the application router; every handler is wrapped with request logging. */
export function createServer(log: (line: string) => void = () => {}): Router {
  const logged = Object.entries(handlers).map(([key, handler]) => [key, withLogging(handler, log)] as const);
  return new Router()
    .mount(Object.fromEntries(logged))
    .register('DELETE', '/session', withLogging(logout, log))
    .register('GET', '/health', () => respond(200, 'ok'));
}
