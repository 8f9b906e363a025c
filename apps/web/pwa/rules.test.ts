import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isCataloguePage,
  isStorable,
  OFFLINE_NOTICE_CLASS,
  offlineFallback,
  pageOfDataRequest,
  reloadDocumentHeaders,
  withOfflineNotice,
} from './rules';

const headers = (entries: Record<string, string>) => new Headers(entries);

describe('the pages the worker keeps', () => {
  it.each([
    ['/', true],
    ['/hi', true],
    ['/product/garam-masala', true],
    ['/hi/product/garam-masala', true],
    ['/search', true],
    ['/hi/search', true],
    ['/about', true],
    ['/privacy-policy', true],
    ['/terms-and-conditions', true],
    ['/hi/return-policy', true],
    ['/shipping-policy', true],
    ['/cart', false],
    ['/hi/cart', false],
    ['/checkout', false],
    ['/orders', false],
    ['/orders/KC-1001', false],
    ['/profile', false],
    ['/order-success', false],
    ['/admin', false],
    ['/admin/orders', false],
    ['/dev/outbox', false],
    ['/product/a/b', false],
    ['/api/products', false],
  ])('%s → %s', (path, kept) => {
    expect(isCataloguePage(path)).toBe(kept);
  });

  it('never keeps a page of one shopper in either language, whatever follows it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('/cart', '/checkout', '/orders', '/profile', '/order-success', '/admin'),
        fc.constantFrom('', '/hi'),
        fc.stringMatching(/^(?:\/[a-z0-9-]{0,12}){0,3}$/),
        (page, lang, tail) => !isCataloguePage(`${lang}${page}${tail}`),
      ),
    );
  });
});

describe('what may be stored', () => {
  it.each([
    [200, {}, true],
    [200, { 'cache-control': 'no-cache' }, true],
    [200, { 'cache-control': 'public, max-age=60' }, true],
    [200, { 'cache-control': 'private, no-store' }, false],
    [200, { 'cache-control': 'no-store' }, false],
    [200, { 'cache-control': 'Private' }, false],
    [200, { 'set-cookie': 'attribution=x' }, false],
    [404, {}, false],
    [500, {}, false],
    [302, {}, false],
  ])('%i %j → %s', (status, entries, storable) => {
    expect(isStorable(status, headers(entries))).toBe(storable);
  });
});

describe('the page a data request belongs to', () => {
  it.each([
    ['/product/garam-masala.data?_routes=routes%2Fproduct', '/product/garam-masala'],
    ['/_root.data', '/'],
    ['/hi.data', '/hi'],
    ['/hi/_root.data', '/hi'],
    ['/search.data?q=haldi&_routes=routes%2Fsearch', '/search?q=haldi'],
    [
      '/hi/search.data?q=%E0%A4%B9%E0%A4%B2%E0%A5%8D%E0%A4%A6%E0%A5%80',
      '/hi/search?q=%E0%A4%B9%E0%A4%B2%E0%A5%8D%E0%A4%A6%E0%A5%80',
    ],
    ['/cart.data?index', '/cart'],
  ])('%s → %s', (url, page) => {
    expect(pageOfDataRequest(new URL(url, 'https://shop.example'))).toBe(page);
  });

  it('is nothing for a path that is not a data request', () => {
    expect(pageOfDataRequest(new URL('https://shop.example/product/x'))).toBeNull();
  });

  it('keeps every query parameter of the page but React Router’s own', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{1,8}$/), fc.stringMatching(/^[a-z0-9]{0,8}$/), (key, value) => {
        fc.pre(key !== 'index');
        const url = new URL(`https://shop.example/search.data?${key}=${value}&_routes=root`);
        const page = pageOfDataRequest(url) ?? '';
        const params = new URL(page, 'https://shop.example').searchParams;
        return params.get(key) === value && !params.has('_routes');
      }),
    );
  });

  it('tells React Router to load that page as a document', () => {
    expect(reloadDocumentHeaders('/hi/search?q=x')).toMatchObject({
      'X-Remix-Redirect': '/hi/search?q=x',
      'X-Remix-Reload-Document': 'true',
    });
  });
});

describe('what the worker shows without a network or a copy', () => {
  it.each([
    ['/checkout', '/offline-checkout.html'],
    ['/hi/checkout', '/hi/offline-checkout.html'],
    ['/cart', '/offline-cart.html'],
    ['/hi/cart', '/hi/offline-cart.html'],
    ['/orders', '/offline.html'],
    ['/hi/product/not-seen', '/hi/offline.html'],
  ])('%s → %s', (path, page) => {
    expect(offlineFallback(path)).toBe(page);
  });
});

describe('the offline notice on a kept page', () => {
  const notice = 'You are offline. Prices and stock may have changed.';

  it('goes first in the body, as a status', () => {
    const html = '<html><head><title>x</title></head><body class="a"><main>Garam</main></body></html>';
    const marked = withOfflineNotice(html, notice);
    expect(marked).toMatch(
      new RegExp(
        `<body class="a"><p class="${OFFLINE_NOTICE_CLASS}" role="status" style="[^"]+">${notice}</p><main>`,
      ),
    );
  });

  it('escapes the notice and leaves a page without a body as it was', () => {
    expect(withOfflineNotice('<body>', '<b>&"')).toContain('&lt;b&gt;&amp;&quot;');
    expect(withOfflineNotice('plain text', notice)).toBe('plain text');
  });

  it('keeps every byte of the page around the notice', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (before, after) => {
        const html = `${before.replaceAll('<', '')}<body>${after}`;
        const marked = withOfflineNotice(html, notice);
        return marked.startsWith(`${before.replaceAll('<', '')}<body>`) && marked.endsWith(after);
      }),
    );
  });
});
