import { productImage } from '@spice/shared/images';
import { data, isRouteErrorResponse, Link, redirect } from 'react-router';
import { currentUser, getStorefront } from '../context';
import { LOGIN_TO_RATE } from '../features/reviews/customer-reviews';
import { RateForm } from '../features/reviews/rate-form';
import { seoMeta } from '../seo';
import type { Route } from './+types/rate';
import { NotFoundView } from './not-found';

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  return seoMeta({
    title: `${loaderData ? `Rate ${loaderData.product.name}` : 'Product not found'} | ${root.settings.storeName}`,
    description: root.settings.description,
    origin: root.origin,
    lang: root.lang,
    path: location.pathname,
    noindex: true,
  });
}

// Rating needs a logged-in shopper: a visitor goes back to the product, where the login opens.
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { services } = getStorefront(context);
  const id = Number(params.id);
  const product = Number.isSafeInteger(id) && id > 0 ? await services.catalog.getById(id) : null;
  if (!product?.active) throw data(null, { status: 404 });
  const user = await currentUser(services, request);
  if (!user) throw redirect(`/product/${product.slug}?login=${LOGIN_TO_RATE}`);
  const existing = await services.reviews.mine(user.id, product.id);
  return {
    product: { id: product.id, slug: product.slug, name: product.name, image: productImage(product) },
    user: { name: `${user.firstName} ${user.lastName}`.trim(), email: user.email },
    existing,
  };
}

export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export default function RatePage({ loaderData }: Route.ComponentProps) {
  const { product, user, existing } = loaderData;
  return (
    <main className="page rate">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to="/">Home</Link> / <Link to={`/product/${product.slug}`}>{product.name}</Link> /{' '}
        <span aria-current="page">Rate</span>
      </nav>
      <div className="rate__head">
        <img src={product.image} alt="" width="96" height="96" />
        <div>
          <h1>{existing ? 'Edit your review' : 'Rate this product'}</h1>
          <p className="rate__product">{product.name}</p>
        </div>
      </div>
      <RateForm key={product.id} product={product} user={user} existing={existing} />
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView what="product" />;
  throw error;
}
