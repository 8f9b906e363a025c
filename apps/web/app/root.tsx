import { LANG_TAG, pathLang } from '@spice/shared/lang';
import { type ReactNode, useEffect } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import { currentUser, getStorefront } from './context';
import { setPageSpecMessages, useLocalePath, useSpecMessages, useT } from './i18n';
import { langOf, layoutMessages, offerHindiOf } from './i18n/server';
import inlineStyles from './styles/app.css?inline';
import stylesHref from './styles/app.css?url';

// Production pages carry their stylesheet inline, so the first paint waits for no second request
// (on a slow mobile link a render-blocking stylesheet costs a round trip). Development links it,
// for Vite's hot reload.
const INLINE_STYLES = import.meta.env.PROD;

// The icon, theme colour and web app manifest are written by the server (entry.server.tsx headTags).
export const links: Route.LinksFunction = () =>
  INLINE_STYLES ? [] : [{ rel: 'stylesheet', href: stylesHref }];

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
  const { services, analyticsId, metaPixelId, publicUrl, demoMode } = getStorefront(context);
  // The page's language (its URL): the catalogue it gets, and whether it offers Hindi by a banner.
  const lang = langOf(request);
  const offerHindi = offerHindiOf(request);
  const [settings, footerContent, marketplaceLinks, user, catalog, officer] = await Promise.all([
    services.content.settings(lang),
    services.content.footer(lang),
    services.content.marketplaceLinks(lang),
    currentUser(context),
    services.catalog.snapshot(),
    services.grievances.officer(),
  ]);
  // The footer links to the policy pages, whose texts travel with those pages only; the store's
  // name comes with the settings.
  const { terms: _terms, privacyPolicy: _privacy, storeName: _name, ...footer } = footerContent;
  return {
    lang,
    // The layout's messages only (i18n/namespaces.ts); each page's loader sends its own.
    i18n: layoutMessages(lang, offerHindi),
    offerHindi,
    settings,
    // The store's FSSAI licence and the grievance officer's name, which every page's footer shows
    // (decisions 0035, 0036), both from memory. The officer as the link's tail (': Meera Joshi'),
    // so the footer adds it to 'Grievance Officer' with the fewest bytes on every page; the rest
    // of the officer's details are on /grievance.
    footer: { ...footer, fssaiLicence: catalog.fssaiLicence, officer: officer ? `: ${officer.name}` : '' },
    marketplaceLinks,
    user,
    // Measurement tags configured (issue 38): null on a shop with neither, so nothing loads.
    tags: analyticsId || metaPixelId ? { ga: analyticsId, pixel: metaPixelId } : null,
    demoMode,
    origin: publicUrl ?? new URL(request.url).origin,
  };
}

/**
 * The root's data (settings, footer, the signed-in shopper, the catalogue) is the same on every
 * page of one language, so a plain navigation (a new search, another product) does not fetch it
 * again; crossing languages does, as do form submissions and explicit revalidations.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (pathLang(currentUrl.pathname) !== pathLang(nextUrl.pathname)) return true;
  const plainNavigation =
    !formMethod && (currentUrl.pathname !== nextUrl.pathname || currentUrl.search !== nextUrl.search);
  return plainNavigation ? false : defaultShouldRevalidate;
}

export type RootData = Awaited<ReturnType<typeof loader>>;

export function useRootData(): RootData {
  const data = useRouteLoaderData<typeof loader>('root');
  if (!data) throw new Error('root loader data is missing');
  return data;
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const lang = pathLang(useLocation().pathname);
  return (
    <html lang={LANG_TAG[lang]}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <InlineStyles />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
        <AfterLoad tags={data?.tags} />
      </body>
    </html>
  );
}

/**
 * After the page has loaded: the service worker (issue 42; sw.js, built by pwa/build.ts) and, when
 * measurement tags are configured, the consent banner and the tags (features/tracking/tags.ts).
 * Neither is in any page's first-load scripts.
 */
function AfterLoad({ tags }: { tags: { ga: string | null; pixel: string | null } | null | undefined }) {
  useEffect(() => {
    const start = () => {
      if (import.meta.env.PROD) navigator.serviceWorker?.register('/sw.js');
      if (tags) void import('./features/tracking/tags').then((m) => m.startTags(tags));
    };
    if (document.readyState === 'complete') setTimeout(start, 0);
    else window.addEventListener('load', start, { once: true });
  }, [tags]);
  return null;
}

export default function App() {
  // Code outside React (the API helper's network error) speaks the page's language too.
  const spec = useSpecMessages();
  useEffect(() => setPageSpecMessages(spec), [spec]);
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const t = useT();
  const lp = useLocalePath();
  return (
    <main className="page error-page">
      <h1>{status === 404 ? t('errorPage.notFoundTitle') : t('errorPage.failedTitle')}</h1>
      <p>{status === 404 ? t('errorPage.notFoundText') : t('errorPage.failedText')}</p>
      <a className="button" href={lp('/')}>
        {t('errorPage.home')}
      </a>
    </main>
  );
}
