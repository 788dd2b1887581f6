import type { HttpRequest, HttpResponse } from '@backend/http/router';
import { createServer } from '@backend/server';

/** How the API client reaches the backend. */
export interface Transport {
  send(request: HttpRequest): Promise<HttpResponse>;
}

/** Real network transport, for the browser. */
export class FetchTransport implements Transport {
  constructor(private readonly baseUrl: string) {}

  async send(request: HttpRequest): Promise<HttpResponse> {
    const init: RequestInit = { method: request.method, headers: request.headers };
    if (request.body !== undefined) {
      init.body = JSON.stringify(request.body);
    }
    const response = await fetch(`${this.baseUrl}${request.path}`, init);
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
  }
}

/** Calls the backend router in the same process: used by tests and the offline demo. */
export class InProcessTransport implements Transport {
  private readonly router = createServer();

  send(request: HttpRequest): Promise<HttpResponse> {
    return Promise.resolve(this.router.handle(request));
  }
}
