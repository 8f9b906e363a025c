// After `react-router build` (issue 42): what makes the shop installable and usable offline, written
// into the client build. The icons from the logo's mark (sharp), one web app manifest per language
// (its start URL, name and shortcuts), the offline pages in both languages, and the service worker
// (pwa/sw.ts bundled by rolldown, then Workbox's injectManifest lists the files to precache: the
// shop's scripts and styles, not the back office's, plus the icons and offline pages).
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'rolldown';
import sharp from 'sharp';
import { injectManifest } from 'workbox-build';

const WEB = path.resolve(import.meta.dirname, '..');
const CLIENT = path.join(WEB, process.env.WEB_BUILD_DIR ?? 'build', 'client');
const BRAND = { background: '#fffaf2', theme: '#7a2e0e', mark: '#7A1F1B' };

type Lang = 'en' | 'hi';
interface PwaTexts {
  appName: string;
  shortName: string;
  description: string;
  shortcutSearch: string;
  shortcutCart: string;
  shortcutOrders: string;
  offlineNotice: string;
  offlineTitle: string;
  offlineText: string;
  offlineRetry: string;
  offlineHome: string;
  checkoutOfflineTitle: string;
  checkoutOfflineText: string;
  cartOfflineTitle: string;
  cartOfflineNote: string;
  cartOfflineEmpty: string;
  cartOfflineQuantity: string;
}

function texts(lang: Lang): PwaTexts {
  const file = path.join(WEB, 'app/i18n/messages', `${lang}.json`);
  return (JSON.parse(readFileSync(file, 'utf8')) as { pwa: PwaTexts }).pwa;
}

const prefix = (lang: Lang) => (lang === 'hi' ? '/hi' : '');
const write = (file: string, content: string | Buffer) => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
};

/** The mark of the logo (public/favicon.svg): 'any' icons on transparent, maskable on the brand's colour. */
async function icons() {
  mkdirSync(path.join(CLIENT, 'icons'), { recursive: true });
  const mark = readFileSync(path.join(WEB, 'public/favicon.svg'));
  for (const size of [192, 512]) {
    await sharp(mark, { density: (72 * size) / 64 })
      .resize(size, size)
      .png()
      .toFile(path.join(CLIENT, 'icons', `icon-${size}.png`));
    // Maskable: the mark inside the safe zone (the middle 80%), the rest the mark's own colour.
    const inner = Math.round(size * 0.72);
    const markPng = await sharp(mark, { density: (72 * inner) / 64 })
      .resize(inner, inner)
      .png()
      .toBuffer();
    await sharp({ create: { width: size, height: size, channels: 4, background: BRAND.mark } })
      .composite([{ input: markPng, gravity: 'centre' }])
      .png()
      .toFile(path.join(CLIENT, 'icons', `maskable-${size}.png`));
  }
}

function manifest(lang: Lang) {
  const t = texts(lang);
  const p = prefix(lang);
  return {
    id: '/',
    name: t.appName,
    short_name: t.shortName,
    description: t.description,
    lang: lang === 'hi' ? 'hi-IN' : 'en-IN',
    dir: 'ltr',
    start_url: p || '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: BRAND.theme,
    background_color: BRAND.background,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    shortcuts: [
      {
        name: t.shortcutSearch,
        url: `${p}/search`,
        icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }],
      },
      { name: t.shortcutCart, url: `${p}/cart`, icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
      {
        name: t.shortcutOrders,
        url: `${p}/orders`,
        icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }],
      },
    ],
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

const PAGE_STYLE = `body{margin:0;font:1rem/1.5 system-ui,sans-serif;background:${BRAND.background};color:#2b1a10}
main{max-width:36rem;margin:0 auto;padding:2rem 1rem}h1{font-size:1.4rem;color:${BRAND.theme}}
a.button{display:inline-block;margin:.5rem .5rem 0 0;padding:.7rem 1.1rem;border-radius:.4rem;background:${BRAND.theme};color:#fff;text-decoration:none;font-weight:600}
a.button.secondary{background:#fff;color:${BRAND.theme};border:1px solid ${BRAND.theme}}
ul{list-style:none;padding:0}li{display:flex;justify-content:space-between;gap:1rem;padding:.6rem 0;border-bottom:1px solid #e7d9c6}
.note{background:#fff4d6;border:1px solid #c98a00;padding:.6rem .8rem;border-radius:.4rem}
img.mark{width:64px;height:64px}`;

function page(lang: Lang, title: string, body: string, script?: string) {
  return `<!doctype html><html lang="${lang === 'hi' ? 'hi-IN' : 'en-IN'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="theme-color" content="${BRAND.theme}">
<title>${escapeHtml(title)}</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"><style>${PAGE_STYLE}</style></head>
<body><main><img class="mark" src="/icons/icon-192.png" alt="" width="64" height="64">${body}</main>${script ? `<script src="${script}" defer></script>` : ''}</body></html>`;
}

function offlinePages(lang: Lang) {
  const t = texts(lang);
  const p = prefix(lang);
  const home = `<a class="button secondary" href="${p || '/'}">${escapeHtml(t.offlineHome)}</a>`;
  const retry = `<a class="button" href="">${escapeHtml(t.offlineRetry)}</a>`;
  write(
    path.join(CLIENT, p.slice(1), 'offline.html'),
    page(
      lang,
      t.offlineTitle,
      `<h1>${escapeHtml(t.offlineTitle)}</h1><p>${escapeHtml(t.offlineText)}</p><p>${retry}${home}</p>`,
    ),
  );
  write(
    path.join(CLIENT, p.slice(1), 'offline-checkout.html'),
    page(
      lang,
      t.checkoutOfflineTitle,
      `<h1>${escapeHtml(t.checkoutOfflineTitle)}</h1><p class="note" role="status">${escapeHtml(t.checkoutOfflineText)}</p><p>${retry}<a class="button secondary" href="${p}/cart">${escapeHtml(t.shortcutCart)}</a></p>`,
    ),
  );
  // The cart as last seen: the cart page keeps a copy in this browser (features/pwa/cart-copy.ts).
  write(
    path.join(CLIENT, p.slice(1), 'offline-cart.html'),
    page(
      lang,
      t.cartOfflineTitle,
      `<h1>${escapeHtml(t.cartOfflineTitle)}</h1><p class="note" role="status">${escapeHtml(t.cartOfflineNote)}</p>
<ul id="cart-copy" data-empty="${escapeHtml(t.cartOfflineEmpty)}" data-quantity="${escapeHtml(t.cartOfflineQuantity)}"></ul>
<p class="note">${escapeHtml(t.checkoutOfflineText)}</p><p>${retry}${home}</p>`,
      '/offline-cart.js',
    ),
  );
}

/** The shop's scripts and styles: every file a storefront route imports, none only the back office's. */
function shopAssets(): string[] {
  const assets = path.join(CLIENT, 'assets');
  const manifestFile = readdirSync(assets).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!manifestFile) throw new Error('pwa: no React Router manifest in the client build');
  const text = readFileSync(path.join(assets, manifestFile), 'utf8');
  const json = JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)) as {
    entry: { module: string; imports: string[] };
    routes: Record<string, { id: string; module: string; imports?: string[]; css?: string[] }>;
  };
  const files = (route: { module: string; imports?: string[]; css?: string[] }) => [
    route.module,
    ...(route.imports ?? []),
    ...(route.css ?? []),
  ];
  const admin = new Set<string>();
  const shop = new Set<string>([json.entry.module, ...json.entry.imports, `/assets/${manifestFile}`]);
  for (const route of Object.values(json.routes)) {
    for (const file of files(route)) (route.id.startsWith('routes/admin') ? admin : shop).add(file);
  }
  // Chunks loaded on demand (dialogs, the cart drawer) are in no route's list: the worker keeps
  // them when first loaded (sw.ts), so a first visit does not download every page's scripts.
  return [...shop].filter((f) => !admin.has(f) || shop.has(f)).toSorted();
}

async function serviceWorker(precache: string[]) {
  const version = createHash('sha256').update(precache.join('\n')).digest('hex').slice(0, 12);
  const notice = { en: texts('en').offlineNotice, hi: texts('hi').offlineNotice };
  const tmp = path.join(WEB, 'build-pwa-tmp');
  rmSync(tmp, { recursive: true, force: true });
  const define = {
    'process.env.NODE_ENV': '"production"',
    __PWA_VERSION__: JSON.stringify(version),
    __PWA_NOTICE__: JSON.stringify(notice),
  };
  // One file each (a worker and a classic script have no imports): two builds.
  for (const name of ['sw', 'offline-cart']) {
    await build({
      input: path.join(WEB, `pwa/${name}.ts`),
      platform: 'browser',
      transform: { define },
      output: { file: path.join(tmp, `${name}.js`), format: 'iife', minify: true, codeSplitting: false },
    });
  }
  writeFileSync(path.join(CLIENT, 'offline-cart.js'), readFileSync(path.join(tmp, 'offline-cart.js')));
  const result = await injectManifest({
    swSrc: path.join(tmp, 'sw.js'),
    swDest: path.join(CLIENT, 'sw.js'),
    globDirectory: CLIENT,
    globPatterns: [
      'icons/*.png',
      'favicon.svg',
      'offline*.html',
      'hi/offline*.html',
      'offline-cart.js',
      ...precache.map((f) => f.slice(1)),
    ],
    // Hashed names carry their own revision.
    dontCacheBustURLsMatching: /^assets\//,
    maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
  });
  rmSync(tmp, { recursive: true, force: true });
  for (const warning of result.warnings) console.warn(`pwa: ${warning}`);
  console.log(
    `pwa: sw.js ${version}, ${result.count} files precached (${Math.round(result.size / 1024)} kB)`,
  );
}

await icons();
for (const lang of ['en', 'hi'] as const) {
  write(path.join(CLIENT, prefix(lang).slice(1), 'manifest.webmanifest'), JSON.stringify(manifest(lang)));
  offlinePages(lang);
}
await serviceWorker(shopAssets());
