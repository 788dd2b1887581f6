// expect: IMPORTS src/heritage/product.ts -> src/heritage/contracts.ts
// expect: EXTENDS src/heritage/product.ts:Product -> src/heritage/contracts.ts:Entity
// expect: IMPLEMENTS src/heritage/product.ts:Product -> src/heritage/contracts.ts:Serializable
// expect: IMPLEMENTS src/heritage/product.ts:Product -> src/heritage/contracts.ts:Comparable
// expect: EXTENDS src/heritage/product.ts:CatalogEntry -> src/heritage/contracts.ts:Named
// expect: EXTENDS src/heritage/product.ts:DigitalProduct -> src/heritage/product.ts:Product
// expect-not: EXTENDS src/heritage/product.ts:DigitalProduct -> src/heritage/contracts.ts:Entity
import { Entity, type Comparable, type Named, type Serializable } from './contracts';

export interface CatalogEntry extends Named {
  readonly price: number;
}

export class Product extends Entity implements Serializable, Comparable<Product> {
  price = 0;

  toJSON(): Record<string, unknown> {
    return { id: this.id, price: this.price };
  }

  compareTo(other: Product): number {
    return this.price - other.price;
  }
}

export class DigitalProduct extends Product {
  downloadUrl = '';
}
