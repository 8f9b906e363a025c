import { data, Link } from 'react-router';
import { metaT, useLocalePath, useT } from '../i18n';
import { pageMessages } from '../i18n/server';
import { seoMeta } from '../seo';
import type { Route } from './+types/not-found';

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  return seoMeta({
    title: `${metaT(matches)('notFound.title')} | ${root.settings.storeName}`,
    description: root.settings.description,
    origin: root.origin,
    path: '/',
    lang: root.lang,
    noindex: true,
  });
}

// Any path no route knows is a real 404, not a soft one.
export function loader({ request }: Route.LoaderArgs) {
  return data({ i18n: pageMessages(request, 'not-found') }, { status: 404 });
}

export function headers() {
  return { 'Cache-Control': 'no-cache' };
}

export default function NotFound() {
  return <NotFoundView />;
}

/** The 404 page; a page's error boundary passes the 404 its loader threw (it carries the texts). */
export function NotFoundView({
  what = 'page',
  error,
}: {
  what?: 'page' | 'product' | 'order';
  error?: unknown;
}) {
  const t = useT(error);
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
