import type { Product, ProductId } from '@shared/types';
import { InMemoryRepository } from './repository';

export class ProductRepository extends InMemoryRepository<Product> {
  inStock(): Product[] {
    return this.findAll().filter((product) => product.stock > 0);
  }

  /** Decrements stock; returns false when not enough units are left. */
  reserve(id: ProductId, quantity: number): boolean {
    const product = this.findById(id);
    if (!product || product.stock < quantity) {
      return false;
    }
    this.save({ ...product, stock: product.stock - quantity });
    return true;
  }

  protected beforeSave(product: Product): Product {
    return { ...product, name: product.name.trim() };
  }
}
