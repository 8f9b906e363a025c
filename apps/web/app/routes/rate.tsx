import { productImage } from '@spice/shared/images';
import { localizePath } from '@spice/shared/lang';
import { isRouteErrorResponse, Link, redirect } from 'react-router';
import { currentUser, getStorefront } from '../context';
import { LOGIN_TO_RATE } from '../features/reviews/customer-reviews';
import { RateForm } from '../features/reviews/rate-form';
import { metaT, useLocalePath, useT } from '../i18n';
import { langOf, pageMessages, pageNotFound } from '../i18n/server';
import { seoMeta } from '../seo';
import type { Route } from './+types/rate';
import { NotFoundView } from './not-found';

export function meta({ loaderData, matches, location, error }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  const t = metaT(matches, error);
  const store = root.settings.storeName;
  return seoMeta({
    title: loaderData
      ? t('rate.metaTitle', { product: loaderData.product.name, store })
      : t('rate.notFoundTitle', { store }),
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
  const product =
    Number.isSafeInteger(id) && id > 0 ? await services.catalog.getById(id, langOf(request)) : null;
  if (!product?.active) throw pageNotFound(request, 'rate');
  const user = await currentUser(context);
  if (!user) throw redirect(localizePath(`/product/${product.slug}?login=${LOGIN_TO_RATE}`, langOf(request)));
  const existing = await services.reviews.mine(user.id, product.id);
  return {
    product: { id: product.id, slug: product.slug, name: product.name, image: productImage(product) },
    user: { name: `${user.firstName} ${user.lastName}`.trim(), email: user.email },
    existing,
    i18n: pageMessages(request, 'rate'),
  };
}

export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export default function RatePage({ loaderData }: Route.ComponentProps) {
  const { product, user, existing } = loaderData;
  const t = useT();
  const lp = useLocalePath();
  return (
    <main className="page rate">
      <nav aria-label={t('rate.breadcrumb')} className="breadcrumb">
        <Link to={lp('/')}>{t('rate.home')}</Link> /{' '}
        <Link to={lp(`/product/${product.slug}`)}>{product.name}</Link> /{' '}
        <span aria-current="page">{t('rate.crumb')}</span>
      </nav>
      <div className="rate__head">
        <img src={product.image} alt="" width="96" height="96" />
        <div>
          <h1>{existing ? t('rate.editTitle') : t('rate.title')}</h1>
          <p className="rate__product">{product.name}</p>
        </div>
      </div>
      <RateForm key={product.id} product={product} user={user} existing={existing} />
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404)
    return <NotFoundView what="product" error={error} />;
  throw error;
}
