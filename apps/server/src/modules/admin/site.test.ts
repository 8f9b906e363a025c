import { AuditPage, CHANGED_MEANWHILE } from '@spice/shared/contracts/admin';
import {
  AdminAboutSection,
  AdminBanner,
  AdminFooter,
  AdminMarketplaceLink,
  END_AFTER_START,
  IMAGE_URL_MESSAGE,
} from '@spice/shared/contracts/admin-site';
import { toIstLocal } from '@spice/shared/ist';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LIST_CHANGED_MEANWHILE } from '../../lib/versioned.ts';
import { DEMO_ADMIN } from '../../seed/demo-seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { type Shopper, signUp, verifyMobile } from '../../test/shoppers.ts';

let t: TestApp;
let shopper: Shopper;
let adminCookie: string;

beforeAll(async () => {
  // A long cache: the storefront must see changes because saving invalidates it, not because it expired.
  t = await createTestApp({ env: { CATALOG_CACHE_SECONDS: '3600' } });
  shopper = await signUp(t.app, '9850000011');
  adminCookie = (await verifyMobile(t.app, DEMO_ADMIN.mobile)).cookie;
});
afterAll(async () => {
  await t.close();
});

const asAdmin = (opts: InjectOptions) =>
  t.app.inject({ ...opts, headers: { ...(opts.headers ?? {}), cookie: adminCookie } });
const publicGet = async (url: string) => {
  const res = await t.app.inject(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const lastAudit = async () => AuditPage.parse((await asAdmin({ url: '/api/admin/audit' })).json()).content[0];
const hours = (n: number) => new Date(Date.now() + n * 3_600_000);

const banners = async () => z.array(AdminBanner).parse((await asAdmin({ url: '/api/admin/banners' })).json());
const links = async () =>
  z.array(AdminMarketplaceLink).parse((await asAdmin({ url: '/api/admin/marketplace-links' })).json());
const sections = async () =>
  z.array(AdminAboutSection).parse((await asAdmin({ url: '/api/admin/about-sections' })).json());

describe('role checks on the site content endpoints', () => {
  it('answers 401 logged out and 403 to a shopper on every one, whatever the body', async () => {
    const endpoints: InjectOptions[] = [
      { method: 'GET', url: '/api/admin/banners' },
      { method: 'POST', url: '/api/admin/banners', payload: { imageUrl: '/b.svg', alt: 'B' } },
      { method: 'PUT', url: '/api/admin/banners/1', payload: {} },
      { method: 'PUT', url: '/api/admin/banners/order', payload: { order: [] } },
      { method: 'DELETE', url: '/api/admin/banners/1?version=1' },
      { method: 'GET', url: '/api/admin/footer' },
      { method: 'PUT', url: '/api/admin/footer', payload: { version: 1 } },
      { method: 'GET', url: '/api/admin/marketplace-links' },
      { method: 'POST', url: '/api/admin/marketplace-links', payload: {} },
      { method: 'PUT', url: '/api/admin/marketplace-links/1', payload: {} },
      { method: 'PUT', url: '/api/admin/marketplace-links/order', payload: {} },
      { method: 'DELETE', url: '/api/admin/marketplace-links/1?version=1' },
      { method: 'GET', url: '/api/admin/about-sections' },
      { method: 'POST', url: '/api/admin/about-sections', payload: {} },
      { method: 'PUT', url: '/api/admin/about-sections/1', payload: {} },
      { method: 'PUT', url: '/api/admin/about-sections/order', payload: {} },
      { method: 'DELETE', url: '/api/admin/about-sections/1?version=1' },
    ];
    for (const endpoint of endpoints) {
      const label = `${endpoint.method} ${endpoint.url}`;
      expect((await t.app.inject(endpoint)).statusCode, label).toBe(401);
      expect((await shopper.request(endpoint)).statusCode, label).toBe(403);
    }
    // Nothing was changed by the refused calls.
    expect((await banners()).length).toBe(3);
  });
});

describe('banners', () => {
  it('lists the seeded banners with where each stands by the storefront rule', async () => {
    const list = await banners();
    expect(list.map((b) => [b.status, b.onHomePage])).toEqual([
      ['hidden', false],
      ['expired', false],
      ['live', true],
    ]);
  });

  it('schedules a banner: live now shows on the home page at once; a future one does not', async () => {
    // Warm the public snapshot so a stale copy would be served if saving did not drop it.
    await publicGet('/api/website/banners');
    expect((await t.app.services.content.liveBanner())?.imageUrl).toBe('/images/banners/festive.svg');

    const created = await asAdmin({
      method: 'POST',
      url: '/api/admin/banners',
      payload: {
        imageUrl: '/images/banners/monsoon.webp',
        alt: 'Monsoon offer',
        linkUrl: '/search?q=chai',
        visible: 'true',
        // As the form sends it: datetime-local on an Indian clock.
        startTime: toIstLocal(hours(-1)),
        endTime: toIstLocal(hours(48)),
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const live = AdminBanner.parse(created.json());
    expect(live).toMatchObject({ status: 'live', onHomePage: true, version: 1 });
    // New banners go to the top of the list.
    expect((await banners())[0]?.id).toBe(live.id);
    // Stored as UTC: the IST wall time minus 5:30, to the minute.
    expect(Math.abs(Date.parse(live.startTime!) - hours(-1).getTime())).toBeLessThan(60_000);

    const shown = (await publicGet('/api/website/banners')) as { id: number }[];
    expect(shown[0]?.id).toBe(live.id);
    expect((await t.app.services.content.liveBanner())?.id).toBe(live.id);

    const future = await asAdmin({
      method: 'POST',
      url: '/api/admin/banners',
      payload: {
        imageUrl: 'https://cdn.example.in/diwali.webp',
        alt: 'Diwali offer',
        visible: true,
        startTime: hours(24).toISOString(),
        endTime: null,
      },
    });
    expect(future.statusCode, future.body).toBe(201);
    expect(future.json()).toMatchObject({ status: 'scheduled', onHomePage: false });
    // The future one is first in the list but not live: the home page keeps the live one.
    expect((await t.app.services.content.liveBanner())?.id).toBe(live.id);

    expect(await lastAudit()).toMatchObject({
      action: 'banner.create',
      entity: 'banner',
      before: null,
      after: { alt: 'Diwali offer', visible: true },
    });
  });

  it('refuses a bad image address and an end before the start, naming the fields', async () => {
    const res = await asAdmin({
      method: 'POST',
      url: '/api/admin/banners',
      payload: {
        imageUrl: 'javascript:alert(1)',
        alt: 'x',
        startTime: '2026-05-01T10:00',
        endTime: '2026-05-01T09:00',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ imageUrl: IMAGE_URL_MESSAGE, endTime: END_AFTER_START });
    const badTime = await asAdmin({
      method: 'POST',
      url: '/api/admin/banners',
      payload: { imageUrl: '/b.svg', alt: 'x', startTime: '2026-02-30T10:00' },
    });
    expect(badTime.statusCode).toBe(400);
    expect(Object.keys(badTime.json().errors)).toEqual(['startTime']);
  });

  it('hides a banner, refuses a stale save with a clear message, and the home page follows', async () => {
    const live = (await banners()).find((b) => b.onHomePage)!;
    const body = {
      imageUrl: live.imageUrl,
      alt: live.alt,
      linkUrl: live.linkUrl,
      startTime: live.startTime,
      endTime: live.endTime,
      visible: false,
      version: live.version,
    };
    const hidden = await asAdmin({ method: 'PUT', url: `/api/admin/banners/${live.id}`, payload: body });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toMatchObject({ status: 'hidden', onHomePage: false, version: live.version + 1 });
    expect((await t.app.services.content.liveBanner())?.imageUrl).toBe('/images/banners/festive.svg');
    expect(await lastAudit()).toMatchObject({
      action: 'banner.update',
      before: { visible: true },
      after: { visible: false },
    });

    const stale = await asAdmin({
      method: 'PUT',
      url: `/api/admin/banners/${live.id}`,
      payload: { ...body, visible: true },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(CHANGED_MEANWHILE);
    expect((await t.app.services.content.liveBanner())?.imageUrl).toBe('/images/banners/festive.svg');

    const missing = await asAdmin({ method: 'PUT', url: '/api/admin/banners/9999', payload: body });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Banner not found. It may have been deleted meanwhile.');
  });

  it('reorders all banners in one go, refusing a stale or incomplete order without changing anything', async () => {
    const before = await banners();
    const festive = before.find((b) => b.imageUrl === '/images/banners/festive.svg')!;
    // Festive to the top: every other banner moves down one place.
    const order = [festive, ...before.filter((b) => b.id !== festive.id)].map((b) => ({
      id: b.id,
      version: b.version,
    }));
    const res = await asAdmin({ method: 'PUT', url: '/api/admin/banners/order', payload: { order } });
    expect(res.statusCode, res.body).toBe(200);
    const after = z.array(AdminBanner).parse(res.json());
    expect(after.map((b) => b.id)).toEqual(order.map((o) => o.id));
    expect(after.map((b) => b.position)).toEqual(order.map((_, i) => i + 1));
    expect(((await publicGet('/api/website/banners')) as { id: number }[]).map((b) => b.id)).toEqual(
      order.map((o) => o.id),
    );
    expect(await lastAudit()).toMatchObject({ action: 'banners.reorder', after: order.map((o) => o.id) });

    // The same (now stale) order again: versions moved on.
    const stale = await asAdmin({
      method: 'PUT',
      url: '/api/admin/banners/order',
      payload: { order: [...order].reverse() },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(CHANGED_MEANWHILE);
    const missingOne = await asAdmin({
      method: 'PUT',
      url: '/api/admin/banners/order',
      payload: { order: after.slice(1).map((b) => ({ id: b.id, version: b.version })) },
    });
    expect(missingOne.statusCode).toBe(409);
    expect(missingOne.json().message).toBe(LIST_CHANGED_MEANWHILE);
    expect((await banners()).map((b) => b.id)).toEqual(order.map((o) => o.id));
  });

  it('deletes a banner only at the version shown', async () => {
    const all = await banners();
    const target = all.find((b) => b.alt === 'Diwali offer')!;
    expect(target, JSON.stringify(all)).toBeDefined();
    const stale = await asAdmin({
      method: 'DELETE',
      url: `/api/admin/banners/${target.id}?version=${target.version - 1 || 99}`,
    });
    expect(stale.statusCode).toBe(409);
    const res = await asAdmin({
      method: 'DELETE',
      url: `/api/admin/banners/${target.id}?version=${target.version}`,
    });
    expect(res.statusCode, res.body).toBe(204);
    expect((await banners()).some((b) => b.id === target.id)).toBe(false);
    expect(
      ((await publicGet('/api/website/banners')) as { id: number }[]).some((b) => b.id === target.id),
    ).toBe(false);
    expect(await lastAudit()).toMatchObject({
      action: 'banner.delete',
      after: null,
      before: { alt: 'Diwali offer' },
    });
    const again = await asAdmin({
      method: 'DELETE',
      url: `/api/admin/banners/${target.id}?version=${target.version}`,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Banner not found. It may have been deleted meanwhile.');
  });
});

it('gives a banner a Hindi image: Hindi reads show it, English reads keep theirs, blank clears it', async () => {
  const created = await asAdmin({
    method: 'POST',
    url: '/api/admin/banners',
    payload: {
      imageUrl: '/images/banners/holi.webp',
      imageUrlHi: '/images/banners/holi-hi.webp',
      alt: 'Holi colours',
      altHi: 'होली के रंग',
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const banner = AdminBanner.parse(created.json());
  expect(banner).toMatchObject({
    imageUrl: '/images/banners/holi.webp',
    imageUrlHi: '/images/banners/holi-hi.webp',
  });
  expect(await lastAudit()).toMatchObject({ after: { imageUrlHi: '/images/banners/holi-hi.webp' } });

  const shown = async (lang: 'en' | 'hi') =>
    (
      (await publicGet(`/api/website/banners?lang=${lang}`)) as {
        id: number;
        imageUrl: string;
        alt: string;
      }[]
    ).find((b) => b.id === banner.id);
  expect(await shown('hi')).toMatchObject({ imageUrl: '/images/banners/holi-hi.webp', alt: 'होली के रंग' });
  expect(await shown('en')).toMatchObject({ imageUrl: '/images/banners/holi.webp', alt: 'Holi colours' });
  // The English answer carries no Hindi field (decision 0018).
  expect(Object.keys((await shown('en'))!)).not.toContain('imageUrlHi');
  // The home page's read: the new banner is at the top and live.
  expect((await t.app.services.content.liveBanner(new Date(), 'hi'))?.imageUrl).toBe(
    '/images/banners/holi-hi.webp',
  );

  // An API client that knows no Hindi image keeps it; a bad address is refused on its own field.
  const kept = await asAdmin({
    method: 'PUT',
    url: `/api/admin/banners/${banner.id}`,
    payload: { imageUrl: banner.imageUrl, alt: 'Holi colours!', version: banner.version },
  });
  expect(kept.statusCode, kept.body).toBe(200);
  expect(kept.json()).toMatchObject({
    imageUrlHi: '/images/banners/holi-hi.webp',
    version: banner.version + 1,
  });
  const bad = await asAdmin({
    method: 'PUT',
    url: `/api/admin/banners/${banner.id}`,
    payload: {
      imageUrl: banner.imageUrl,
      imageUrlHi: 'javascript:alert(1)',
      alt: 'x',
      version: banner.version + 1,
    },
  });
  expect(bad.statusCode).toBe(400);
  expect(bad.json().errors).toEqual({ imageUrlHi: IMAGE_URL_MESSAGE });

  // The form sends the field blank to take the Hindi image away: Hindi pages show the English one.
  const cleared = await asAdmin({
    method: 'PUT',
    url: `/api/admin/banners/${banner.id}`,
    payload: {
      imageUrl: banner.imageUrl,
      imageUrlHi: '  ',
      alt: 'Holi colours',
      version: banner.version + 1,
    },
  });
  expect(cleared.statusCode, cleared.body).toBe(200);
  expect(cleared.json()).toMatchObject({ imageUrlHi: null });
  expect(await shown('hi')).toMatchObject({ imageUrl: '/images/banners/holi.webp', alt: 'होली के रंग' });

  const gone = await asAdmin({
    method: 'DELETE',
    url: `/api/admin/banners/${banner.id}?version=${banner.version + 2}`,
  });
  expect(gone.statusCode, gone.body).toBe(204);
});

describe('footer fields', () => {
  it('saves the footer, the storefront footer shows it at once, and a stale save is refused', async () => {
    await publicGet('/api/website/footer');
    const current = AdminFooter.parse((await asAdmin({ url: '/api/admin/footer' })).json());
    expect(current.email).toBe('care@kesarchakki.in');

    const res = await asAdmin({
      method: 'PUT',
      url: '/api/admin/footer',
      payload: {
        facebookUrl: '',
        instagramUrl: 'https://www.instagram.com/kesar.new',
        phoneNumber: '+91 98765 43210',
        email: 'hello@kesarchakki.in',
        logoUrl: '/images/logo.svg',
        links: [{ label: 'Wholesale', url: '/contact' }],
        version: current.version,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ facebookUrl: null, version: current.version + 1 });

    expect(await publicGet('/api/website/footer')).toMatchObject({
      facebookUrl: null,
      instagramUrl: 'https://www.instagram.com/kesar.new',
      phoneNumber: '+91 98765 43210',
      email: 'hello@kesarchakki.in',
      links: [{ label: 'Wholesale', url: '/contact' }],
    });
    expect(await lastAudit()).toMatchObject({
      action: 'footer.update',
      before: { email: 'care@kesarchakki.in' },
      after: { email: 'hello@kesarchakki.in' },
    });

    const stale = await asAdmin({
      method: 'PUT',
      url: '/api/admin/footer',
      payload: { email: 'other@kesarchakki.in', version: current.version },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(CHANGED_MEANWHILE);
  });

  it('shares its version with the store details: saving those makes an old footer form stale', async () => {
    const footer = AdminFooter.parse((await asAdmin({ url: '/api/admin/footer' })).json());
    const settings = (await asAdmin({ url: '/api/admin/settings' })).json();
    expect(settings.version).toBe(footer.version);
    const saved = await asAdmin({
      method: 'PUT',
      url: '/api/admin/settings',
      payload: {
        storeName: settings.storeName,
        title: settings.title,
        description: settings.description,
        version: settings.version,
      },
    });
    expect(saved.statusCode).toBe(200);
    const stale = await asAdmin({
      method: 'PUT',
      url: '/api/admin/footer',
      payload: { ...footer, email: 'x@y.in' },
    });
    expect(stale.statusCode).toBe(409);
  });

  it('names each bad field', async () => {
    const res = await asAdmin({
      method: 'PUT',
      url: '/api/admin/footer',
      payload: {
        facebookUrl: 'facebook.com/kesar',
        email: 'not-an-email',
        phoneNumber: 'call us',
        links: [{ label: 'Blog', url: 'ftp://x' }],
        version: 1,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual([
      'email',
      'facebookUrl',
      'links.0.url',
      'phoneNumber',
    ]);
  });
});

describe('marketplace links', () => {
  it('adds, edits, reorders and deletes a link; the footer data follows each change at once', async () => {
    await publicGet('/api/website/available-on');
    const created = await asAdmin({
      method: 'POST',
      url: '/api/admin/marketplace-links',
      payload: {
        name: 'JioMart',
        url: 'https://www.jiomart.com/search/kesar',
        logoUrl: '/images/marketplaces/jiomart.svg',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const link = AdminMarketplaceLink.parse(created.json());
    let shown = (await publicGet('/api/website/available-on')) as { name: string }[];
    expect(shown.map((m) => m.name)).toEqual(['Amazon', 'Flipkart', 'BigBasket', 'JioMart']);

    const edited = await asAdmin({
      method: 'PUT',
      url: `/api/admin/marketplace-links/${link.id}`,
      payload: { name: 'JioMart Grocery', url: link.url, logoUrl: link.logoUrl, version: link.version },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const stale = await asAdmin({
      method: 'PUT',
      url: `/api/admin/marketplace-links/${link.id}`,
      payload: { name: 'JioMart', url: link.url, logoUrl: link.logoUrl, version: link.version },
    });
    expect(stale.statusCode).toBe(409);

    const list = await links();
    const order = [list.at(-1)!, ...list.slice(0, -1)].map((l) => ({ id: l.id, version: l.version }));
    const reordered = await asAdmin({
      method: 'PUT',
      url: '/api/admin/marketplace-links/order',
      payload: { order },
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    shown = (await publicGet('/api/website/available-on')) as { name: string }[];
    expect(shown.map((m) => m.name)).toEqual(['JioMart Grocery', 'Amazon', 'Flipkart', 'BigBasket']);

    const current = (await links()).find((l) => l.id === link.id)!;
    const deleted = await asAdmin({
      method: 'DELETE',
      url: `/api/admin/marketplace-links/${link.id}?version=${current.version}`,
    });
    expect(deleted.statusCode).toBe(204);
    shown = (await publicGet('/api/website/available-on')) as { name: string }[];
    expect(shown.map((m) => m.name)).toEqual(['Amazon', 'Flipkart', 'BigBasket']);
    expect(await lastAudit()).toMatchObject({
      action: 'marketplace-link.delete',
      before: { name: 'JioMart Grocery' },
    });

    // Deleted meanwhile: 404 for an edit or a second delete, not 409.
    const gone = 'Marketplace link not found. It may have been deleted meanwhile.';
    const editGone = await asAdmin({
      method: 'PUT',
      url: `/api/admin/marketplace-links/${link.id}`,
      payload: { name: 'JioMart', url: link.url, logoUrl: link.logoUrl, version: current.version },
    });
    expect([editGone.statusCode, editGone.json().message]).toEqual([404, gone]);
    const deleteGone = await asAdmin({
      method: 'DELETE',
      url: `/api/admin/marketplace-links/${link.id}?version=${current.version}`,
    });
    expect([deleteGone.statusCode, deleteGone.json().message]).toEqual([404, gone]);
  });

  it('wants an https address for the marketplace and a valid logo', async () => {
    const res = await asAdmin({
      method: 'POST',
      url: '/api/admin/marketplace-links',
      payload: { name: '', url: 'http://www.meesho.com', logoUrl: 'logo.png' },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['logoUrl', 'name', 'url']);
  });
});

describe('about sections', () => {
  it('adds a section at the end, moves it up, edits and deletes it; /about data follows at once', async () => {
    const titles = async () =>
      ((await publicGet('/api/website/sections?key=about_us')) as { title: string }[]).map((s) => s.title);
    const seeded = await titles();
    const created = await asAdmin({
      method: 'POST',
      url: '/api/admin/about-sections',
      payload: {
        title: 'Our Farmers',
        type: 'Fair prices at the farm gate',
        body: 'We buy directly from farmer groups in Rajasthan and Kerala.',
        imageUrls: ['/images/about/fields.svg', 'https://cdn.example.in/farm.webp'],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const section = AdminAboutSection.parse(created.json());
    expect(section.orderIndex).toBe(seeded.length + 1);
    expect(await titles()).toEqual([...seeded, 'Our Farmers']);
    const stored = ((await publicGet('/api/website/sections?key=about_us')) as { imageUrls: string }[]).at(
      -1,
    );
    expect(stored?.imageUrls).toBe('/images/about/fields.svg,https://cdn.example.in/farm.webp');

    // Move up: swap with the one before it.
    const list = await sections();
    const i = list.findIndex((s) => s.id === section.id);
    const order = list.map((s) => ({ id: s.id, version: s.version }));
    [order[i - 1], order[i]] = [order[i]!, order[i - 1]!];
    const moved = await asAdmin({
      method: 'PUT',
      url: '/api/admin/about-sections/order',
      payload: { order },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(
      z
        .array(AdminAboutSection)
        .parse(moved.json())
        .map((s) => s.orderIndex),
    ).toEqual(list.map((_, k) => k + 1));
    const expected = [...seeded];
    expected.splice(seeded.length - 1, 0, 'Our Farmers');
    expect(await titles()).toEqual(expected);

    const latest = (await sections()).find((s) => s.id === section.id)!;
    expect(latest.version).toBe(section.version + 1);
    const edited = await asAdmin({
      method: 'PUT',
      url: `/api/admin/about-sections/${section.id}`,
      payload: {
        title: 'Our Farmer Partners',
        type: '',
        body: latest.body,
        imageUrls: ['/images/about/fields.svg'],
        version: latest.version,
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ type: null, imageUrls: ['/images/about/fields.svg'] });
    expect(await titles()).toContain('Our Farmer Partners');

    const stale = await asAdmin({
      method: 'DELETE',
      url: `/api/admin/about-sections/${section.id}?version=${latest.version}`,
    });
    expect(stale.statusCode).toBe(409);
    const deleted = await asAdmin({
      method: 'DELETE',
      url: `/api/admin/about-sections/${section.id}?version=${latest.version + 1}`,
    });
    expect(deleted.statusCode).toBe(204);
    expect(await titles()).toEqual(seeded);

    // Deleted meanwhile: an edit from a form still open is 404, not 409.
    const editGone = await asAdmin({
      method: 'PUT',
      url: `/api/admin/about-sections/${section.id}`,
      payload: {
        title: 'Late',
        type: '',
        body: latest.body,
        imageUrls: ['/images/about/fields.svg'],
        version: latest.version + 1,
      },
    });
    expect([editGone.statusCode, editGone.json().message]).toEqual([
      404,
      'Section not found. It may have been deleted meanwhile.',
    ]);
  });

  it('wants one or two images and a title and text', async () => {
    const res = await asAdmin({
      method: 'POST',
      url: '/api/admin/about-sections',
      payload: { title: ' ', body: '', imageUrls: [] },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['body', 'imageUrls', 'title']);
  });

  it('lets exactly one of two racing reorders of the same list win', async () => {
    const list = await sections();
    const order = list.map((s) => ({ id: s.id, version: s.version }));
    const a = [...order].reverse();
    const b = [order[1]!, order[0]!, ...order.slice(2)];
    const results = await Promise.all([
      asAdmin({ method: 'PUT', url: '/api/admin/about-sections/order', payload: { order: a } }),
      asAdmin({ method: 'PUT', url: '/api/admin/about-sections/order', payload: { order: b } }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});
