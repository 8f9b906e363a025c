// Measurement and advertising tags (issue 38, decision 0042): the consent banner, then GA4's
// e-commerce events and the Meta Pixel's standard events, for a shopper who accepted them. Loaded
// by root.tsx with import() after the page is interactive, and only when ANALYTICS_ID or
// META_PIXEL_ID is set: none of it is in any page's first-load scripts. Before the shopper
// accepts, nothing of Google's or Meta's is loaded and no cookie of theirs is set.
//
// The pages are not touched: the events are read from what the shop already does. Navigations
// come from React Router's router (the page's loader data names the products shown), cart changes
// from the cart API's answers (every one is the whole cart), the payment choice from the placing
// request, the purchase from the order-success page's order (once per order, even after reloads).

import type { ProductDto } from '@spice/shared/contracts/catalog';
import type { CartItemDto } from '@spice/shared/contracts/commerce';
import { type Lang, pathLang } from '@spice/shared/lang';
import {
  CONSENT_COOKIE,
  CONSENT_COOKIE_DAYS,
  type TrackingChoice,
  trackingChoice,
} from '@spice/shared/tracking-consent';
import { loadDialogMessages } from '../../i18n/dialogs';
import { createTranslator } from '../../i18n/translate';
import { api } from '../account/api';
import { USER_STORAGE_KEY } from '../account/user-store';

export interface TagIds {
  ga: string | null;
  pixel: string | null;
}

type Params = Record<string, unknown>;
interface Item {
  item_id: string;
  item_name: string;
  item_variant: string;
  price: number;
  quantity: number;
  item_brand: string;
  item_category: string;
}

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
    fbq?: ((...args: unknown[]) => void) & { queue?: unknown[]; loaded?: boolean; version?: string };
    _fbq?: unknown;
  }
}

interface RouterLike {
  state: {
    navigation: { state: string };
    location: { pathname: string; search: string; state: unknown };
    matches: { route: { id: string }; params: Record<string, string | undefined> }[];
    loaderData: Record<string, unknown>;
  };
  subscribe(listener: (state: RouterLike['state']) => void): () => void;
}

const ITEM_CATEGORY = 'Spices & Masalas';
const PURCHASES_KEY = 'kesarchakki.purchasesSent';
const BANNER_ID = 'consent-banner';
// With the banner, not in the page's stylesheet: most visits never show it.
const BANNER_CSS = `.consent-banner{background:#fff8ef;border-bottom:1px solid #e0c9a6;color:#2b1a0f;padding:.75rem 1rem;font-size:.9375rem;line-height:1.45}
.consent-banner__title{font-size:1rem;margin:0 0 .25rem}.consent-banner__text{margin:0 0 .5rem;max-width:60rem}
.consent-banner__text a{color:#7a2e0e;text-decoration:underline}
.consent-banner__actions{display:flex;flex-wrap:wrap;gap:.5rem}
.consent-banner__button{min-height:44px;min-width:9rem;padding:.5rem 1rem;border:2px solid #7a2e0e;background:#fff;color:#7a2e0e;font:inherit;font-weight:600;border-radius:.375rem;cursor:pointer}
.consent-banner__button:focus-visible{outline:3px solid #1a5fb4;outline-offset:2px}`;

let started = false;

/** Shows the banner or, with a choice made, starts the tags it allows. Called once per page load. */
export function startTags(ids: TagIds): void {
  if (started || (!ids.ga && !ids.pixel)) return;
  started = true;
  const choice = trackingChoice(document.cookie);
  if (choice === 'all') startMeasuring(ids);
  else if (choice === null) void showBanner(ids);
}

// —— the banner ——————————————————————————————————————————————————————————————————————————————

async function showBanner(ids: TagIds): Promise<void> {
  const lang: Lang = pathLang(window.location.pathname);
  const messages = await loadDialogMessages('consent-banner', lang);
  const t = createTranslator(lang, messages?.catalogue ?? {});
  if (document.getElementById(BANNER_ID)) return;
  const style = document.createElement('style');
  style.textContent = BANNER_CSS;
  document.head.append(style);
  // In the flow at the top of the page, not over it: it never covers the page's controls.
  const banner = document.createElement('section');
  banner.id = BANNER_ID;
  banner.className = 'consent-banner';
  banner.setAttribute('aria-labelledby', `${BANNER_ID}-title`);
  banner.lang = lang === 'hi' ? 'hi' : 'en';
  const title = document.createElement('h2');
  title.id = `${BANNER_ID}-title`;
  title.className = 'consent-banner__title';
  title.textContent = t('consentBanner.label');
  const text = document.createElement('p');
  text.className = 'consent-banner__text';
  text.textContent = `${t('consentBanner.text')} `;
  const link = document.createElement('a');
  link.href = lang === 'hi' ? '/hi/privacy-notice' : '/privacy-notice';
  link.textContent = t('consentBanner.privacyLink');
  text.append(link);
  const actions = document.createElement('div');
  actions.className = 'consent-banner__actions';
  // Equally prominent: the same element, class and size; neither is preselected.
  const button = (label: string, choice: TrackingChoice) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'button consent-banner__button';
    b.dataset.choice = choice;
    b.textContent = label;
    b.addEventListener('click', () => {
      choose(choice, lang);
      banner.remove();
      if (choice === 'all') startMeasuring(ids);
    });
    return b;
  };
  actions.append(button(t('consentBanner.accept'), 'all'), button(t('consentBanner.necessary'), 'necessary'));
  banner.append(title, text, actions);
  document.body.prepend(banner);
}

/** Keeps the choice: a first-party cookie, and a consent record when signed in. */
function choose(choice: TrackingChoice, lang: Lang): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie; the Cookie Store API is not in every browser the shop serves
  document.cookie = `${CONSENT_COOKIE}=${choice}; Max-Age=${CONSENT_COOKIE_DAYS * 86_400}; Path=/; SameSite=Lax${secure}`;
  if (!window.localStorage.getItem(USER_STORAGE_KEY)) return;
  void api('/user/consents', {
    method: 'PUT',
    body: { purpose: 'tracking', given: choice === 'all', source: 'banner' },
    headers: { 'accept-language': lang },
  }).catch((error: unknown) => console.warn('consent record failed', error));
}

// —— the tags ——————————————————————————————————————————————————————————————————————————————————

function loadScript(src: string): void {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  document.head.append(script);
}

function startMeasuring(ids: TagIds): void {
  if (ids.ga) {
    window.dataLayer = window.dataLayer ?? [];
    window.gtag = function gtag() {
      // gtag.js reads the arguments object itself, as Google's snippet pushes it.
      // biome-ignore lint/complexity/noArguments: the shape gtag.js expects
      window.dataLayer?.push(arguments);
    };
    window.gtag('js', new Date());
    window.gtag('config', ids.ga, { send_page_view: false });
    loadScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(ids.ga)}`);
  }
  if (ids.pixel) {
    // Meta's base code, without its inline script: a queue until fbevents.js takes over.
    const fbq = ((...args: unknown[]) => {
      const f = window.fbq!;
      if ((f as unknown as { callMethod?: (...a: unknown[]) => void }).callMethod)
        (f as unknown as { callMethod: (...a: unknown[]) => void }).callMethod(...args);
      else f.queue!.push(args);
    }) as NonNullable<Window['fbq']>;
    fbq.queue = [];
    fbq.loaded = true;
    fbq.version = '2.0';
    window.fbq = fbq;
    window._fbq = fbq;
    loadScript('https://connect.facebook.net/en_US/fbevents.js');
    fbq('init', ids.pixel);
  }
  watchNavigations(ids);
  watchRequests(ids);
}

function ga(name: string, params: Params): void {
  window.gtag?.('event', name, params);
}
function pixel(name: string, params: Params, eventId?: string): void {
  if (!window.fbq) return;
  if (eventId) window.fbq('track', name, params, { eventID: eventId });
  else window.fbq('track', name, params);
}

// —— what the events say of products ——————————————————————————————————————————————————————————

let catalogue: Promise<Map<number, ProductDto>> | null = null;
/** The catalogue by product id (the API's, cached by the browser): SKUs and brands for items. */
function products(): Promise<Map<number, ProductDto>> {
  catalogue ??= fetch('/api/products')
    .then((r) => (r.ok ? (r.json() as Promise<ProductDto[]>) : []))
    .then((list) => new Map(list.map((p) => [p.id, p])))
    .catch(() => {
      catalogue = null;
      return new Map<number, ProductDto>();
    });
  return catalogue;
}

function itemOf(
  product: ProductDto,
  variantId: number | null,
  quantity: number,
  price?: number,
): Item | null {
  const variant = product.variants.find((v) => v.id === variantId) ?? product.variants[0];
  if (!variant) return null;
  return {
    item_id: variant.sku,
    item_name: product.name,
    item_variant: variant.weight,
    price: price ?? variant.price,
    quantity,
    item_brand: product.brand || 'Kesar Chakki',
    item_category: ITEM_CATEGORY,
  };
}

const totalOf = (items: Item[]) =>
  Math.round(items.reduce((sum, i) => sum + i.price * i.quantity, 0) * 100) / 100;

async function cartItems(lines: CartItemDto[]): Promise<Item[]> {
  const byId = await products();
  return lines.flatMap((l) => {
    const p = byId.get(l.productId);
    const item = p && itemOf(p, l.variantId, l.quantity, l.price);
    return item ? [item] : [];
  });
}

/** Products a page's loader data shows (cards and product lists: objects with an id and a slug). */
function shownProductIds(data: unknown): number[] {
  const ids: number[] = [];
  const visit = (value: unknown, depth: number) => {
    if (!value || typeof value !== 'object' || depth > 2) return;
    if (Array.isArray(value)) {
      for (const v of value) {
        if (v && typeof v === 'object' && typeof (v as { id?: unknown }).id === 'number' && 'slug' in v)
          ids.push((v as { id: number }).id);
        else visit(v, depth + 1);
      }
      return;
    }
    for (const v of Object.values(value)) visit(v, depth + 1);
  };
  visit(data, 0);
  return [...new Set(ids)];
}

// —— navigations ——————————————————————————————————————————————————————————————————————————————

let lastCart: CartItemDto[] | null = null;

function watchNavigations(ids: TagIds): void {
  const router = (window as { __reactRouterDataRouter?: RouterLike }).__reactRouterDataRouter;
  if (!router) return;
  let seen = '';
  const onPage = (state: RouterLike['state']) => {
    if (state.navigation.state !== 'idle') return;
    const key = state.location.pathname + state.location.search;
    if (key === seen) return;
    seen = key;
    if (ids.ga)
      window.gtag?.('event', 'page_view', {
        page_path: key,
        page_location: window.location.href,
        page_title: document.title,
      });
    if (ids.pixel) window.fbq?.('track', 'PageView');
    void pageEvents(state);
  };
  onPage(router.state);
  router.subscribe(onPage);
}

async function pageEvents(state: RouterLike['state']): Promise<void> {
  const match = state.matches.at(-1);
  if (!match) return;
  const route = match.route.id;
  const data = state.loaderData[route] as Record<string, unknown> | undefined;
  const page = route.replace(/^routes\//, '');
  if (page === 'product' && data?.product) {
    const product = data.product as ProductDto;
    const variantId = Number(new URLSearchParams(state.location.search).get('variant')) || null;
    const item = itemOf(product, variantId, 1);
    if (!item) return;
    ga('view_item', { currency: 'INR', value: item.price, items: [item] });
    pixel('ViewContent', {
      content_ids: [item.item_id],
      content_type: 'product',
      currency: 'INR',
      value: item.price,
    });
    return;
  }
  if (page === 'home' || page === 'search') {
    const q = new URLSearchParams(state.location.search).get('q')?.trim();
    if (page === 'search' && q) ga('search', { search_term: q });
    const byId = await products();
    const items = shownProductIds(data).flatMap((id, index) => {
      const p = byId.get(id);
      const item = p && itemOf(p, null, 1);
      return item ? [{ ...item, index }] : [];
    });
    if (items.length > 0)
      ga('view_item_list', {
        item_list_id: page,
        item_list_name: page === 'home' ? 'Home' : 'Search results',
        items,
      });
    return;
  }
  if (page === 'cart' || page === 'checkout') {
    const lines = lastCart ?? (await currentCart());
    const items = await cartItems(lines);
    if (items.length === 0) return;
    const value = totalOf(items);
    if (page === 'cart') ga('view_cart', { currency: 'INR', value, items });
    else {
      ga('begin_checkout', { currency: 'INR', value, items });
      pixel('InitiateCheckout', {
        content_ids: items.map((i) => i.item_id),
        content_type: 'product',
        currency: 'INR',
        value,
        num_items: items.reduce((n, i) => n + i.quantity, 0),
      });
    }
    return;
  }
  if (page === 'order-success') {
    const orderNumber = (state.location.state as { orderId?: string } | null)?.orderId;
    if (orderNumber) await purchase(orderNumber);
  }
}

async function currentCart(): Promise<CartItemDto[]> {
  try {
    const mobile = (
      JSON.parse(window.localStorage.getItem(USER_STORAGE_KEY) ?? 'null') as { mobile?: string } | null
    )?.mobile;
    if (!mobile) return [];
    const response = await originalFetch(`/api/cart/user/${mobile}`, { credentials: 'same-origin' });
    return response.ok ? ((await response.json()) as CartItemDto[]) : [];
  } catch {
    return [];
  }
}

/** The purchase, once per order: the order numbers sent are kept in this browser. */
async function purchase(orderNumber: string): Promise<void> {
  const sent = JSON.parse(window.localStorage.getItem(PURCHASES_KEY) ?? '[]') as string[];
  if (sent.includes(orderNumber)) return;
  const response = await originalFetch(`/api/orders/${encodeURIComponent(orderNumber)}/purchase-event`, {
    credentials: 'same-origin',
  });
  if (!response.ok) return;
  const event = (await response.json()) as Params & { items: Item[]; value: number };
  window.localStorage.setItem(PURCHASES_KEY, JSON.stringify([...sent, orderNumber].slice(-50)));
  const { payment_type: _payment, ...params } = event;
  ga('purchase', params);
  // The event id is the order number: the server's Conversions API event carries the same.
  pixel(
    'Purchase',
    {
      content_ids: event.items.map((i) => i.item_id),
      content_type: 'product',
      currency: 'INR',
      value: event.value,
      num_items: event.items.reduce((n, i) => n + i.quantity, 0),
    },
    orderNumber,
  );
}

// —— requests the pages make ————————————————————————————————————————————————————————————————

let originalFetch: typeof fetch = (...args) => fetch(...args);

/** The cart's answers (the whole cart, after every change) and the placing requests, as they pass. */
function watchRequests(_ids: TagIds): void {
  const pageFetch = window.fetch.bind(window);
  originalFetch = pageFetch;
  window.fetch = async (input, init) => {
    const response = await pageFetch(input, init);
    try {
      const url = new URL(
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
        window.location.href,
      );
      const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
      if (url.origin === window.location.origin && response.ok)
        observe(url.pathname, method, response.clone());
    } catch {
      // Measuring never breaks the page.
    }
    return response;
  };
  void currentCart().then((lines) => {
    lastCart ??= lines;
  });
}

function observe(path: string, method: string, response: Response): void {
  if (path.startsWith('/api/cart')) {
    void response.json().then((body: unknown) => {
      if (Array.isArray(body)) void cartChanged(body as CartItemDto[]);
    });
    return;
  }
  if (
    method === 'POST' &&
    (path === '/api/orders/place-cod' || path === '/api/payment/create-razorpay-order')
  ) {
    // The cart is emptied after a placement: that is no removal, so the next cart starts afresh.
    const lines = lastCart ?? [];
    lastCart = null;
    void paymentChosen(path.endsWith('place-cod') ? 'COD' : 'online', lines);
  }
}

async function cartChanged(next: CartItemDto[]): Promise<void> {
  const before = lastCart;
  lastCart = next;
  if (!before) return;
  const byId = await products();
  const quantities = (lines: CartItemDto[]) => new Map(lines.map((l) => [l.variantId, l]));
  const was = quantities(before);
  const now = quantities(next);
  for (const variantId of new Set([...was.keys(), ...now.keys()])) {
    const line = now.get(variantId) ?? was.get(variantId)!;
    const change = (now.get(variantId)?.quantity ?? 0) - (was.get(variantId)?.quantity ?? 0);
    const product = byId.get(line.productId);
    const item = product && change !== 0 ? itemOf(product, variantId, Math.abs(change), line.price) : null;
    if (!item) continue;
    const params = { currency: 'INR', value: totalOf([item]), items: [item] };
    if (change > 0) {
      ga('add_to_cart', params);
      pixel('AddToCart', {
        content_ids: [item.item_id],
        content_type: 'product',
        currency: 'INR',
        value: params.value,
      });
    } else ga('remove_from_cart', params);
  }
}

async function paymentChosen(paymentType: 'COD' | 'online', lines: CartItemDto[]): Promise<void> {
  const items = await cartItems(lines);
  const value = totalOf(items);
  ga('add_payment_info', { currency: 'INR', value, payment_type: paymentType, items });
  pixel('AddPaymentInfo', {
    content_ids: items.map((i) => i.item_id),
    content_type: 'product',
    currency: 'INR',
    value,
  });
}
