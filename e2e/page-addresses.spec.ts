// What the server says about a page beyond its HTML: its own address comes from the Host (or
// PUBLIC_URL), never from a path that looks like another host; pages for someone signed in are
// never stored by a cache.
import http from 'node:http';
import { adminPage } from './admin-session.ts';
import { signUpThroughApi } from './shoppers.ts';
import { expect, test } from './support.ts';

/** A GET with the request target exactly as given (Playwright's client would resolve '//host/'). */
function rawGet(baseURL: string, target: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    http
      .get({ hostname, port, path: target }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

test('a path that looks like another host does not become the page’s address', async ({ baseURL }) => {
  for (const target of ['//evil.example/', '//evil.example/about', '///evil.example/']) {
    const { body } = await rawGet(baseURL!, target);
    const canonical = /<link rel="canonical" href="([^"]*)"/.exec(body)?.[1];
    const ogUrl = /<meta property="og:url" content="([^"]*)"/.exec(body)?.[1];
    for (const address of [canonical, ogUrl]) {
      expect(address, target).toBeDefined();
      expect(new URL(address!).host, `${target}: ${address}`).toBe(new URL(baseURL!).host);
    }
  }
});

test('pages for a signed-in shopper are private and never stored', async ({ request }) => {
  const anonymous = await request.get('/');
  expect(anonymous.headers()['cache-control']).not.toMatch(/no-store/);
  await signUpThroughApi(request, { firstName: 'Private' });
  for (const path of ['/', '/cart', '/orders', '/profile', '/checkout', '/about']) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.headers()['cache-control'], path).toBe('private, no-store');
  }
});

test('back-office pages are private and never stored', async ({ browser }) => {
  const { context } = await adminPage(browser);
  for (const path of ['/admin', '/admin/orders', '/admin/products']) {
    const response = await context.request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['cache-control'], path).toBe('private, no-store');
  }
  await context.close();
});
