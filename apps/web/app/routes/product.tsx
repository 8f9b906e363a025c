import type { ProductDto } from '@spice/shared/contracts/catalog';
import { PRODUCT_IMAGE_SIZES, productImage } from '@spice/shared/images';
import { MESSAGES } from '@spice/shared/messages';
import { defaultVariantIndex, isPurchasable } from '@spice/shared/variants';
import { useState } from 'react';
import { data, isRouteErrorResponse, Link } from 'react-router';
import { Price } from '../components/price';
import { Toast } from '../components/toast';
import { getStorefront } from '../context';
import { addToCart, decrement, setQuantity as setLineQuantity, useCart } from '../features/cart/cart-store';
import { CheckDelivery } from '../features/delivery/check-delivery';
import { CustomerReviews } from '../features/reviews/customer-reviews';
import { reviewsJsonLd } from '../features/reviews/json-ld';
import { seoMeta } from '../seo';
import type { Route } from './+types/product';
import { NotFoundView } from './not-found';

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  if (!loaderData) {
    return seoMeta({
      title: `Product not found | ${root.settings.storeName}`,
      description: root.settings.description,
      origin: root.origin,
      path: '/',
      noindex: true,
    });
  }
  const { product } = loaderData;
  return [
    ...seoMeta({
      title: `${product.name} | ${root.settings.storeName} – Premium Masalas Online`,
      description: product.description || root.settings.description,
      origin: root.origin,
      path: `/product/${product.slug}`,
      image: productImage(product),
      type: 'product',
    }),
    {
      'script:ld+json': {
        ...productJsonLd(product, root.origin, root.settings.storeName),
        ...reviewsJsonLd(loaderData.reviews),
      },
    },
  ];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services } = getStorefront(context);
  const product = await services.catalog.getBySlug(params.slug);
  if (!product?.active) throw data(null, { status: 404 });
  const recommendations = await services.catalog.recommendations(product.id, 5);
  const reviews = await services.reviews.productPage(product.id);
  // Recommendation cards need their image, name and variants, not whole products (the data is
  // sent a second time for hydration).
  return { product, recommendations: recommendations.map(toRecommended), reviews };
}

function productJsonLd(product: ProductDto, origin: string, storeName: string) {
  const url = `${origin}/product/${product.slug}`;
  const image = productImage(product);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    sku: product.variants[0]?.sku,
    image: [image.startsWith('http') ? image : `${origin}${image}`],
    brand: { '@type': 'Brand', name: product.brand || storeName },
    url,
    offers: product.variants.map((v) => ({
      '@type': 'Offer',
      name: `${product.name} ${v.weight}`,
      sku: v.sku,
      price: v.price.toFixed(2),
      priceCurrency: 'INR',
      availability: isPurchasable(v) ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
      url,
    })),
  };
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, recommendations } = loaderData;
  // Keyed by product so state resets when 'You may also like' leads to another product.
  return <ProductDetail key={product.id} product={product} recommendations={recommendations} />;
}

type RecommendedProduct = Pick<ProductDto, 'id' | 'slug' | 'name' | 'variants'> & { image: string };

function toRecommended(product: ProductDto): RecommendedProduct {
  const { id, slug, name, variants } = product;
  return { id, slug, name, variants, image: productImage(product) };
}

function ProductDetail({
  product,
  recommendations,
}: {
  product: ProductDto;
  recommendations: RecommendedProduct[];
}) {
  // Uploaded images carry their widths for srcset; seeded artwork and the fallback chain do not.
  const images =
    product.gallery.length > 0 ? product.gallery : [{ src: productImage(product), srcSet: '', alt: '' }];
  const [imageIndex, setImageIndex] = useState(0);
  const shown = images[imageIndex] ?? images[0]!;
  const [variantIndex, setVariantIndex] = useState(() => defaultVariantIndex(product.variants));
  const [quantity, setQuantity] = useState(1);
  const [adding, setAdding] = useState(false);
  const [toast, setToast] = useState('');
  const variant = product.variants[variantIndex];
  const canBuy = variant ? isPurchasable(variant) : false;
  const maxQuantity = variant ? Math.max(1, variant.stock) : 1;

  return (
    <main className="page product">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to="/">Home</Link> / <span aria-current="page">{product.name}</span>
      </nav>
      <div className="product__layout">
        <section className="gallery" aria-label="Product images">
          <img
            className="gallery__main"
            src={shown.src}
            srcSet={shown.srcSet || undefined}
            sizes={shown.srcSet ? PRODUCT_IMAGE_SIZES : undefined}
            alt={shown.alt || product.name}
            width="600"
            height="600"
            fetchPriority="high"
          />
          {images.length > 1 ? (
            <div className="gallery__thumbs">
              {images.map(({ src, srcSet }, i) => (
                <button
                  type="button"
                  key={src}
                  className={`gallery__thumb${i === imageIndex ? ' is-active' : ''}`}
                  onClick={() => setImageIndex(i)}
                  aria-label={`Show image ${i + 1} of ${images.length}`}
                  aria-pressed={i === imageIndex}
                >
                  <img
                    src={src}
                    srcSet={srcSet || undefined}
                    sizes={srcSet ? '72px' : undefined}
                    alt=""
                    width="72"
                    height="72"
                    loading="lazy"
                  />
                </button>
              ))}
            </div>
          ) : null}
        </section>

        <section className="product__info">
          <p className="product__brand">{product.brand}</p>
          <h1 className="product__name">{product.name}</h1>
          {product.bestseller ? <p className="tag">Bestseller</p> : null}
          <div className="product__price">
            {variant ? <Price price={variant.price} mrp={variant.mrp} size="lg" /> : null}
          </div>
          <p className="product__tax">Inclusive of all taxes</p>

          <fieldset className="pills">
            <legend>Weight</legend>
            {product.variants.map((v, i) => (
              <button
                type="button"
                key={v.id}
                className={`pill${i === variantIndex ? ' is-selected' : ''}`}
                aria-pressed={i === variantIndex}
                disabled={!isPurchasable(v)}
                onClick={() => {
                  setVariantIndex(i);
                  setQuantity(1);
                }}
              >
                {v.weight}
                {!isPurchasable(v) ? <span className="visually-hidden"> (out of stock)</span> : null}
              </button>
            ))}
          </fieldset>

          <div className="buy">
            <QuantityStepper value={quantity} max={maxQuantity} onChange={setQuantity} label={product.name} />
            <button
              type="button"
              className="button button--primary buy__add"
              disabled={!canBuy || adding}
              onClick={async () => {
                if (!variant) return;
                setAdding(true);
                const result = await addToCart({ productId: product.id, variantId: variant.id, quantity });
                setAdding(false);
                if (result.ok) {
                  setQuantity(1);
                  setToast(MESSAGES.addedToCart);
                } else if (result.message) setToast(result.message);
              }}
            >
              {canBuy ? 'Add to Cart' : 'Out of Stock'}
            </button>
          </div>
          <Toast message={toast} onDone={() => setToast('')} />
          <CheckDelivery />

          {product.description ? <p className="product__description">{product.description}</p> : null}

          {product.about.length > 0 ? (
            <details className="about-list" open>
              <summary>About this product</summary>
              <ul>
                {product.about.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </details>
          ) : null}
        </section>
      </div>

      {recommendations.length > 0 ? (
        <section className="also-like" aria-labelledby="also-like-heading">
          <h2 id="also-like-heading" className="section-title">
            You may also like
          </h2>
          <div className="also-like__row">
            {recommendations.map((p) => (
              <RecommendationCard key={p.id} product={p} />
            ))}
          </div>
        </section>
      ) : null}
      <CustomerReviews product={product} />
    </main>
  );
}

function QuantityStepper({
  value,
  max,
  onChange,
  label,
}: {
  value: number;
  max: number;
  onChange: (n: number) => void;
  label: string;
}) {
  return (
    <fieldset className="stepper">
      <legend className="visually-hidden">Quantity of {label}</legend>
      <button
        type="button"
        onClick={() => onChange(Math.max(1, value - 1))}
        disabled={value <= 1}
        aria-label="Decrease quantity"
      >
        −
      </button>
      <output aria-live="polite">{value}</output>
      <button
        type="button"
        onClick={() => onChange(Math.min(max, value + 1))}
        disabled={value >= max}
        aria-label="Increase quantity"
      >
        +
      </button>
    </fieldset>
  );
}

function RecommendationCard({ product }: { product: RecommendedProduct }) {
  const [index, setIndex] = useState(() => defaultVariantIndex(product.variants));
  const variant = product.variants[index];
  const { items } = useCart();
  const line = variant ? items.find((i) => i.variantId === variant.id) : undefined;
  return (
    <article className="rec">
      <Link to={`/product/${product.slug}`} prefetch="intent" className="rec__link">
        <img src={product.image} alt="" width="600" height="600" loading="lazy" />
        <h3 className="rec__name">{product.name}</h3>
      </Link>
      <fieldset className="pills pills--small">
        <legend className="visually-hidden">Weight of {product.name}</legend>
        {product.variants.map((v, i) => (
          <button
            type="button"
            key={v.id}
            className={`pill${i === index ? ' is-selected' : ''}`}
            aria-pressed={i === index}
            disabled={!isPurchasable(v)}
            onClick={() => setIndex(i)}
          >
            {v.weight}
          </button>
        ))}
      </fieldset>
      {variant ? <Price price={variant.price} mrp={variant.mrp} /> : null}
      {line ? (
        <div className="stepper stepper--small rec__stepper">
          <button
            type="button"
            onClick={() => void decrement(line)}
            aria-label={`Decrease quantity of ${product.name} ${line.variant}`}
          >
            −
          </button>
          <output aria-live="polite">{line.quantity}</output>
          <button
            type="button"
            onClick={() => void setLineQuantity(line.id, line.quantity + 1)}
            disabled={line.quantity >= line.stock}
            aria-label={`Increase quantity of ${product.name} ${line.variant}`}
          >
            +
          </button>
        </div>
      ) : (
        <button
          type="button"
          className="button button--outline rec__add"
          disabled={!variant || !isPurchasable(variant)}
          aria-label={`Add ${product.name} to cart`}
          onClick={() =>
            variant && void addToCart({ productId: product.id, variantId: variant.id, quantity: 1 })
          }
        >
          +ADD
        </button>
      )}
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView what="product" />;
  throw error;
}
