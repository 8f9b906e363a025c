import { DEFAULT_BANNER_IMAGE } from '@spice/shared/banner';
import { ProductCard, toCardProduct } from '../components/product-card';
import { getStorefront } from '../context';
import { useSpecMessages, useT } from '../i18n';
import { langOf, pageMessages } from '../i18n/server';
import { seoMeta } from '../seo';
import type { Route } from './+types/home';

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  return seoMeta({
    title: root.settings.title,
    description: root.settings.description,
    origin: root.origin,
    path: '/',
    lang: root.lang,
    image: '/images/banners/festive.svg',
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = getStorefront(context);
  // The page's language: the banner and catalogue reads take it (i18n-content's `lang` parameter).
  const lang = langOf(request);
  const [banner, products] = await Promise.all([
    services.content.liveBanner(new Date(), lang),
    services.catalog.listActive(lang),
  ]);
  const ratings = await services.reviews.ratingsFor(products.map((p) => p.id));
  // Only what the cards show (each with its rating): the page's data travels a second time, for hydration.
  return {
    // Only what the hero shows of the banner.
    banner: banner && { imageUrl: banner.imageUrl, alt: banner.alt, linkUrl: banner.linkUrl },
    products: products.map((p) => toCardProduct(p, ratings[p.id])),
    lang,
    i18n: pageMessages(request, 'home'),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { banner, products } = loaderData;
  const t = useT();
  const { messages } = useSpecMessages();
  const image = (
    <img
      src={banner?.imageUrl ?? DEFAULT_BANNER_IMAGE}
      alt={banner?.alt || t('home.heroAlt')}
      width="1600"
      height="600"
      fetchPriority="high"
    />
  );
  return (
    <main className="page home">
      <section className="hero" aria-label={t('home.heroLabel')}>
        {banner?.linkUrl ? <a href={banner.linkUrl}>{image}</a> : image}
      </section>
      <section aria-labelledby="featured-heading">
        <h1 id="featured-heading" className="section-title">
          {messages.featuredProducts}
        </h1>
        <div className="grid">
          {products.map((p, i) => (
            <ProductCard key={p.id} product={p} eager={i < 4} />
          ))}
        </div>
      </section>
    </main>
  );
}
