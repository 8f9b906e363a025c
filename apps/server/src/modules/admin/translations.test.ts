// The back office edits the Hindi beside the English: the same limits for both, Hindi left out of a
// request stays as it was, the audit log records the Hindi changes, and the storefront's Hindi
// reads show the save at once.
import { AuditPage } from '@spice/shared/contracts/admin';
import { AdminCoupon } from '@spice/shared/contracts/admin-coupons';
import { AdminAboutSection, AdminBanner, AdminFooter } from '@spice/shared/contracts/admin-site';
import { AdminProduct, HINDI_LINE_WITHOUT_ENGLISH } from '@spice/shared/contracts/products-admin';
import { toIstLocal } from '@spice/shared/ist';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEMO_ADMIN } from '../../seed/demo-seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { verifyMobile } from '../../test/shoppers.ts';

let t: TestApp;
let adminCookie: string;
beforeAll(async () => {
  // A long cache: the storefront must see changes because saving invalidates it.
  t = await createTestApp({ env: { CATALOG_CACHE_SECONDS: '3600' } });
  adminCookie = (await verifyMobile(t.app, DEMO_ADMIN.mobile)).cookie;
});
afterAll(async () => {
  await t.close();
});

const asAdmin = (opts: InjectOptions) =>
  t.app.inject({ ...opts, headers: { ...(opts.headers ?? {}), cookie: adminCookie } });
const ok = async (opts: InjectOptions) => {
  const res = await asAdmin(opts);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
};
const lastAudit = async () =>
  AuditPage.parse((await asAdmin({ url: '/api/admin/audit' })).json()).content[0]!;
const publicJson = async (url: string) => (await t.app.inject(url)).json();

async function adminProduct(slug: string) {
  const p = (await t.app.services.catalog.getBySlug(slug))!;
  return AdminProduct.parse(await ok({ url: `/api/admin/products/${p.id}` }));
}
/** The whole product as the form sends it back, with changes. */
function asForm(p: z.infer<typeof AdminProduct>, changes: Record<string, unknown> = {}) {
  return {
    name: p.name,
    nameHi: p.nameHi,
    searchKeywords: p.searchKeywords,
    brand: p.brand,
    description: p.description,
    descriptionHi: p.descriptionHi,
    slug: p.slug,
    bestseller: p.bestseller,
    active: p.active,
    hsnCode: p.hsnCode ?? '',
    gstRate: p.gstRate,
    about: p.about,
    aboutHi: p.aboutHi,
    variants: p.variants.map((v) => ({
      id: v.id,
      weight: v.weight,
      weightHi: v.weightHi,
      price: v.price,
      mrp: v.mrp,
      stock: v.stock,
      loadedStock: v.stock,
      sku: v.sku,
      grams: v.grams,
    })),
    version: p.version,
    ...changes,
  };
}

describe('products in two languages', () => {
  it('saves the Hindi description, About lines and weights, audits them and shows them in Hindi only', async () => {
    const p = await adminProduct('garam-masala');
    expect(p.descriptionHi).toMatch(/^हमारा घर का गरम मसाला/);
    const description = 'नया हिंदी विवरण: गरम मसाले की ख़ुशबू।';
    const aboutHi = ['पहली पंक्ति', '', 'तीसरी पंक्ति'];
    const variants = asForm(p).variants.map((v, i) => (i === 0 ? { ...v, weightHi: 'पचास ग्राम' } : v));
    const saved = AdminProduct.parse(
      await ok({
        method: 'PUT',
        url: `/api/admin/products/${p.id}`,
        payload: asForm(p, { descriptionHi: description, aboutHi, variants }),
      }),
    );
    expect(saved).toMatchObject({ descriptionHi: description, aboutHi });
    expect(saved.variants[0]!.weightHi).toBe('पचास ग्राम');

    const audit = await lastAudit();
    expect(audit.action).toBe('product.update');
    expect(audit.before).toMatchObject({ descriptionHi: p.descriptionHi, aboutHi: p.aboutHi });
    expect(audit.after).toMatchObject({ descriptionHi: description, aboutHi });
    expect((audit.after as { variants: { weightHi: string }[] }).variants[0]!.weightHi).toBe('पचास ग्राम');

    const hi = await publicJson('/api/products/slug/garam-masala?lang=hi');
    expect(hi.description).toBe(description);
    expect(hi.about).toEqual(['पहली पंक्ति', p.about[1], 'तीसरी पंक्ति', ...p.about.slice(3)]);
    expect(hi.variants[0].weight).toBe('पचास ग्राम');
    const en = await publicJson('/api/products/slug/garam-masala');
    expect(en.description).toBe(p.description);
    expect(en.about).toEqual(p.about);
  });

  it('keeps the stored Hindi when a request leaves it out (an API client that knows no Hindi)', async () => {
    const p = await adminProduct('chole-masala');
    const {
      descriptionHi: _d,
      aboutHi: _a,
      ...withoutHindi
    } = asForm(p, { description: 'Tangy chole masala.' });
    withoutHindi.variants = withoutHindi.variants.map(
      ({ weightHi: _w, ...v }) => v,
    ) as typeof withoutHindi.variants;
    const saved = AdminProduct.parse(
      await ok({ method: 'PUT', url: `/api/admin/products/${p.id}`, payload: withoutHindi }),
    );
    expect(saved.description).toBe('Tangy chole masala.');
    expect(saved.descriptionHi).toBe(p.descriptionHi);
    expect(saved.aboutHi).toEqual(p.aboutHi);
    expect(saved.variants.map((v) => v.weightHi)).toEqual(p.variants.map((v) => v.weightHi));
  });

  it('holds the Hindi to the same limits as the English, each error on its own field', async () => {
    const p = await adminProduct('sambar-masala');
    const refused = async (changes: Record<string, unknown>, field: string, message: RegExp | string) => {
      const res = await asAdmin({
        method: 'PUT',
        url: `/api/admin/products/${p.id}`,
        payload: asForm(p, changes),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors?.[field], res.body).toMatch(message);
    };
    await refused(
      { descriptionHi: 'क'.repeat(5001) },
      'descriptionHi',
      'The Hindi description must be at most 5,000 characters.',
    );
    await refused(
      { aboutHi: ['क'.repeat(301)] },
      'aboutHi.0',
      'A Hindi about line is at most 300 characters.',
    );
    await refused(
      { about: ['Only one line'], aboutHi: ['एक', 'दो'] },
      'aboutHi.1',
      HINDI_LINE_WITHOUT_ENGLISH,
    );
    const variants = asForm(p).variants.map((v) => ({ ...v, weightHi: 'ग'.repeat(31) }));
    await refused({ variants }, 'variants.0.weightHi', 'The Hindi weight must be at most 30 characters.');
    await refused({ descriptionHi: 42 }, 'descriptionHi', 'The Hindi description must be text.');
    // Nothing was saved.
    expect((await adminProduct('sambar-masala')).version).toBe(p.version);
  });
});

describe('site content in two languages', () => {
  it('saves a banner, an About section, a policy and the store texts in Hindi, audited and shown at once', async () => {
    const banners = z.array(AdminBanner).parse(await ok({ url: '/api/admin/banners' }));
    const live = banners.find((b) => b.onHomePage)!;
    await ok({
      method: 'PUT',
      url: `/api/admin/banners/${live.id}`,
      payload: {
        imageUrl: live.imageUrl,
        alt: live.alt,
        altHi: 'नया हिंदी बैनर',
        linkUrl: live.linkUrl ?? '',
        visible: 'true',
        startTime: live.startTime ? toIstLocal(new Date(live.startTime)) : '',
        endTime: '',
        version: live.version,
      },
    });
    expect((await lastAudit()).after).toMatchObject({ alt: live.alt, altHi: 'नया हिंदी बैनर' });
    expect((await t.app.services.content.liveBanner(new Date(), 'hi'))?.alt).toBe('नया हिंदी बैनर');
    expect((await t.app.services.content.liveBanner())?.alt).toBe(live.alt);

    const sections = z.array(AdminAboutSection).parse(await ok({ url: '/api/admin/about-sections' }));
    const first = sections[0]!;
    await ok({
      method: 'PUT',
      url: `/api/admin/about-sections/${first.id}`,
      payload: { ...first, titleHi: 'हमारी कहानी', bodyHi: 'नई कहानी।', typeHi: '' },
    });
    expect((await lastAudit()).before).toMatchObject({ titleHi: first.titleHi });
    expect((await lastAudit()).after).toMatchObject({
      titleHi: 'हमारी कहानी',
      bodyHi: 'नई कहानी।',
      typeHi: '',
    });
    const aboutHi = await publicJson('/api/website/sections?key=about_us&lang=hi');
    // A blank Hindi subheading falls back to the English one.
    expect(aboutHi[0]).toMatchObject({ title: 'हमारी कहानी', body: 'नई कहानी।', type: first.type });

    const policies = (await ok({ url: '/api/admin/policies' })) as {
      kind: string;
      title: string;
      body: string;
      titleHi: string;
      version: number;
    }[];
    const terms = policies.find((p) => p.kind === 'terms')!;
    expect(terms.titleHi).toBe('नियम और शर्तें');
    await ok({
      method: 'PUT',
      url: '/api/admin/policies/terms',
      payload: {
        title: terms.title,
        body: terms.body,
        titleHi: 'शर्तें',
        bodyHi: '## नई शर्तें',
        version: terms.version,
      },
    });
    expect((await lastAudit()).after).toMatchObject({ titleHi: 'शर्तें', bodyHi: '## नई शर्तें' });
    expect(await publicJson('/api/website/policies/terms?lang=hi')).toMatchObject({
      title: 'शर्तें',
      body: '## नई शर्तें',
    });
    expect((await publicJson('/api/website/footer?lang=hi')).terms).toBe('## नई शर्तें');

    const settings = (await ok({ url: '/api/admin/settings' })) as Record<string, string | number>;
    const res = await asAdmin({
      method: 'PUT',
      url: '/api/admin/settings',
      payload: { ...settings, descriptionHi: 'क'.repeat(321) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.descriptionHi).toBe('The Hindi description must be at most 320 characters.');
    await ok({
      method: 'PUT',
      url: '/api/admin/settings',
      payload: { ...settings, storeNameHi: 'केसर चक्की मसाले' },
    });
    expect((await lastAudit()).after).toMatchObject({ storeNameHi: 'केसर चक्की मसाले' });
    expect((await publicJson('/api/website/settings?lang=hi')).storeName).toBe('केसर चक्की मसाले');
  });

  it('saves footer link texts in Hindi, and keeps them when a save leaves them out', async () => {
    const footer = AdminFooter.parse(await ok({ url: '/api/admin/footer' }));
    const links = [
      { label: 'Wholesale', labelHi: 'थोक ख़रीद', url: '/contact' },
      { label: 'Recipes', url: 'https://recipes.example.in/' },
    ];
    const saved = AdminFooter.parse(
      await ok({ method: 'PUT', url: '/api/admin/footer', payload: { ...footer, links } }),
    );
    expect(saved.links).toEqual([
      { label: 'Wholesale', labelHi: 'थोक ख़रीद', url: '/contact' },
      { label: 'Recipes', labelHi: '', url: 'https://recipes.example.in/' },
    ]);
    expect((await lastAudit()).after).toMatchObject({ links: saved.links });
    expect((await publicJson('/api/website/footer?lang=hi')).links).toEqual([
      { label: 'थोक ख़रीद', url: '/contact' },
      { label: 'Recipes', url: 'https://recipes.example.in/' },
    ]);
    // The English footer carries no Hindi field at all.
    expect((await publicJson('/api/website/footer')).links).toEqual([
      { label: 'Wholesale', url: '/contact' },
      { label: 'Recipes', url: 'https://recipes.example.in/' },
    ]);

    const again = AdminFooter.parse(
      await ok({
        method: 'PUT',
        url: '/api/admin/footer',
        payload: { ...saved, links: [{ label: 'Wholesale', url: '/contact' }] },
      }),
    );
    expect(again.links).toEqual([{ label: 'Wholesale', labelHi: 'थोक ख़रीद', url: '/contact' }]);

    const tooLong = await asAdmin({
      method: 'PUT',
      url: '/api/admin/footer',
      payload: { ...again, links: [{ label: 'Wholesale', labelHi: 'थ'.repeat(41), url: '/contact' }] },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors['links.0.labelHi']).toBe(
      'The Hindi link text must be at most 40 characters.',
    );
  });

  it('saves a coupon description in Hindi for shoppers on Hindi pages', async () => {
    const coupons = z.array(AdminCoupon).parse(await ok({ url: '/api/admin/coupons' }));
    const flat = coupons.find((c) => c.code === 'FLAT50')!;
    expect(flat.descriptionHi).toMatch(/₹50 की छूट/);
    const payload = {
      code: flat.code,
      description: flat.description,
      descriptionHi: 'हर ₹499 के ऑर्डर पर ₹50 कम',
      discountType: flat.discountType,
      discountValue: String(flat.discountValue),
      maxDiscount: '',
      minCartValue: String(flat.minCartValue),
      validFrom: '',
      validUntil: '',
      usageLimit: '',
      perUserLimit: '',
      active: 'true',
      version: flat.version,
    };
    const bad = await asAdmin({
      method: 'PUT',
      url: `/api/admin/coupons/${flat.id}`,
      payload: { ...payload, descriptionHi: 'छ'.repeat(201) },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.descriptionHi).toBe('The Hindi description must be at most 200 characters.');
    await ok({ method: 'PUT', url: `/api/admin/coupons/${flat.id}`, payload });
    expect((await lastAudit()).after).toMatchObject({ descriptionHi: 'हर ₹499 के ऑर्डर पर ₹50 कम' });
    const hi = (await publicJson('/api/coupons/active?lang=hi')) as { code: string; description: string }[];
    expect(hi.find((c) => c.code === 'FLAT50')?.description).toBe('हर ₹499 के ऑर्डर पर ₹50 कम');
  });
});
