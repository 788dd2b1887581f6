export interface Entity {
  readonly id: string;
}

export abstract class Repository<T extends Entity> {
  protected readonly rows = new Map<string, T>();

  abstract tableName(): string;

  save(row: T): T {
    this.validate(row);
    this.rows.set(row.id, row);
    return row;
  }

  findById(id: string): T | undefined {
    return this.rows.get(id);
  }

  protected validate(row: T): void {
    if (row.id === "") throw new Error(`${this.tableName()}: empty id`);
  }
}
