import { data, Link } from 'react-router';
import { seoMeta } from '../seo';
import type { Route } from './+types/not-found';

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  return seoMeta({
    title: `Page not found | ${root.settings.storeName}`,
    description: root.settings.description,
    origin: root.origin,
    path: '/',
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

export function NotFoundView({ what = 'page' }: { what?: string }) {
  return (
    <main className="page not-found">
      <p className="not-found__code">404</p>
      <h1>We couldn’t find that {what}</h1>
      <p>The link may be old, or the {what} may have moved. Our masalas are still right here.</p>
      <Link to="/" className="button">
        Back to Home
      </Link>
    </main>
  );
}
