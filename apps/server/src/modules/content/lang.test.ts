// Content in Hindi: banners, store settings, footer, About sections and policies resolve each text
// to Hindi with the English as the fallback, field by field; English answers are unchanged.
import { LANG_MESSAGE } from '@spice/shared/contracts/common';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { banners, contentSections, policies, siteSettings } from './schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { CATALOG_CACHE_SECONDS: '3600' } });
});
afterAll(async () => {
  await t.close();
});

const json = async (url: string) => {
  const res = await t.app.inject(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const DEVANAGARI = /\p{Script=Devanagari}/u;

describe('content in Hindi', () => {
  it('serves every public content read in Hindi with ?lang=hi and in English without it', async () => {
    const [settingsHi, settingsEn] = [
      await json('/api/website/settings?lang=hi'),
      await json('/api/website/settings'),
    ];
    expect(settingsHi).toMatchObject({ storeName: 'केसर चक्की', logoUrl: settingsEn.logoUrl });
    expect(settingsHi.title).toMatch(DEVANAGARI);
    expect(settingsEn.storeName).toBe('Kesar Chakki');

    const policy = await json('/api/website/policies/shipping?lang=hi');
    expect(policy).toMatchObject({ kind: 'shipping', title: 'शिपिंग नीति' });
    expect(policy.body).toMatch(/^हम भरोसेमंद/);
    expect((await json('/api/website/policies/shipping')).title).toBe('Shipping Policy');

    const sections = await json('/api/website/sections?key=about_us&lang=hi');
    expect(sections[0]).toMatchObject({ title: 'हमारे बारे में', type: 'मसाले जो घर की याद दिलाएँ' });
    // A section without a subheading keeps none in Hindi too.
    expect(sections.find((s: { title: string }) => s.title === 'हमारा सपना और हमारा लक्ष्य').type).toBeNull();

    const footer = await json('/api/website/footer?lang=hi');
    expect(footer.storeName).toBe('केसर चक्की');
    expect(footer.terms).toMatch(/^ये नियम और शर्तें/);
    expect(footer.privacyPolicy).toMatch(/^यह गोपनीयता नीति/);

    const bannerList = await json('/api/website/banners?lang=hi');
    expect(bannerList.every((b: { alt: string }) => DEVANAGARI.test(b.alt))).toBe(true);
    expect((await t.app.services.content.liveBanner(new Date(), 'hi'))?.alt).toMatch(/^शुद्ध।/);
    expect((await t.app.services.content.liveBanner())?.alt).toMatch(/^Pure\./);

    // Brand names of marketplaces are the same in both languages.
    expect(await json('/api/website/available-on?lang=hi')).toEqual(await json('/api/website/available-on'));
  });

  it('falls back to the English field by field where the Hindi is blank', async () => {
    const db = t.database.db;
    await db.update(policies).set({ titleHi: '' }).where(eq(policies.kind, 'return'));
    await db.update(siteSettings).set({ titleHi: '', storeNameHi: ' ' });
    const [section] = await db.select().from(contentSections).where(eq(contentSections.title, 'Our Process'));
    await db.update(contentSections).set({ bodyHi: '' }).where(eq(contentSections.id, section!.id));
    const [banner] = await db.select().from(banners).where(eq(banners.visible, false));
    await db.update(banners).set({ altHi: '' }).where(eq(banners.id, banner!.id));
    t.app.services.content.invalidate();

    const svc = t.app.services.content;
    const returns = (await svc.policy('return', 'hi'))!;
    expect(returns.title).toBe('Return & Refund Policy');
    expect(returns.body).toMatch(/^हमारे प्रोडक्ट खाने की चीज़ें/);

    const settings = await svc.settings('hi');
    expect(settings.storeName).toBe('Kesar Chakki');
    expect(settings.title).toMatch(/^Kesar Chakki \|/);
    expect(settings.description).toMatch(DEVANAGARI);
    expect((await svc.footer('hi')).storeName).toBe('Kesar Chakki');

    const process = (await svc.sections('about_us', 'hi')).find((s) => s.id === section!.id)!;
    expect(process.title).toBe('हमारा तरीक़ा');
    expect(process.body).toBe(section!.body);

    const hidden = (await svc.banners('hi')).find((b) => b.id === banner!.id)!;
    expect(hidden.alt).toBe(banner!.alt);
  });

  it('keeps English answers unchanged by the Hindi and resolves Hindi once per snapshot', async () => {
    const urls = [
      '/api/website/settings',
      '/api/website/footer',
      '/api/website/banners',
      '/api/website/sections',
    ];
    const before = await Promise.all(urls.map(async (u) => (await t.app.inject(u)).body));
    await t.database.db.update(policies).set({ titleHi: '', bodyHi: '' });
    await t.database.db.update(siteSettings).set({ titleHi: '', descriptionHi: '', storeNameHi: '' });
    await t.database.db.update(contentSections).set({ titleHi: '', typeHi: '', bodyHi: '' });
    await t.database.db.update(banners).set({ altHi: '' });
    t.app.services.content.invalidate();
    const after = await Promise.all(urls.map(async (u) => (await t.app.inject(u)).body));
    expect(after).toEqual(before);
    // With no Hindi left, Hindi pages read the English.
    expect(await json('/api/website/footer?lang=hi')).toEqual(await json('/api/website/footer'));

    const a = await t.app.services.content.sections('about_us', 'hi');
    expect(await t.app.services.content.sections('about_us', 'hi')).toBe(a);
  });

  it('refuses a language it does not have with a clear 400', async () => {
    for (const url of [
      '/api/website/settings?lang=de',
      '/api/website/policies/terms?lang=en-IN',
      '/api/website/sections?key=about_us&lang=hindi',
      '/api/website/banners?lang=1',
      '/api/website/footer?lang=HI',
    ]) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toBe(LANG_MESSAGE);
    }
  });
});
