import { validateToken } from '@shared/validation';
import type { Handler, HttpRequest } from './router';
import { respond } from './router';

function bearerToken(request: HttpRequest): string | undefined {
  const header = request.headers['authorization'] ?? '';
  return header.startsWith('Bearer ') ? header.slice('Bearer '.length) : undefined;
}

/** Wraps a handler so that it only runs for requests carrying a well-formed, unexpired token. */
export function requireAuth(handler: Handler): Handler {
  return (request) => {
    const token = bearerToken(request);
    if (!token || !validateToken(token).ok) {
      return respond(401, { error: 'unauthorized' });
    }
    return handler(request);
  };
}

export function withLogging(handler: Handler, log: (line: string) => void): Handler {
  return (request) => {
    const response = handler(request);
    log(`${request.method} ${request.path} -> ${response.status}`);
    return response;
  };
}
