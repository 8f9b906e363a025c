import { data, Link } from 'react-router';
import { rootT, useLocalePath, useT } from '../i18n';
import { seoMeta } from '../seo';
import type { Route } from './+types/not-found';

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  return seoMeta({
    title: `${rootT(root)('notFound.title')} | ${root.settings.storeName}`,
    description: root.settings.description,
    origin: root.origin,
    path: '/',
    lang: root.lang,
    noindex: true,
  });
}

// Any path no route knows is a real 404, not a soft one.
export function loader() {
  return data(null, { status: 404 });
}

export function headers() {
  return { 'Cache-Control': 'no-cache' };
}

export default function NotFound() {
  return <NotFoundView />;
}

export function NotFoundView({ what = 'page' }: { what?: 'page' | 'product' | 'order' }) {
  const t = useT();
  const lp = useLocalePath();
  return (
    <main className="page not-found">
      <p className="not-found__code">404</p>
      <h1>{t('notFound.heading', { what })}</h1>
      <p>{t('notFound.text', { what })}</p>
      <Link to={lp('/')} className="button">
        {t('common.backHome')}
      </Link>
    </main>
  );
}
