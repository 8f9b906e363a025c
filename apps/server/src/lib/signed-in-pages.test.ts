import type { UserDto } from '@spice/shared/contracts/accounts';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './content-security-policy.ts';
import { createSignedInPages, type RenderAs } from './signed-in-pages.ts';

const asha: UserDto = {
  id: 7,
  firstName: `D'Souza "<b>&amp; आशा`,
  lastName: '',
  mobile: '9812345670',
  phoneNumber: '+919812345670',
  email: 'asha@example.in',
  role: 'customer',
};

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c]!,
  );
// As React Router streams loader data: JSON inside JSON, HTML-significant characters escaped.
const streamed = (data: unknown) =>
  JSON.stringify(JSON.stringify(data)).replace(
    /[&<>\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/** A page like the storefront's: the header's avatar letter and name, and the root data script. */
const page =
  (mobileShown: (m: string) => string, counter = { renders: 0 }): RenderAs =>
  async (user, marker) => {
    counter.renders++;
    const html = `<!DOCTYPE html><html><body><span class="avatar">${esc(user.firstName.slice(0, 1).toUpperCase())}</span>${esc(user.firstName)} <input value="${esc(user.email)}"><p>${esc(mobileShown(user.mobile))}</p><script nonce="${marker}">enqueue(${streamed({ user })})</script><script nonce="${marker}">start()</script></body></html>`;
    return new Response(html, {
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'private, no-store' },
    });
  };

async function serve(render: RenderAs, user: UserDto, url = '/product/garam-masala', generation = () => 1) {
  const pages = createSignedInPages({
    ttlMs: 60_000,
    maxBytes: 1_000_000,
    generation,
    policy: { 'script-src': ["'self'"] },
    marker: () => 'marker1',
  });
  const app = Fastify();
  app.get('/*', async (request, reply) => {
    if (await pages.serve(request, reply, user, render)) return reply;
    return reply.status(299).send('rendered in full');
  });
  return { app, get: (u = url) => app.inject(u) };
}

describe('public pages for signed-in shoppers from a template', () => {
  it('answers exactly what a render for the shopper gives, with the hashes of its own scripts', async () => {
    const counter = { renders: 0 };
    const render = page((m) => m, counter);
    const { get, app } = await serve(render, asha);
    const res = await get();
    const expected = await (await page((m) => m)(asha, 'marker1')).text();
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-page-cache']).toBe('template');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toBe(expected);
    const policy = String(res.headers['content-security-policy']);
    for (const hash of inlineScriptHashes(expected, 'marker1')) expect(policy).toContain(hash);
    // The template is made once (two renders: the template and its proof), then only filled in.
    const other = { ...asha, id: 8, firstName: 'Ravi', email: 'ravi@example.in' };
    const second = await serve(render, other);
    expect((await second.get()).body).toContain('Ravi');
    await get();
    await get();
    expect(counter.renders).toBe(2 + 2);
    await app.close();
  });

  it('renders in full a page that formats a user value (the proof fails)', async () => {
    const { get, app } = await serve(
      page((m) => `${m.slice(0, 2)}******${m.slice(-2)}`),
      asha,
    );
    const res = await get();
    expect(res.statusCode).toBe(299);
    await app.close();
  });

  it('leaves pages about one shopper, client data and other methods to the full render', async () => {
    const { get, app } = await serve(
      page((m) => m),
      asha,
    );
    for (const url of ['/cart', '/orders', '/product/garam-masala.data', '/profile']) {
      expect((await get(url)).statusCode, url).toBe(299);
    }
    await app.close();
  });

  it('makes the template again when the shop data changes', async () => {
    const counter = { renders: 0 };
    let generation = 1;
    const { get, app } = await serve(
      page((m) => m, counter),
      asha,
      '/',
      () => generation,
    );
    await get();
    await get();
    expect(counter.renders).toBe(2);
    generation = 2;
    await get();
    expect(counter.renders).toBe(4);
    await app.close();
  });
});
