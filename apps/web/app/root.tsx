import type { ReactNode } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import { Analytics } from './components/analytics';
import { currentUser, getStorefront } from './context';
import inlineStyles from './styles/app.css?inline';
import stylesHref from './styles/app.css?url';

// Production pages carry their stylesheet inline, so the first paint waits for no second request
// (on a slow mobile link a render-blocking stylesheet costs a round trip). Development links it,
// for Vite's hot reload.
const INLINE_STYLES = import.meta.env.PROD;

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  ...(INLINE_STYLES ? [] : [{ rel: 'stylesheet', href: stylesHref }]),
];

/**
 * The stylesheet as a React style resource: the server sends its text; in the browser React finds
 * that element by its href and keeps it, so the client bundle never carries the CSS.
 */
function InlineStyles() {
  if (!INLINE_STYLES) return null;
  return (
    <style href={stylesHref} precedence="default">
      {import.meta.env.SSR ? inlineStyles : ''}
    </style>
  );
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, analyticsId, publicUrl, demoMode } = getStorefront(context);
  const [settings, footer, marketplaceLinks, user] = await Promise.all([
    services.content.settings(),
    services.content.footer(),
    services.content.marketplaceLinks(),
    currentUser(services, request),
  ]);
  return {
    settings,
    footer,
    marketplaceLinks,
    user,
    analyticsId,
    demoMode,
    origin: publicUrl ?? new URL(request.url).origin,
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

export function useRootData(): RootData {
  const data = useRouteLoaderData<typeof loader>('root');
  if (!data) throw new Error('root loader data is missing');
  return data;
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#7a2e0e" />
        <Meta />
        <InlineStyles />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
        {data?.analyticsId ? <Analytics id={data.analyticsId} /> : null}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main className="page error-page">
      <h1>{status === 404 ? 'Page not found' : 'Something went wrong'}</h1>
      <p>{status === 404 ? 'We could not find that page.' : 'Please try again in a moment.'}</p>
      <a className="button" href="/">
        Back to Home
      </a>
    </main>
  );
}
