// A class that names an interface may implement it with members inherited from a base that does not:
// BaseQueryRunner.beforeMigration implements QueryRunner.beforeMigration as seen through
// AbstractQueryRunner. The edge is OVERRIDES from the inherited member to the interface member, written by the
// class that names the interface; overrides below it (SqliteQueryRunner.beforeMigration) reach the interface
// member through it.
// expect: OVERRIDES src/inherited-implementation/runners.ts:BaseQueryRunner.beforeMigration -> src/inherited-implementation/runners.ts:QueryRunner.beforeMigration
// expect: OVERRIDES src/inherited-implementation/runners.ts:SqliteQueryRunner.beforeMigration -> src/inherited-implementation/runners.ts:BaseQueryRunner.beforeMigration
// expect: OVERRIDES src/inherited-implementation/runners.ts:AbstractQueryRunner.query -> src/inherited-implementation/runners.ts:QueryRunner.query
// expect: CALLS src/inherited-implementation/runners.ts:migrate -> src/inherited-implementation/runners.ts:QueryRunner.beforeMigration
// expect-not: OVERRIDES src/inherited-implementation/runners.ts:BaseQueryRunner.release -> src/inherited-implementation/runners.ts:QueryRunner.beforeMigration
// expect: OVERRIDES src/inherited-implementation/runners.ts:BaseIterator.next -> lib:Iterator.next

export interface QueryRunner {
  beforeMigration(): void;
  query(sql: string): string[];
}

export class BaseQueryRunner {
  beforeMigration(): void {}

  release(): void {}
}

export abstract class AbstractQueryRunner extends BaseQueryRunner implements QueryRunner {
  query(sql: string): string[] {
    return [sql];
  }
}

export class SqliteQueryRunner extends AbstractQueryRunner {
  override beforeMigration(): void {
    this.query('PRAGMA foreign_keys = OFF');
  }
}

export function migrate(runner: QueryRunner): void {
  runner.beforeMigration();
}

export class BaseIterator {
  next(): IteratorResult<number> {
    return { done: true, value: undefined };
  }
}

export class Numbers extends BaseIterator implements Iterator<number> {}
