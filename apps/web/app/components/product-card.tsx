import type { ProductDto } from '@spice/shared/contracts/catalog';
import { CARD_IMAGE_SIZES, productImageSet } from '@spice/shared/images';
import { cardPricing } from '@spice/shared/variants';
import { Link } from 'react-router';
import { Stars } from '../features/reviews/stars';
import { useLocalePath, useT } from '../i18n';
import { Price } from './price';

/** Average rating and review count, shown on a card when the product has reviews. */
export type CardRating = { average: number; count: number };

/** What a card shows of a product: loaders send this, not the whole product, to keep pages light. */
export interface CardProduct {
  id: number;
  slug: string;
  name: string;
  /** An uploaded image's sizes; seeded artwork has one size, sent as its address alone (the page's data travels twice). */
  image: string | { src: string; srcSet: string };
  weight: string | null;
  price: number;
  mrp: number;
  /** Only when the product has reviews (no empty key in the page's data). */
  rating?: CardRating;
}

/** The image by the fallback chain, and the first variant's weight, price and MRP. */
export function toCardProduct(product: ProductDto, rating?: CardRating): CardProduct {
  const { price, mrp } = cardPricing(product.variants);
  const { src, srcSet } = productImageSet(product);
  return {
    id: product.id,
    slug: product.slug,
    name: product.name,
    image: srcSet ? { src, srcSet } : src,
    weight: product.variants[0]?.weight ?? null,
    price,
    mrp,
    ...(rating ? { rating } : {}),
  };
}

/** A product card: image, name, average stars, first variant's price and MRP; all of it links. */
export function ProductCard({
  product,
  eager = false,
  rating,
}: {
  product: CardProduct;
  eager?: boolean;
  /** Beside the card's own (search results' ratings come as a map). */
  rating?: CardRating | undefined;
}) {
  const { price, mrp } = product;
  const stars = rating ?? product.rating;
  const image = typeof product.image === 'string' ? { src: product.image, srcSet: undefined } : product.image;
  const lp = useLocalePath();
  return (
    <Link to={lp(`/product/${product.slug}`)} className="card" prefetch="intent">
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
        {product.weight ? <span className="card__weight">{product.weight}</span> : null}
        {stars ? <CardStars rating={stars} /> : null}
        <Price price={price} mrp={mrp} />
      </span>
    </Link>
  );
}

export function CardStars({ rating }: { rating: CardRating }) {
  const t = useT();
  return (
    <span className="card__rating">
      <Stars value={rating.average} size="sm" />
      <span className="card__rating-count">
        ({rating.count}
        <span className="visually-hidden"> {t('product.reviewsWord', { count: rating.count })}</span>)
      </span>
    </span>
  );
}
