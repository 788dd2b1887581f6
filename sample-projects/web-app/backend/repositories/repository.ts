/** Storage abstraction used by the services. */
export interface Repository<T extends { id: string }> {
  findById(id: string): T | undefined;
  findAll(): T[];
  save(entity: T): T;
  delete(id: string): boolean;
}

/** Repository over an in-memory Map; subclasses add domain-specific queries. */
export abstract class InMemoryRepository<T extends { id: string }> implements Repository<T> {
  protected readonly rows = new Map<string, T>();

  findById(id: string): T | undefined {
    return this.rows.get(id);
  }

  findAll(): T[] {
    return [...this.rows.values()];
  }

  save(entity: T): T {
    this.rows.set(entity.id, this.beforeSave(entity));
    return entity;
  }

  delete(id: string): boolean {
    return this.rows.delete(id);
  }

  /** Hook for normalisation before an entity is stored. */
  protected abstract beforeSave(entity: T): T;
}
