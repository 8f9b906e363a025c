import { POLICY_PATHS } from '@spice/shared/policy';
import { getStorefront } from '../context';
import type { Route } from './+types/sitemap-xml';

const escapeXml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

/** Every active product and content page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, publicUrl } = getStorefront(context);
  const origin = publicUrl ?? new URL(request.url).origin;
  const products = await services.catalog.listActive();
  const paths = [
    '/',
    '/about',
    '/contact',
    ...Object.values(POLICY_PATHS),
    ...products.map((p) => `/product/${p.slug}`),
  ];
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...paths.map((p) => `  <url><loc>${escapeXml(origin + p)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
