import type { ProductDto } from '@spice/shared/contracts/catalog';
import { productImage } from '@spice/shared/images';
import { cardPricing } from '@spice/shared/variants';
import { Link } from 'react-router';
import { Price } from './price';

/** A product card: image fallback chain, name, first variant's price and MRP; all of it links. */
export function ProductCard({ product, eager = false }: { product: ProductDto; eager?: boolean }) {
  const { price, mrp } = cardPricing(product.variants);
  return (
    <Link to={`/product/${product.slug}`} className="card" prefetch="intent">
      <span className="card__media">
        <img
          src={productImage(product)}
          alt=""
          width="600"
          height="600"
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
      </span>
      <span className="card__body">
        <span className="card__name">{product.name}</span>
        {product.variants[0] ? <span className="card__weight">{product.variants[0].weight}</span> : null}
        <Price price={price} mrp={mrp} />
      </span>
    </Link>
  );
}
