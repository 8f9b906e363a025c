import type { ProductDto } from '@spice/shared/contracts/catalog';
import { CARD_IMAGE_SIZES, productImageSet } from '@spice/shared/images';
import { cardPricing } from '@spice/shared/variants';
import { Link } from 'react-router';
import { Stars } from '../features/reviews/stars';
import { Price } from './price';

/** Average rating and review count, shown on a card when the product has reviews. */
export type CardRating = { average: number; count: number };

/** A product card: image fallback chain, name, average stars, first variant's price and MRP; all of it links. */
export function ProductCard({
  product,
  eager = false,
  rating,
}: {
  product: ProductDto;
  eager?: boolean;
  rating?: CardRating | undefined;
}) {
  const { price, mrp } = cardPricing(product.variants);
  const image = productImageSet(product);
  return (
    <Link to={`/product/${product.slug}`} className="card" prefetch="intent">
      <span className="card__media">
        <img
          src={image.src}
          srcSet={image.srcSet}
          sizes={image.srcSet ? CARD_IMAGE_SIZES : undefined}
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
        {rating ? <CardStars rating={rating} /> : null}
        <Price price={price} mrp={mrp} />
      </span>
    </Link>
  );
}

export function CardStars({ rating }: { rating: CardRating }) {
  return (
    <span className="card__rating">
      <Stars value={rating.average} size="sm" />
      <span className="card__rating-count">
        ({rating.count}
        <span className="visually-hidden"> {rating.count === 1 ? 'review' : 'reviews'}</span>)
      </span>
    </span>
  );
}
