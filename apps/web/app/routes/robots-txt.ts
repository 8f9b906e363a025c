import { getStorefront } from '../context';
import type { Route } from './+types/robots-txt';

export function loader({ request, context }: Route.LoaderArgs) {
  const origin = getStorefront(context).publicUrl ?? new URL(request.url).origin;
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /checkout',
    'Disallow: /cart',
    'Disallow: /profile',
    'Disallow: /orders',
    'Disallow: /order-success',
    'Disallow: /search',
    'Disallow: /admin',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
