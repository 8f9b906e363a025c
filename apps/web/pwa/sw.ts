// The shop's service worker (issue 42), built by pwa/build.ts after the storefront: Workbox's
// precache (the build's scripts and styles, the icons, the offline pages), product images kept at
// first sight (bounded), catalogue pages network-first with a 3-second timeout and a kept copy
// marked as seen offline, and an offline page for the rest. Signed-in pages and the API are never
// kept (rules.ts isStorable; /api/ has no route here). Push messages are shown as they come.
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import {
  isCataloguePage,
  isStorable,
  MAX_IMAGES,
  MAX_PAGES,
  NETWORK_TIMEOUT_SECONDS,
  offlineFallback,
  pageOfDataRequest,
  reloadDocumentHeaders,
  withOfflineNotice,
} from './rules';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};
/** Set by the build: the build's id and the offline notice in each language. */
declare const __PWA_VERSION__: string;
declare const __PWA_NOTICE__: { en: string; hi: string };

const VERSION = __PWA_VERSION__;
const PAGES = 'pages';
const IMAGES = 'images';
const ASSETS = 'assets';
/** Windows open when this build took over: their next navigation loads the new build whole. */
const OLDER_PAGES = '/__pwa/older-pages';
const META = 'pwa-meta';

// A new deployment takes over at once; the pages it finds open (an older build's) are sent to the
// new build by their next navigation (below), so no page mixes old and new files.
self.skipWaiting();
clientsClaim();
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

let hadPrevious = false;
self.addEventListener('install', () => {
  hadPrevious = Boolean(self.registration.active);
});
self.addEventListener('activate', (event) => {
  if (!hadPrevious) return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window' });
      olderPages = new Set(windows.map((w) => w.id));
      const cache = await caches.open(META);
      await cache.put(OLDER_PAGES, new Response(JSON.stringify([...olderPages])));
    })(),
  );
});

let olderPages: Set<string> | null = null;
async function isOlderPage(clientId: string): Promise<boolean> {
  if (!clientId) return false;
  if (!olderPages) {
    const kept = await (await caches.open(META)).match(OLDER_PAGES);
    olderPages = new Set(kept ? ((await kept.json()) as string[]) : []);
  }
  return olderPages.has(clientId);
}

const publicOnly = {
  cacheWillUpdate: async ({ response }: { response: Response }) =>
    isStorable(response.status, response.headers) ? response : null,
};

const catalogue = new NetworkFirst({
  cacheName: PAGES,
  networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
  // Pages vary by cookie and language header; only signed-out copies are ever kept, so any will do.
  matchOptions: { ignoreVary: true },
  plugins: [
    publicOnly,
    new ExpirationPlugin({ maxEntries: MAX_PAGES, purgeOnQuotaError: true }),
    {
      // Only a kept copy goes through here (the network's answer does not): mark it as offline.
      cachedResponseWillBeUsed: async ({ cachedResponse, request }) => {
        if (!cachedResponse) return cachedResponse;
        const lang = new URL(request.url).pathname.startsWith('/hi') ? 'hi' : 'en';
        const html = withOfflineNotice(await cachedResponse.text(), __PWA_NOTICE__[lang]);
        return new Response(html, {
          status: 200,
          headers: { 'content-type': 'text/html; charset=utf-8', 'x-pwa-offline-copy': '1' },
        });
      },
    },
  ],
});

registerRoute(
  ({ request, url, sameOrigin }) =>
    sameOrigin && request.mode === 'navigate' && isCataloguePage(url.pathname),
  catalogue,
);

// Every other page is the network's; without it, the offline page (catch handler below).
registerRoute(
  ({ request, sameOrigin }) => sameOrigin && request.mode === 'navigate',
  async ({ request }) => fetch(request),
);

// A client navigation's data is never kept. From a page of an older build, or when the network
// is down, React Router is told to load the page as a document, which the routes above answer.
registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && url.pathname.endsWith('.data'),
  async ({ request, url, event }) => {
    const page = pageOfDataRequest(url) ?? '/';
    const reload = () => new Response(null, { status: 204, headers: reloadDocumentHeaders(page) });
    if (await isOlderPage((event as FetchEvent).clientId)) return reload();
    try {
      return await fetch(request);
    } catch {
      return reload();
    }
  },
);

// React Router's route discovery from a page of an older build: reload that page's document.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname === '/__manifest',
  async ({ request, event }) => {
    if (await isOlderPage((event as FetchEvent).clientId)) {
      return new Response(null, { status: 204, headers: { 'X-Remix-Reload-Document': 'true' } });
    }
    return fetch(request);
  },
);

// The build's other scripts and styles (loaded on demand: dialogs, the cart drawer), kept when
// first loaded; hashed names never change, so the kept copy is always right.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: ASSETS,
    plugins: [
      { cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null) },
      new ExpirationPlugin({ maxEntries: MAX_IMAGES, purgeOnQuotaError: true }),
    ],
  }),
);

// Product and banner images: kept at first sight, the least recently used out past MAX_IMAGES.
registerRoute(
  ({ request, url, sameOrigin }) =>
    sameOrigin && request.destination === 'image' && !url.pathname.startsWith('/api/'),
  new CacheFirst({
    cacheName: IMAGES,
    plugins: [
      { cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null) },
      new ExpirationPlugin({ maxEntries: MAX_IMAGES, purgeOnQuotaError: true }),
    ],
  }),
);

setCatchHandler(async ({ request, url }) => {
  if (request.mode !== 'navigate') return Response.error();
  const page = await matchPrecache(offlineFallback(url.pathname));
  return page ?? Response.error();
});

self.addEventListener('message', (event) => {
  if (event.data?.type === 'version') event.ports[0]?.postMessage(VERSION);
});

interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag?: string;
}

self.addEventListener('push', (event) => {
  let payload: PushPayload;
  try {
    payload = event.data?.json() as PushPayload;
  } catch {
    return;
  }
  if (!payload?.title) return;
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      tag: payload.tag,
      data: { url: payload.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data as { url?: string } | null)?.url ?? '/', self.location.origin);
  if (url.origin !== self.location.origin) return;
  event.waitUntil(self.clients.openWindow(url.href));
});
