// Issue 35, product declarations: the product API's filled-in declarations, net quantities and unit
// prices (rounded up to the paisa), the shop's defaults, the FSSAI licence check and publishing
// refused while a mandatory declaration is missing (decision 0035).
import { Product } from '@spice/shared/contracts/catalog';
import { DeclarationDefaultsDto } from '@spice/shared/contracts/declarations';
import { AdminProduct } from '@spice/shared/contracts/products-admin';
import { FSSAI_LICENCE_INVALID } from '@spice/shared/declarations';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_DECLARATION_DEFAULTS } from '../../seed/demo-declarations.ts';
import { DEMO_ADMIN } from '../../seed/demo-seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { verifyMobile } from '../../test/shoppers.ts';

let t: TestApp;
let adminCookie: string;
beforeAll(async () => {
  t = await createTestApp({ env: { CATALOG_CACHE_SECONDS: '3600' } });
  adminCookie = (await verifyMobile(t.app, DEMO_ADMIN.mobile)).cookie;
});
afterAll(async () => {
  await t.close();
});

const asAdmin = (opts: InjectOptions) =>
  t.app.inject({ ...opts, headers: { ...(opts.headers ?? {}), cookie: adminCookie } });
const product = async (path: string) => {
  const res = await t.app.inject(path);
  expect(res.statusCode, res.body).toBe(200);
  return Product.parse(res.json());
};
const OWN = { genericName: 'Spice blend (test)', ingredients: 'Coriander, cumin', shelfLifeMonths: 12 };
let sku = 0;
const variant = (weight: string, price: number, extra: object = {}) => ({
  weight,
  price,
  mrp: price,
  stock: 5,
  sku: `DECL-${++sku}`,
  ...extra,
});
const body = (name: string, variants: object[], declarations: object = OWN, active = true) => ({
  name,
  active,
  declarations,
  variants,
});

describe('the demo products', () => {
  it('declare everything, filled in with the shop defaults, in English and in Hindi', async () => {
    const p = await product('/api/products/slug/turmeric-powder');
    expect(p.declarations).toMatchObject({
      genericName: 'Turmeric powder',
      manufacturer: DEMO_DECLARATION_DEFAULTS.manufacturer,
      countryOfOrigin: 'India',
      consumerCare: DEMO_DECLARATION_DEFAULTS.consumerCare,
      fssaiLicence: '11521999000123',
      veg: true,
      ingredients: 'Turmeric (100%)',
      shelfLifeMonths: 18,
      nutritionPer100g: {
        energyKcal: 312,
        proteinG: 9.7,
        carbohydrateG: 67.1,
        sugarsG: 3.2,
        fatG: 3.3,
        sodiumMg: 27,
      },
    });
    expect(p.variants.map((v) => [v.netQuantity, v.unitPrice])).toEqual([
      [
        { value: 100, unit: 'g' },
        { amount: 45, per: '100 g' },
      ],
      [
        { value: 200, unit: 'g' },
        { amount: 42.5, per: '100 g' },
      ],
      [
        { value: 500, unit: 'g' },
        { amount: 39.8, per: '100 g' },
      ],
    ]);
    const hi = await product('/api/products/slug/turmeric-powder?lang=hi');
    expect(hi.declarations).toMatchObject({
      genericName: 'हल्दी पाउडर',
      countryOfOrigin: 'भारत',
      manufacturer: { name: 'केसर चक्की फ़ूड्स प्राइवेट लिमिटेड' },
      ingredients: 'हल्दी (100%)',
      fssaiLicence: '11521999000123',
    });
    expect((await product(`/api/products/${p.id}`)).declarations).toEqual(p.declarations);
  });

  it('are all publishable: every list carries declarations and unit prices', async () => {
    const all = (await t.app.inject('/api/products')).json() as unknown[];
    for (const raw of all) {
      const p = Product.parse(raw);
      expect(p.declarations.genericName, p.slug).not.toBe('');
      expect(p.declarations.shelfLifeMonths, p.slug).toBeGreaterThan(0);
      for (const v of p.variants) expect(v.unitPrice, `${p.slug} ${v.weight}`).not.toBeNull();
    }
    const active = (await t.app.inject('/api/products/active?limit=3')).json() as unknown[];
    expect(Product.parse(active[0]).declarations.fssaiLicence).toBe('11521999000123');
  });
});

describe('unit prices', () => {
  it('are per 100 g, 100 ml or piece, rupees rounded up to the paisa', async () => {
    const res = await asAdmin({
      method: 'POST',
      url: '/api/admin/products',
      payload: body('Unit Price Cases', [
        variant('50 g', 29.9),
        variant('100 g', 45),
        variant('1 kg', 560.05),
        variant('', 199.01, { netQuantity: { value: 500, unit: 'ml' } }),
        variant('', 100, { netQuantity: { value: 3, unit: 'pc' } }),
      ]),
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = AdminProduct.parse(res.json());
    // A blank label is made from the net quantity, in English and Hindi.
    expect(created.variants.slice(3).map((v) => [v.weight, v.weightHi])).toEqual([
      ['500 ml', '500 मि.ली.'],
      ['3 pc', '3 नग'],
    ]);
    const p = await product(`/api/products/${created.id}`);
    expect(p.variants.map((v) => v.unitPrice)).toEqual([
      { amount: 59.8, per: '100 g' },
      { amount: 45, per: '100 g' },
      { amount: 56.01, per: '100 g' }, // 5600.5 paise: up, never down
      { amount: 39.81, per: '100 ml' }, // 3980.2 paise
      { amount: 33.34, per: '1 pc' }, // 3333.33 paise
    ]);
    expect(p.variants[0]!.netQuantity).toEqual({ value: 50, unit: 'g' });
  });
});

describe('publishing', () => {
  it('is refused while a mandatory declaration is missing, naming the missing fields', async () => {
    const defaults = DeclarationDefaultsDto.parse(
      (await asAdmin({ url: '/api/admin/declaration-defaults' })).json(),
    );
    const saved = await asAdmin({
      method: 'PUT',
      url: '/api/admin/declaration-defaults',
      payload: { ...defaults, countryOfOrigin: '', hi: { ...defaults.hi, countryOfOrigin: '' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const ownMaker = { ...OWN, manufacturer: { name: 'Own Mills', address: '' } };

    const refused = await asAdmin({
      method: 'POST',
      url: '/api/admin/products',
      payload: body('Refused Masala', [variant('100 g', 50)], ownMaker),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      "Add the manufacturer's address and the country of origin before publishing.",
    );

    // A draft may lack them; making it active may not.
    const draft = await asAdmin({
      method: 'POST',
      url: '/api/admin/products',
      payload: body('Draft Masala', [variant('100 g', 50)], ownMaker, false),
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const { id, version } = draft.json() as { id: number; version: number };
    const activate = await asAdmin({
      method: 'PUT',
      url: `/api/admin/products/${id}/active`,
      payload: { active: true, version },
    });
    expect(activate.statusCode).toBe(409);
    expect(activate.json().message).toBe(
      "Add the manufacturer's address and the country of origin before publishing.",
    );

    const complete = await asAdmin({
      method: 'PUT',
      url: `/api/admin/products/${id}`,
      payload: {
        ...body('Draft Masala', [variant('100 g', 50)], {
          ...ownMaker,
          manufacturer: { name: 'Own Mills', address: 'Unjha, Gujarat 384170' },
          countryOfOrigin: 'India',
        }),
        version,
      },
    });
    expect(complete.statusCode, complete.body).toBe(200);
    const shown = await product(`/api/products/${id}`);
    expect(shown.active).toBe(true);
    expect(shown.declarations.manufacturer).toEqual({ name: 'Own Mills', address: 'Unjha, Gujarat 384170' });
    expect(shown.declarations.consumerCare).toEqual(DEMO_DECLARATION_DEFAULTS.consumerCare);

    // The shop's defaults reach every product that leaves them empty, at once.
    await asAdmin({
      method: 'PUT',
      url: '/api/admin/declaration-defaults',
      payload: { ...defaults, version: defaults.version + 1 },
    });
    expect((await product('/api/products/slug/garam-masala')).declarations.countryOfOrigin).toBe('India');
  });

  it('names what an empty product lacks, its own fields having no default', async () => {
    const res = await asAdmin({
      method: 'POST',
      url: '/api/admin/products',
      payload: body('Bare Masala', [variant('Family pack', 50)], {}),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Add the generic name, the net quantity of every variant, the ingredients and the shelf life before publishing.',
    );
  });
});

describe('the FSSAI licence', () => {
  it('is 14 digits, in the defaults and on a product', async () => {
    const defaults = DeclarationDefaultsDto.parse(
      (await asAdmin({ url: '/api/admin/declaration-defaults' })).json(),
    );
    for (const fssaiLicence of ['1152199900012', '115219990001234', '1152199900012A']) {
      const res = await asAdmin({
        method: 'PUT',
        url: '/api/admin/declaration-defaults',
        payload: { ...defaults, fssaiLicence },
      });
      expect(res.statusCode, fssaiLicence).toBe(400);
      expect(res.json().message).toBe(FSSAI_LICENCE_INVALID);
    }
    const product = await asAdmin({
      method: 'POST',
      url: '/api/admin/products',
      payload: body('Licence Masala', [variant('100 g', 50)], { ...OWN, fssaiLicence: '12345' }),
    });
    expect(product.statusCode).toBe(400);
    expect(product.json().message).toBe(FSSAI_LICENCE_INVALID);
  });
});
