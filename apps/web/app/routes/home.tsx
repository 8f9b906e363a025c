import { DEFAULT_BANNER_IMAGE } from '@spice/shared/banner';
import { MESSAGES } from '@spice/shared/messages';
import { ProductCard, toCardProduct } from '../components/product-card';
import { getStorefront } from '../context';
import { seoMeta } from '../seo';
import type { Route } from './+types/home';

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  return seoMeta({
    title: root.settings.title,
    description: root.settings.description,
    origin: root.origin,
    path: '/',
    image: '/images/banners/festive.svg',
  });
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = getStorefront(context);
  const [banner, products] = await Promise.all([
    services.content.liveBanner(),
    services.catalog.listActive(),
  ]);
  const ratings = await services.reviews.ratingsFor(products.map((p) => p.id));
  // Only what the cards show: the page's data travels a second time, for hydration.
  return { banner, products: products.map(toCardProduct), ratings };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { banner, products, ratings } = loaderData;
  const image = (
    <img
      src={banner?.imageUrl ?? DEFAULT_BANNER_IMAGE}
      alt={banner?.alt || 'Pure, authentic Indian spices'}
      width="1600"
      height="600"
      fetchPriority="high"
    />
  );
  return (
    <main className="page home">
      <section className="hero" aria-label="Featured offer">
        {banner?.linkUrl ? <a href={banner.linkUrl}>{image}</a> : image}
      </section>
      <section aria-labelledby="featured-heading">
        <h1 id="featured-heading" className="section-title">
          {MESSAGES.featuredProducts}
        </h1>
        <div className="grid">
          {products.map((p, i) => (
            <ProductCard key={p.id} product={p} eager={i < 4} rating={ratings[p.id]} />
          ))}
        </div>
      </section>
    </main>
  );
}
