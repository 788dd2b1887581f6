import { formatPrice } from '@shared/money';
import type { Product } from '@shared/types';

export interface ProductCardProps {
  product: Product;
  onAdd: (product: Product) => void;
}

function stockLabel(stock: number): string {
  return stock > 5 ? 'In stock' : `Only ${stock} left`;
}

export function ProductCard({ product, onAdd }: ProductCardProps): JSX.Element {
  return (
    <article className="product-card">
      <h3>{product.name}</h3>
      <p className="price">{formatPrice(product.priceCents)}</p>
      <p className="stock">{stockLabel(product.stock)}</p>
      <button onClick={() => onAdd(product)}>Add to cart</button>
    </article>
  );
}
