// expect: IMPORTS src/object-literal-methods/users.ts -> src/object-literal-methods/client.ts
// expect: CALLS src/object-literal-methods/users.ts:loadUsers -> src/object-literal-methods/client.ts:api.get
// expect: CALLS src/object-literal-methods/users.ts:loadUsers -> src/object-literal-methods/client.ts:cache.set
// expect-not: CALLS src/object-literal-methods/users.ts:loadUsers -> src/object-literal-methods/client.ts:cache.get
// expect: CALLS src/object-literal-methods/users.ts:createUser -> src/object-literal-methods/client.ts:api.post
import { api, cache } from './client';

export function loadUsers(): string {
  const response = api.get('/users');
  cache.set('/users', response);
  return response.body;
}

export function createUser(name: string): number {
  return api.post('/users', { name }).status;
}
