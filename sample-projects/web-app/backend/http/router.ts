export type Method = 'GET' | 'POST' | 'DELETE';

export interface HttpRequest {
  method: Method;
  path: string;
  headers: Record<string, string>;
  body?: unknown;
}

export interface HttpResponse {
  status: number;
  body: unknown;
}

export type Handler = (request: HttpRequest) => HttpResponse;

/** Returns a JSON-ish response with the given status. */
export function respond(status: number, body: unknown): HttpResponse {
  return { status, body };
}

/** Exact-match router: `METHOD /path` -> handler. */
export class Router {
  private readonly routes = new Map<string, Handler>();

  register(method: Method, path: string, handler: Handler): this {
    this.routes.set(routeKey(method, path), handler);
    return this;
  }

  /** Registers every entry of a handler map such as `{ 'GET /products': listProducts }`. */
  mount(handlers: Record<string, Handler>): this {
    for (const [key, handler] of Object.entries(handlers)) {
      const [method, path] = key.split(' ');
      this.register(method as Method, path ?? '/', handler);
    }
    return this;
  }

  handle(request: HttpRequest): HttpResponse {
    const handler = this.routes.get(routeKey(request.method, request.path));
    return handler ? handler(request) : respond(404, { error: `no route for ${request.path}` });
  }
}

function routeKey(method: Method, path: string): string {
  return `${method} ${path}`;
}
