import { bestBeforeMonth } from '@spice/shared/batches';
import type { ProductDto } from '@spice/shared/contracts/catalog';
import { PRODUCT_IMAGE_SIZES, productImage } from '@spice/shared/images';
import { localizePath } from '@spice/shared/lang';
import { offersForProduct } from '@spice/shared/offers';
import { defaultVariantIndex, isPurchasable } from '@spice/shared/variants';
import { lazy, Suspense, useState } from 'react';
import { isRouteErrorResponse, Link, useSearchParams } from 'react-router';
import { Price } from '../components/price';
import { Toast } from '../components/toast';
import { getStorefront } from '../context';
import { NotifyMe } from '../features/back-in-stock/notify-me';
import { addToCart, decrement, setQuantity as setLineQuantity, useCart } from '../features/cart/cart-store';
import { type BoxPart, WhatsInTheBox } from '../features/combos/whats-in-the-box';
import { productDeclarationsJsonLd } from '../features/declarations/json-ld';
import { ProductDeclarations } from '../features/declarations/product-declarations';
import { UnitPrice } from '../features/declarations/unit-price';
import { CheckDelivery } from '../features/delivery/check-delivery';
import { ProductOfferLines } from '../features/offers/offer-parts';
import { ShareButton } from '../features/pwa/share-button';
import { CustomerReviews } from '../features/reviews/customer-reviews';
import { reviewsJsonLd } from '../features/reviews/json-ld';
import { metaT, useLocalePath, useSpecMessages, useT } from '../i18n';
import { langOf, pageMessages, pageNotFound } from '../i18n/server';
import { useRootData } from '../root';
import { seoMeta } from '../seo';
import type { Route } from './+types/product';
import { NotFoundView } from './not-found';

// Issue 43: 'Buy once' / 'Subscribe and save X%', its own chunk (the product page stays small).
const SubscribeOption = lazy(() => import('../features/subscriptions/subscribe-option'));

export function meta({ loaderData, matches, error }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  const t = metaT(matches, error);
  if (!loaderData) {
    return seoMeta({
      title: t('product.notFoundTitle', { store: root.settings.storeName }),
      description: root.settings.description,
      origin: root.origin,
      path: '/',
      lang: root.lang,
      noindex: true,
    });
  }
  const { product } = loaderData;
  return [
    ...seoMeta({
      title: t('product.title', { name: product.name, store: root.settings.storeName }),
      description: product.description || root.settings.description,
      origin: root.origin,
      path: `/product/${product.slug}`,
      lang: root.lang,
      image: productImage(product),
      type: 'product',
    }),
    {
      'script:ld+json': {
        ...productJsonLd(
          product,
          `${root.origin}${localizePath(`/product/${product.slug}`, root.lang)}`,
          root,
        ),
        ...reviewsJsonLd(loaderData.reviews),
      },
    },
  ];
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { services } = getStorefront(context);
  // The page's language: the catalogue reads take it (i18n-content's `lang` parameter).
  const lang = langOf(request);
  const product = await services.catalog.getBySlug(params.slug, lang);
  if (!product?.active) throw pageNotFound(request, 'product');
  const recommendations = await services.catalog.recommendations(product.id, 5, lang);
  const [reviews, offers, nextBestBefore] = await Promise.all([
    services.reviews.productPage(product.id),
    services.offers.forShoppers(lang),
    // Issue 39: the best-before of the batch the next order would get (none unless the owner shows it).
    services.batches.nextBestBefore(product.variants.map((v) => v.id)),
  ]);
  const bestBefore = Object.fromEntries(
    [...nextBestBefore].map(([id, day]) => [id, bestBeforeMonth(day, lang === 'hi' ? 'hi' : 'en')]),
  );
  const boxes = boxContents(product, (await services.catalog.view(lang)).all);
  const plans = await services.subscriptions.plans(product.id);
  // Recommendation cards need their image, name and variants, not whole products (the data is
  // sent a second time for hydration).
  return {
    product,
    recommendations: recommendations.map(toRecommended),
    reviews,
    boxes,
    // Issue 36: 'Buy 2, get 1 free' for the buy-x-get-y offers counting this product.
    offers: offersForProduct(product.id, offers.rules),
    // Issue 43: subscribe and save, when this product's variants have plans.
    subscribe:
      plans.variants.length > 0
        ? {
            discountPercent: plans.discountPercent,
            frequencies: plans.frequencies,
            variantIds: plans.variants.map((v) => v.variantId),
          }
        : null,
    bestBefore,
    lang,
    i18n: pageMessages(request, 'product'),
  };
}

/** Each combo variant's parts (decision 0040), resolved from the catalogue in the page's language. */
function boxContents(product: ProductDto, all: readonly ProductDto[]): Record<number, BoxPart[]> {
  const boxes: Record<number, BoxPart[]> = {};
  if (!product.variants.some((v) => v.components)) return boxes;
  const byVariant = new Map(all.flatMap((p) => p.variants.map((v) => [v.id, { p, v }] as const)));
  for (const v of product.variants) {
    if (!v.components) continue;
    boxes[v.id] = v.components.flatMap(({ variantId, quantity }) => {
      const found = byVariant.get(variantId);
      if (!found) return [];
      return [
        {
          variantId,
          quantity,
          name: found.p.name,
          weight: found.v.weight,
          slug: found.p.slug,
          price: found.v.price,
          image: productImage(found.p),
        },
      ];
    });
  }
  return boxes;
}

/** The product's structured data, in the page's language (name, description) at the page's URL. */
function productJsonLd(
  product: ProductDto,
  url: string,
  root: { origin: string; lang: string; settings: { storeName: string } },
) {
  const { origin } = root;
  const storeName = root.settings.storeName;
  const image = productImage(product);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    inLanguage: root.lang === 'hi' ? 'hi-IN' : 'en-IN',
    name: product.name,
    description: product.description,
    sku: product.variants[0]?.sku,
    image: [image.startsWith('http') ? image : `${origin}${image}`],
    brand: { '@type': 'Brand', name: product.brand || storeName },
    url,
    ...productDeclarationsJsonLd(product),
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
  const { product, recommendations, boxes, offers, subscribe } = loaderData;
  // Keyed by product so state resets when 'You may also like' leads to another product.
  return (
    <ProductDetail
      key={product.id}
      product={product}
      recommendations={recommendations}
      boxes={boxes}
      offers={offers}
      subscribe={subscribe}
      bestBefore={loaderData.bestBefore}
    />
  );
}

type RecommendedProduct = Pick<ProductDto, 'id' | 'slug' | 'name' | 'variants'> & { image: string };

function toRecommended(product: ProductDto): RecommendedProduct {
  const { id, slug, name, variants } = product;
  return { id, slug, name, variants, image: productImage(product) };
}

function ProductDetail({
  product,
  recommendations,
  boxes,
  offers,
  subscribe,
  bestBefore,
}: {
  product: ProductDto;
  recommendations: RecommendedProduct[];
  boxes: Record<number, BoxPart[]>;
  offers: ReturnType<typeof offersForProduct>;
  subscribe: { discountPercent: number; frequencies: number[]; variantIds: number[] } | null;
  /** 'March 2027' by variant id, when the owner shows best-before dates (issue 39). */
  bestBefore: Record<number, string>;
}) {
  // Uploaded images carry their widths for srcset; seeded artwork and the fallback chain do not.
  const images =
    product.gallery.length > 0 ? product.gallery : [{ src: productImage(product), srcSet: '', alt: '' }];
  const [imageIndex, setImageIndex] = useState(0);
  const shown = images[imageIndex] ?? images[0]!;
  // A shopping feed's link names the variant (?variant=id, issue 38): the page opens on it.
  const [searchParams] = useSearchParams();
  const [variantIndex, setVariantIndex] = useState(() => {
    const linked = product.variants.findIndex((v) => String(v.id) === searchParams.get('variant'));
    return linked === -1 ? defaultVariantIndex(product.variants) : linked;
  });
  const [quantity, setQuantity] = useState(1);
  const [adding, setAdding] = useState(false);
  const [toast, setToast] = useState('');
  const variant = product.variants[variantIndex];
  const canBuy = variant ? isPurchasable(variant) : false;
  const maxQuantity = variant ? Math.max(1, variant.stock) : 1;
  const parts = (variant && boxes[variant.id]) || [];
  const partsPrice = parts.reduce((sum, p) => sum + p.price * p.quantity, 0);
  const t = useT();
  const root = useRootData();
  const lp = useLocalePath();
  const { messages } = useSpecMessages();

  const buyRow = (
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
            setToast(messages.addedToCart);
          } else if (result.message) setToast(result.message);
        }}
      >
        {canBuy ? t('product.addToCart') : messages.outOfStock}
      </button>
    </div>
  );
  return (
    <main className="page product">
      <nav aria-label={t('product.breadcrumb')} className="breadcrumb">
        <Link to={lp('/')}>{t('product.home')}</Link> / <span aria-current="page">{product.name}</span>
      </nav>
      <div className="product__layout">
        <section className="gallery" aria-label={t('product.images')}>
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
                  aria-label={t('product.showImage', { n: i + 1, total: images.length })}
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
          <ShareButton
            name={product.name}
            store={root.settings.storeName}
            url={`${root.origin}${localizePath(`/product/${product.slug}`, root.lang)}`}
          />
          {product.bestseller ? <p className="tag">{t('product.bestseller')}</p> : null}
          <div className="product__price">
            {variant ? <Price price={variant.price} mrp={variant.mrp} size="lg" /> : null}
            <UnitPrice unitPrice={variant?.unitPrice} />
          </div>
          <ProductOfferLines offers={offers} />
          <p className="product__tax">{t('product.taxIncluded')}</p>

          <fieldset className="pills">
            <legend>{t('product.weight')}</legend>
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
                {!isPurchasable(v) ? (
                  <span className="visually-hidden"> {t('product.variantOutOfStock')}</span>
                ) : null}
              </button>
            ))}
          </fieldset>
          {variant && bestBefore[variant.id] ? (
            <p className="product__best-before">
              {t('batches.bestBefore', { date: bestBefore[variant.id]! })}
            </p>
          ) : null}

          {subscribe && variant && canBuy && subscribe.variantIds.includes(variant.id) ? (
            <Suspense fallback={buyRow}>
              <SubscribeOption
                discountPercent={subscribe.discountPercent}
                frequencies={subscribe.frequencies}
                variantId={variant.id}
                price={variant.price}
                quantity={quantity}
              >
                {buyRow}
              </SubscribeOption>
            </Suspense>
          ) : (
            buyRow
          )}
          <Toast message={toast} onDone={() => setToast('')} />
          <NotifyMe product={product} />
          <CheckDelivery />

          <WhatsInTheBox
            parts={parts}
            partsPrice={partsPrice}
            saving={variant ? Math.max(0, Math.round((partsPrice - variant.price) * 100) / 100) : 0}
          />
          {product.description ? <p className="product__description">{product.description}</p> : null}

          {product.about.length > 0 ? (
            <details className="about-list" open>
              <summary>{t('product.about')}</summary>
              <ul>
                {product.about.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </details>
          ) : null}
          <ProductDeclarations product={product} />
        </section>
      </div>

      {recommendations.length > 0 ? (
        <section className="also-like" aria-labelledby="also-like-heading">
          <h2 id="also-like-heading" className="section-title">
            {t('product.alsoLike')}
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
  const t = useT();
  return (
    <fieldset className="stepper">
      <legend className="visually-hidden">{t('product.quantityOf', { name: label })}</legend>
      <button
        type="button"
        onClick={() => onChange(Math.max(1, value - 1))}
        disabled={value <= 1}
        aria-label={t('product.decrease')}
      >
        −
      </button>
      <output aria-live="polite">{value}</output>
      <button
        type="button"
        onClick={() => onChange(Math.min(max, value + 1))}
        disabled={value >= max}
        aria-label={t('product.increase')}
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
  const t = useT();
  const lp = useLocalePath();
  return (
    <article className="rec">
      <Link to={lp(`/product/${product.slug}`)} prefetch="intent" className="rec__link">
        <img src={product.image} alt="" width="600" height="600" loading="lazy" />
        <h3 className="rec__name">{product.name}</h3>
      </Link>
      <fieldset className="pills pills--small">
        <legend className="visually-hidden">{t('product.weightOf', { name: product.name })}</legend>
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
      <UnitPrice unitPrice={variant?.unitPrice} />
      {line ? (
        <div className="stepper stepper--small rec__stepper">
          <button
            type="button"
            onClick={() => void decrement(line)}
            aria-label={t('product.decreaseOf', { name: product.name, weight: line.variant })}
          >
            −
          </button>
          <output aria-live="polite">{line.quantity}</output>
          <button
            type="button"
            onClick={() => void setLineQuantity(line.id, line.quantity + 1)}
            disabled={line.quantity >= line.stock}
            aria-label={t('product.increaseOf', { name: product.name, weight: line.variant })}
          >
            +
          </button>
        </div>
      ) : (
        <button
          type="button"
          className="button button--outline rec__add"
          disabled={!variant || !isPurchasable(variant)}
          aria-label={t('product.addNamed', { name: product.name })}
          onClick={() =>
            variant && void addToCart({ productId: product.id, variantId: variant.id, quantity: 1 })
          }
        >
          {t('product.addShort')}
        </button>
      )}
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404)
    return <NotFoundView what="product" error={error} />;
  throw error;
}
