import { LANG_TAG, LANGS, localizePath } from '@spice/shared/lang';
import { POLICY_PATHS } from '@spice/shared/policy';
import { getStorefront } from '../context';
import type { Route } from './+types/sitemap-xml';

const escapeXml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

const alternate = (hreflang: string, href: string) =>
  `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(href)}"/>`;

/**
 * Every active product and content page, in both languages: each URL lists its English and Hindi
 * versions and English as x-default (hreflang in the sitemap, as on the pages: decision 0017).
 */
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
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...paths.flatMap((p) => {
      const alternates = [
        ...LANGS.map((lang) => alternate(LANG_TAG[lang], origin + localizePath(p, lang))),
        alternate('x-default', origin + p),
      ].join('');
      return LANGS.map(
        (lang) => `  <url><loc>${escapeXml(origin + localizePath(p, lang))}</loc>${alternates}</url>`,
      );
    }),
    '</urlset>',
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
