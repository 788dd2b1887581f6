// expect: IMPORTS src/tagged-template/queries.ts -> src/tagged-template/sql.ts
// expect: CALLS src/tagged-template/queries.ts:findUserByEmail -> src/tagged-template/sql.ts:sql
// expect: CALLS src/tagged-template/queries.ts:deleteSession -> src/tagged-template/sql.ts:sql
import { sql, type Query } from './sql';

export function findUserByEmail(email: string): Query {
  return sql`select id, name from users where email = ${email}`;
}

export function deleteSession(token: string, userId: number): Query {
  return sql`delete from sessions where token = ${token} and user_id = ${userId}`;
}
