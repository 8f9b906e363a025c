import { Banner, ContentSection, Footer, MarketplaceLink, Policy } from '@spice/shared/contracts/content';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('website content', () => {
  it('lists banners with visibility and time window, including the past one', async () => {
    const res = await t.app.inject('/api/website/banners');
    expect(res.statusCode).toBe(200);
    const banners = z.array(Banner).parse(res.json());
    const now = Date.now();
    expect(banners.some((b) => b.visible && b.endTime && Date.parse(b.endTime) < now)).toBe(true);
  });

  it('picks a live banner that is visible and inside its window', async () => {
    const live = await t.app.services.content.liveBanner(new Date());
    expect(live).not.toBeNull();
    expect(live!.visible).toBe(true);
    if (live!.endTime) expect(Date.parse(live!.endTime)).toBeGreaterThan(Date.now());
  });

  it('gives the footer fields with terms and privacy policy', async () => {
    const res = await t.app.inject('/api/website/footer');
    const footer = Footer.parse(res.json());
    expect(footer.email).toMatch(/@/);
    expect(footer.terms.length).toBeGreaterThan(50);
    expect(footer.privacyPolicy.length).toBeGreaterThan(50);
  });

  it('lists marketplace links', async () => {
    const links = z.array(MarketplaceLink).parse((await t.app.inject('/api/website/available-on')).json());
    expect(links.length).toBeGreaterThan(0);
    for (const l of links) expect(l.url).toMatch(/^https:\/\//);
  });

  it('gives about sections sorted by orderIndex', async () => {
    const res = await t.app.inject('/api/website/sections?key=about_us');
    const sections = z.array(ContentSection).parse(res.json());
    expect(sections.length).toBeGreaterThanOrEqual(3);
    const order = sections.map((s) => s.orderIndex);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    const text = sections
      .map((s) => `${s.title} ${s.body}`)
      .join(' ')
      .toLowerCase();
    for (const must of ['low', 'onion', 'garlic', 'vegetarian', 'fssai']) expect(text).toContain(must);
  });

  it('gives an empty list for an unknown section key', async () => {
    expect((await t.app.inject('/api/website/sections?key=nothing')).json()).toEqual([]);
  });

  it('serves the four policies, with the spec shipping and return terms', async () => {
    for (const kind of ['privacy', 'terms', 'return', 'shipping']) {
      const res = await t.app.inject(`/api/website/policies/${kind}`);
      expect(res.statusCode).toBe(200);
      expect(Policy.parse(res.json()).kind).toBe(kind);
    }
    const shipping = (await t.app.inject('/api/website/policies/shipping')).json().body as string;
    expect(shipping).toMatch(/499/);
    expect(shipping).toMatch(/90/);
    expect(shipping).toMatch(/1\s*[–-]\s*2 business days/);
    expect(shipping).toMatch(/5\s*[–-]\s*15 business days/);
    const returns = (await t.app.inject('/api/website/policies/return')).json().body as string;
    expect(returns).toMatch(/24 hours/);
    expect(returns.toLowerCase()).toMatch(/photo/);
    expect((await t.app.inject('/api/website/policies/cookies')).statusCode).toBe(400);
  });
});

describe('checkout settings, milestones and coupons', () => {
  it('gives the platform fee and the cash on delivery terms in rupees', async () => {
    const res = await t.app.inject('/api/config/checkout-settings');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      platformFee: expect.any(Number),
      cod: { enabled: true, fee: 29, minOrderValue: 0, maxOrderValue: 3000 },
      prepaidDiscount: null,
    });
    expect(res.json().platformFee).toBeGreaterThan(0);
  });

  it('lists shipping milestones sorted by minCartValue, free above ₹499', async () => {
    const res = await t.app.inject('/api/admin/shipping-milestones');
    expect(res.statusCode).toBe(200);
    const list = res.json() as { minCartValue: number; shippingCharge: number }[];
    expect(list.map((m) => m.minCartValue)).toEqual(
      [...list.map((m) => m.minCartValue)].sort((a, b) => a - b),
    );
    expect(list.at(-1)).toMatchObject({ shippingCharge: 0 });
    expect(list.at(-1)!.minCartValue).toBeLessThanOrEqual(500);
    expect(Math.max(...list.map((m) => m.shippingCharge))).toBeLessThanOrEqual(90);
  });

  it('lists only active, unexpired coupons', async () => {
    const res = await t.app.inject('/api/coupons/active');
    expect(res.statusCode).toBe(200);
    const list = res.json() as { code: string; validUntil: string | null }[];
    expect(list.length).toBeGreaterThanOrEqual(2);
    for (const c of list) {
      expect(c.code).toBe(c.code.toUpperCase());
      if (c.validUntil) expect(Date.parse(c.validUntil)).toBeGreaterThan(Date.now());
    }
  });
});
