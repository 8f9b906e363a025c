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

/**
 * A page like the storefront's: the header's avatar letter and name, and the root data script
 * between other data (multi-byte text before and after the user, as the shop's has); a script
 * without user values, and one that starts with one.
 */
const page =
  (mobileShown: (m: string) => string, counter = { renders: 0 }): RenderAs =>
  async (user, marker) => {
    counter.renders++;
    const html = `<!DOCTYPE html><html><body><span class="avatar">${esc(user.firstName.slice(0, 1).toUpperCase())}</span>${esc(user.firstName)} <input value="${esc(user.email)}"><p>${esc(mobileShown(user.mobile))}</p><script nonce="${marker}">enqueue(${streamed({ shop: 'मसाला घर', user, product: 'गरम मसाला' })})</script><script nonce="${marker}">start()</script><script nonce="${marker}">${user.id};seen()</script></body></html>`;
    return new Response(html, {
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'private, no-store' },
    });
  };

/** The script-src sources of a response's policy. */
const scriptSources = (policy: unknown) =>
  String(policy)
    .split('; ')
    .find((d) => d.startsWith('script-src '))!
    .split(' ')
    .slice(1);

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
    // The policy is the base one with the hashes of exactly the page's own scripts.
    expect(scriptSources(res.headers['content-security-policy']).sort()).toEqual(
      ["'self'", ...inlineScriptHashes(expected, 'marker1')].sort(),
    );
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(expected)));
    // The template is made once (two renders: the template and its proof), then only filled in.
    const other = { ...asha, id: 8, firstName: 'Ravi', email: 'ravi@example.in' };
    const second = await serve(render, other);
    expect((await second.get()).body).toContain('Ravi');
    await get();
    await get();
    expect(counter.renders).toBe(2 + 2);
    await app.close();
  });

  it("gives each shopper their own page from one template, never another shopper's values", async () => {
    const ravi: UserDto = {
      ...asha,
      id: 8,
      firstName: 'Ravi',
      mobile: '9876501234',
      phoneNumber: '+919876501234',
      email: 'ravi@example.in',
    };
    // Longer and shorter values in bytes, with characters escaped in HTML and in the data script;
    // the same empty field as Asha's (no last name), so one template serves all three.
    const meera: UserDto = {
      ...asha,
      id: 123456,
      firstName: 'मीरा <\u2028"\\',
      mobile: '9000000001',
      phoneNumber: '+919000000001',
      email: `o'neil&"sons"<m>@x.in`,
    };
    const counter = { renders: 0 };
    const render = page((m) => m, counter);
    const pages = createSignedInPages({
      ttlMs: 60_000,
      maxBytes: 1_000_000,
      generation: () => 1,
      policy: { 'script-src': ["'self'"] },
      marker: () => 'marker1',
    });
    const shoppers = { asha, ravi, meera };
    const app = Fastify();
    app.get('/*', async (request, reply) => {
      const user = shoppers[request.headers['x-shopper'] as keyof typeof shoppers];
      if (await pages.serve(request, reply, user, render)) return reply;
      return reply.status(299).send('rendered in full');
    });
    // The bodies as handed to the socket, looked at again once every request is answered: a
    // buffer shared between requests would show the last shopper's page in the others.
    const sent: [string, unknown][] = [];
    app.addHook('onSend', async (request, _reply, payload) => {
      sent.push([String(request.headers['x-shopper']), payload]);
      return payload;
    });
    const expected = Object.fromEntries(
      await Promise.all(
        Object.entries(shoppers).map(async ([name, user]) => [
          name,
          await (await page((m) => m)(user, 'marker1')).text(),
        ]),
      ),
    ) as Record<keyof typeof shoppers, string>;
    const order = ['asha', 'ravi', 'meera', 'ravi', 'asha', 'meera', 'meera', 'asha'] as const;
    // At the same time too (the first requests wait for the one template being made).
    const responses = await Promise.all(
      order.map((name) => app.inject({ url: '/product/garam-masala', headers: { 'x-shopper': name } })),
    );
    expect(counter.renders).toBe(2);
    for (const [i, res] of responses.entries()) {
      const name = order[i]!;
      expect(res.headers['x-page-cache']).toBe('template');
      expect(res.body, name).toBe(expected[name]);
      expect(scriptSources(res.headers['content-security-policy']).sort(), name).toEqual(
        ["'self'", ...inlineScriptHashes(expected[name], 'marker1')].sort(),
      );
      for (const [other, user] of Object.entries(shoppers)) {
        if (other !== name) expect(res.body, `${name} gets ${other}'s e-mail`).not.toContain(user.email);
      }
    }
    expect(sent).toHaveLength(order.length);
    for (const [name, payload] of sent) {
      expect(String(payload), name).toBe(expected[name as keyof typeof shoppers]);
    }
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
