// expect: CALLS src/object-literal-methods/client.ts:api.get -> src/object-literal-methods/client.ts:request
// expect: CALLS src/object-literal-methods/client.ts:api.get -> src/object-literal-methods/client.ts:cache.get
// expect: CALLS src/object-literal-methods/client.ts:api.post -> src/object-literal-methods/client.ts:request
// expect: CALLS src/object-literal-methods/client.ts:api.post -> src/object-literal-methods/client.ts:cache.clear

export interface Response {
  status: number;
  body: string;
}

function request(method: 'GET' | 'POST', path: string, body?: unknown): Response {
  return { status: 200, body: `${method} ${path} ${JSON.stringify(body ?? null)}` };
}

const entries = new Map<string, Response>();

export const cache = {
  get(key: string): Response | undefined {
    return entries.get(key);
  },
  set(key: string, value: Response): void {
    entries.set(key, value);
  },
  clear: (): void => {
    entries.clear();
  },
};

export const api = {
  get(path: string): Response {
    return cache.get(path) ?? request('GET', path);
  },
  post: (path: string, body: unknown): Response => {
    cache.clear();
    return request('POST', path, body);
  },
};
