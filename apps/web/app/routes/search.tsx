import type { ProductDto } from '@spice/shared/contracts/catalog';
import { CARD_IMAGE_SIZES, productImageSet } from '@spice/shared/images';
import { formatPrice } from '@spice/shared/money';
import { highlightParts, matchedExcerpt, type TextPart } from '@spice/shared/search-highlight';
import { isOutOfStock, priceRange } from '@spice/shared/variants';
import { Link } from 'react-router';
import { MarkedText } from '../components/highlight';
import { type CardRating, CardStars, ProductCard, toCardProduct } from '../components/product-card';
import { getStorefront } from '../context';
import { metaSpec, useLocalePath, useSpecMessages, useT } from '../i18n';
import { langOf, pageMessages } from '../i18n/server';
import { seoMeta } from '../seo';
import type { Route } from './+types/search';

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  const { searchResultsTitle, searchPrompt } = metaSpec(matches);
  return seoMeta({
    title: `${loaderData.q.trim() ? searchResultsTitle(loaderData.q) : searchPrompt.title} | ${root.settings.storeName}`,
    description: root.settings.description,
    origin: root.origin,
    path: '/search',
    lang: root.lang,
    noindex: true,
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const q = (new URL(request.url).searchParams.get('q') ?? '').slice(0, 100);
  const { services } = getStorefront(context);
  // The page's language: the catalogue and search reads take it (i18n-content's `lang` parameter).
  const lang = langOf(request);
  if (!q.trim()) {
    // Nothing asked yet: a prompt and the bestsellers (or, if none is marked, the first products).
    const active = await services.catalog.listActive(lang);
    const marked = active.filter((p) => p.bestseller);
    const picks = (marked.length > 0 ? marked : active).slice(0, 8);
    const ratings = await services.reviews.ratingsFor(picks.map((p) => p.id));
    return {
      q,
      results: [],
      ratings,
      bestsellers: picks.map((p) => toCardProduct(p)),
      offers: [],
      marks: {},
      lang,
      i18n: pageMessages(request, 'search'),
    };
  }
  const results = await services.search.search(q, 50, lang);
  // Nothing found: the bestsellers are offered under the message.
  const offers =
    results.length === 0 ? (await services.catalog.bestsellers(4, lang)).map((p) => toCardProduct(p)) : [];
  const ratings = await services.reviews.ratingsFor([...results, ...offers].map((p) => p.id));
  // Marked here, on the server, so the spellings table stays out of the browser's shared chunks.
  const marks = Object.fromEntries(results.map((p) => [p.id, marksFor(p, q)]));
  return {
    q,
    results,
    ratings,
    bestsellers: null,
    offers,
    marks,
    lang,
    i18n: pageMessages(request, 'search'),
  };
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { q, results, ratings, bestsellers, offers, marks } = loaderData;
  const { messages, searchPrompt, searchResultsTitle } = useSpecMessages();
  if (bestsellers) {
    return (
      <main className="page search-page">
        <h1 className="section-title">{searchPrompt.title}</h1>
        <p className="search-page__prompt">{searchPrompt.text}</p>
        {bestsellers.length > 0 ? (
          <section aria-labelledby="bestsellers-heading">
            <h2 id="bestsellers-heading" className="section-title">
              {searchPrompt.bestsellers}
            </h2>
            <div className="grid">
              {bestsellers.map((p) => (
                <ProductCard key={p.id} product={p} rating={ratings[p.id]} />
              ))}
            </div>
          </section>
        ) : null}
      </main>
    );
  }
  return (
    <>
      <main className="page search-page">
        <h1 className="section-title">{searchResultsTitle(q)}</h1>
        {results.length === 0 ? (
          <p className="empty">{messages.noSearchMatchesPage}</p>
        ) : (
          <div className="grid">
            {results.map((p) => (
              <SearchResultCard key={p.id} product={p} marks={marks[p.id]} rating={ratings[p.id]} />
            ))}
          </div>
        )}
      </main>
      {/* Outside <main>: a suggestion beside the (empty) answer, not part of it. */}
      {offers.length > 0 ? (
        <aside className="page search-page search-page__offers" aria-labelledby="offers-heading">
          <h2 id="offers-heading" className="section-title">
            {searchPrompt.bestsellers}
          </h2>
          <div className="grid">
            {offers.map((p) => (
              <ProductCard key={p.id} product={p} rating={ratings[p.id]} />
            ))}
          </div>
        </aside>
      ) : null}
    </>
  );
}

interface Marks {
  name: TextPart[];
  nameHi: TextPart[];
  /** Where a description or about line matched, when the names did not. */
  excerpt: TextPart[] | null;
}

function marksFor(product: ProductDto, query: string): Marks {
  const name = highlightParts(product.name, query);
  const nameHi = highlightParts(product.nameHi, query);
  const named = [...name, ...nameHi].some((p) => p.mark);
  const excerpt = named
    ? null
    : ([product.description, ...product.about].map((text) => matchedExcerpt(text, query)).find(Boolean) ??
      null);
  return { name, nameHi, excerpt };
}

function SearchResultCard({
  product,
  marks,
  rating,
}: {
  product: ProductDto;
  marks: Marks | undefined;
  rating: CardRating | undefined;
}) {
  const excerpt = marks?.excerpt;
  const range = priceRange(product.variants);
  const outOfStock = isOutOfStock(product.variants);
  const image = productImageSet(product);
  const t = useT();
  const lp = useLocalePath();
  const { messages, percentOffLabel } = useSpecMessages();
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
          loading="lazy"
        />
      </span>
      <span className="card__body">
        <span className="card__name">
          <MarkedText parts={marks?.name ?? [{ text: product.name, mark: false }]} />
        </span>
        {product.nameHi && product.nameHi !== product.name ? (
          <span className="card__hindi" lang="hi">
            <MarkedText parts={marks?.nameHi ?? [{ text: product.nameHi, mark: false }]} />
          </span>
        ) : null}
        {excerpt ? (
          <span className="card__excerpt">
            <MarkedText parts={excerpt} />
          </span>
        ) : null}
        {rating ? <CardStars rating={rating} /> : null}
        {range?.kind === 'single' ? (
          <span className="price">
            <span className="price__now">{formatPrice(range.price)}</span>
            {range.mrp > range.price ? (
              <s className="price__mrp">
                <span className="visually-hidden">{t('common.mrp')}</span>
                {formatPrice(range.mrp)}
              </s>
            ) : null}
            {range.off > 0 ? <span className="price__off">{percentOffLabel(range.off)}</span> : null}
          </span>
        ) : null}
        {range?.kind === 'range' ? (
          <span className="price">
            <span className="price__now">
              {formatPrice(range.min)} – {formatPrice(range.max)}
            </span>
          </span>
        ) : null}
        {outOfStock ? <span className="stock-out">{messages.outOfStock}</span> : null}
      </span>
    </Link>
  );
}
