// Combos and gift boxes (issue 36, decision 0040) through the API: the back office makes a combo
// of other variants (refusing what cannot be one), the storefront shows its stock derived from its
// parts', buying it takes the parts' units (50 shoppers racing for the last of them never
// oversell, whether they buy the combo or a part), cancelling gives them back, and a combo mixing
// GST rates is invoiced at the highest, under its highest-value part's HSN, adding up to the paisa.
import {
  COMBO_IN_COMBO,
  COMBO_IS_PART,
  COMBO_OWN_PART,
  COMBO_PART_MISSING,
  COMBO_PART_REPEATED,
  COMBO_PARTS_COUNT,
  COMBO_STOCK_DERIVED,
} from '@spice/shared/combos';
import { AdminOrderDetail } from '@spice/shared/contracts/admin';
import { ProductList } from '@spice/shared/contracts/catalog';
import { AdminProduct } from '@spice/shared/contracts/products-admin';
import { eq, inArray } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../seed/demo-seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addAddress, addToCart, createPaymentOrder, payAndPlace } from '../../test/commerce.ts';
import { signUp, verifyMobile } from '../../test/shoppers.ts';
import { invoices } from '../invoices/schema.ts';
import { orders } from '../orders/schema.ts';
import { products, productVariants } from './schema.ts';

let t: TestApp;
let adminCookie: string;
let n = 0;
const nextMobile = () => `7${String(400000000 + n++).slice(-9)}`;

beforeAll(async () => {
  t = await createTestApp({
    env: {
      OTP_SENDS_PER_IP_PER_HOUR: '100000',
      OTP_VERIFIES_PER_IP_PER_HOUR: '100000',
      CATALOG_CACHE_SECONDS: '3600',
    },
  });
  adminCookie = (await verifyMobile(t.app, DEMO_ADMIN.mobile)).cookie;
}, 60_000);
afterAll(async () => {
  await t.close();
});

const asAdmin = (opts: InjectOptions) =>
  t.app.inject({ ...opts, headers: { ...(opts.headers ?? {}), cookie: adminCookie } });

async function catalogue() {
  return ProductList.parse((await t.app.inject('/api/products')).json());
}

/** The 50 g variant of a demo product: its id, product and price. */
async function fifty(slug: string) {
  const p = (await catalogue()).find((x) => x.slug === slug)!;
  const v = p.variants.find((x) => x.weight === '50g')!;
  return { productId: p.id, id: v.id, price: v.price, mrp: v.mrp, weight: v.weight, stock: v.stock };
}

async function setStock(stock: Record<number, number>) {
  for (const [id, units] of Object.entries(stock)) {
    await t.database.db
      .update(productVariants)
      .set({ stock: units })
      .where(eq(productVariants.id, Number(id)));
  }
  t.app.services.catalog.invalidate();
}

async function stockOf(ids: number[]) {
  const rows = await t.database.db
    .select({ id: productVariants.id, stock: productVariants.stock })
    .from(productVariants)
    .where(inArray(productVariants.id, ids));
  return Object.fromEntries(rows.map((r) => [r.id, r.stock]));
}

const DECLARATIONS = {
  genericName: 'Assorted spice blends',
  ingredients: 'See each pack',
  shelfLifeMonths: 12,
};

let made = 0;
const comboBody = (components: { variantId: number; quantity: number }[], extra: object = {}) => {
  made++;
  return {
    name: `Test Combo ${made}`,
    nameHi: `टेस्ट कॉम्बो ${made}`,
    declarations: DECLARATIONS,
    description: 'A box.',
    variants: [{ weight: '150 g', price: 120, mrp: 150, stock: 0, sku: `TC-${made}`, components }],
    ...extra,
  };
};

async function createCombo(components: { variantId: number; quantity: number }[]) {
  const res = await asAdmin({ method: 'POST', url: '/api/admin/products', payload: comboBody(components) });
  expect(res.statusCode, res.body).toBe(201);
  return AdminProduct.parse(res.json());
}

describe('combos in the back office', () => {
  it('refuses what cannot be a combo with field errors (400)', async () => {
    const gm = await fifty('garam-masala');
    const ct = await fifty('chaat-masala');
    const refused = async (components: { variantId: number; quantity: number }[]) => {
      const res = await asAdmin({
        method: 'POST',
        url: '/api/admin/products',
        payload: comboBody(components),
      });
      expect(res.statusCode, res.body).toBe(400);
      return res.json().errors as Record<string, string>;
    };
    expect(await refused([{ variantId: gm.id, quantity: 1 }])).toEqual({
      'variants.0.components': COMBO_PARTS_COUNT,
    });
    const thirteen = Array.from({ length: 13 }, (_, i) => ({ variantId: i + 1, quantity: 1 }));
    expect(await refused(thirteen)).toEqual({ 'variants.0.components': COMBO_PARTS_COUNT });
    expect(
      await refused([
        { variantId: gm.id, quantity: 1 },
        { variantId: gm.id, quantity: 2 },
      ]),
    ).toEqual({ 'variants.0.components.1.variantId': COMBO_PART_REPEATED });
    expect(
      await refused([
        { variantId: gm.id, quantity: 1 },
        { variantId: 999_999, quantity: 1 },
      ]),
    ).toEqual({ 'variants.0.components.1.variantId': COMBO_PART_MISSING });

    const combo = await createCombo([
      { variantId: gm.id, quantity: 1 },
      { variantId: ct.id, quantity: 1 },
    ]);
    expect(
      await refused([
        { variantId: combo.variants[0]!.id, quantity: 1 },
        { variantId: ct.id, quantity: 1 },
      ]),
    ).toEqual({ 'variants.0.components.0.variantId': COMBO_IN_COMBO });

    // A part of the combo's own product; a variant that is a part of a combo made a combo itself.
    const created = await asAdmin({
      method: 'POST',
      url: '/api/admin/products',
      payload: {
        ...comboBody([
          { variantId: gm.id, quantity: 1 },
          { variantId: ct.id, quantity: 1 },
        ]),
        variants: [
          ...comboBody([
            { variantId: gm.id, quantity: 1 },
            { variantId: ct.id, quantity: 1 },
          ]).variants,
          { weight: '50 g', price: 10, mrp: 10, stock: 5, sku: `OWN-${made}` },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const two = AdminProduct.parse(created.json());
    const edit = (variants: object[]) =>
      asAdmin({
        method: 'PUT',
        url: `/api/admin/products/${two.id}`,
        payload: { ...comboBody([]), name: two.name, version: two.version, variants },
      });
    const [boxVariant, plain] = two.variants;
    const ownPart = await edit([
      {
        ...boxVariant,
        components: [
          { variantId: gm.id, quantity: 1 },
          { variantId: plain!.id, quantity: 1 },
        ],
      },
      plain!,
    ]);
    expect(ownPart.statusCode, ownPart.body).toBe(400);
    expect(ownPart.json().errors).toEqual({ 'variants.0.components.1.variantId': COMBO_OWN_PART });

    const bm = await fifty('biryani-masala');
    const gmProduct = AdminProduct.parse(
      (await asAdmin({ method: 'GET', url: `/api/admin/products/${gm.productId}` })).json(),
    );
    const partMadeCombo = await asAdmin({
      method: 'PUT',
      url: `/api/admin/products/${gm.productId}`,
      payload: {
        ...gmProduct,
        variants: gmProduct.variants.map(({ removable: _, ...v }) =>
          v.id === gm.id
            ? {
                ...v,
                components: [
                  { variantId: ct.id, quantity: 1 },
                  { variantId: bm.id, quantity: 1 },
                ],
              }
            : v,
        ),
      },
    });
    expect(partMadeCombo.statusCode, partMadeCombo.body).toBe(400);
    const index = gmProduct.variants.findIndex((v) => v.id === gm.id);
    expect(partMadeCombo.json().errors).toEqual({ [`variants.${index}.components`]: COMBO_IS_PART });
  });

  it('answers the parts in the admin and public APIs, with the stock they make, and refuses adjusting it', async () => {
    const gm = await fifty('garam-masala');
    const ct = await fifty('chaat-masala');
    await setStock({ [gm.id]: 7, [ct.id]: 9 });
    const combo = await createCombo([
      { variantId: gm.id, quantity: 1 },
      { variantId: ct.id, quantity: 2 },
    ]);
    expect(combo.variants[0]!.components).toEqual([
      { variantId: gm.id, quantity: 1 },
      { variantId: ct.id, quantity: 2 },
    ]);
    expect(combo.variants[0]!.stock).toBe(4); // ⌊9 ÷ 2⌋ = 4 < 7
    const shown = (await catalogue()).find((p) => p.id === combo.id)!;
    expect(shown.variants[0]).toMatchObject({
      stock: 4,
      components: [
        { variantId: gm.id, quantity: 1 },
        { variantId: ct.id, quantity: 2 },
      ],
    });
    const stockPage = (await asAdmin({ method: 'GET', url: '/api/admin/stock' })).json() as {
      variantId: number;
      stock: number;
      combo: boolean;
    }[];
    expect(stockPage.find((r) => r.variantId === combo.variants[0]!.id)).toMatchObject({
      stock: 4,
      combo: true,
    });
    const adjust = await asAdmin({
      method: 'POST',
      url: `/api/admin/variants/${combo.variants[0]!.id}/stock`,
      payload: { change: 5, reason: 'Received' },
    });
    expect(adjust.statusCode, adjust.body).toBe(400);
    expect(adjust.json().message).toBe(COMBO_STOCK_DERIVED);
  });
});

/** A shopper with an address and `lines` in the cart: [productId, weight, quantity]. */
async function shopperWith(lines: [number, string, number][]) {
  const s = await signUp(t.app, nextMobile());
  const addressId = await addAddress(s);
  for (const [productId, weight, quantity] of lines) await addToCart(s, productId, weight, quantity);
  return { s, addressId };
}

async function boughtOnline(lines: [number, string, number][]) {
  const { s, addressId } = await shopperWith(lines);
  const created = await createPaymentOrder(s, addressId);
  expect(created.statusCode, created.body).toBe(200);
  const { placed } = await payAndPlace(s, created.json().orderId);
  expect(placed.statusCode, placed.body).toBe(200);
  return { s, orderNumber: placed.json().orderNumber as string };
}

describe('buying a combo', () => {
  it('takes its parts’ units, and cancelling the order gives them back', async () => {
    const gm = await fifty('garam-masala');
    const ct = await fifty('chaat-masala');
    await setStock({ [gm.id]: 40, [ct.id]: 40 });
    const combo = await createCombo([
      { variantId: gm.id, quantity: 1 },
      { variantId: ct.id, quantity: 2 },
    ]);
    await t.database.db.update(products).set({ active: true }).where(eq(products.id, combo.id));
    t.app.services.catalog.invalidate();

    // Two boxes and one garam masala bought on their own, in one order.
    const { orderNumber } = await boughtOnline([
      [combo.id, combo.variants[0]!.weight, 2],
      [gm.productId, gm.weight, 1],
    ]);
    expect(await stockOf([gm.id, ct.id, combo.variants[0]!.id])).toEqual({
      [gm.id]: 37,
      [ct.id]: 36,
      [combo.variants[0]!.id]: 0,
    });
    const shown = (await catalogue()).find((p) => p.id === combo.id)!;
    expect(shown.variants[0]!.stock).toBe(18); // ⌊36 ÷ 2⌋

    const { version } = AdminOrderDetail.parse(
      (await asAdmin({ method: 'GET', url: `/api/admin/orders/${orderNumber}` })).json(),
    );
    const cancelled = await asAdmin({
      method: 'PUT',
      url: `/api/admin/orders/${orderNumber}/status`,
      payload: { status: 'CANCELLED', version },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await stockOf([gm.id, ct.id])).toEqual({ [gm.id]: 40, [ct.id]: 40 });
    expect((await catalogue()).find((p) => p.id === combo.id)!.variants[0]!.stock).toBe(20);
  });

  it('takes its parts’ units when bought cash on delivery too', async () => {
    const gm = await fifty('garam-masala');
    const ct = await fifty('chaat-masala');
    await setStock({ [gm.id]: 40, [ct.id]: 40 });
    const combo = await createCombo([
      { variantId: gm.id, quantity: 1 },
      { variantId: ct.id, quantity: 2 },
    ]);
    await t.database.db.update(products).set({ active: true }).where(eq(products.id, combo.id));
    t.app.services.catalog.invalidate();
    const { s, addressId } = await shopperWith([[combo.id, combo.variants[0]!.weight, 2]]);
    const place = (amount: number) =>
      s.request({ method: 'POST', url: '/api/orders/place-cod', payload: { addressId, amount } });
    const probe = await place(0);
    expect(probe.statusCode, probe.body).toBe(409);
    const placed = await place(probe.json().amount);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await stockOf([gm.id, ct.id])).toEqual({ [gm.id]: 38, [ct.id]: 36 });
  });

  it('refuses a cart asking for more combos than the parts make, naming the combo', async () => {
    const gm = await fifty('garam-masala');
    const ct = await fifty('chaat-masala');
    await setStock({ [gm.id]: 40, [ct.id]: 40 });
    const combo = await createCombo([
      { variantId: gm.id, quantity: 1 },
      { variantId: ct.id, quantity: 2 },
    ]);
    await t.database.db.update(products).set({ active: true }).where(eq(products.id, combo.id));
    t.app.services.catalog.invalidate();
    const { s, addressId } = await shopperWith([[combo.id, combo.variants[0]!.weight, 3]]);
    // The parts sell out meanwhile (the cart was filled while they were there).
    await setStock({ [ct.id]: 5 });
    const res = await createPaymentOrder(s, addressId);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(
      `Only 2 left of ${combo.name} ${combo.variants[0]!.weight}. Please update your cart.`,
    );
    expect(await stockOf([gm.id, ct.id])).toEqual({ [gm.id]: 40, [ct.id]: 5 });
  });

  it('never oversells the last parts to 50 shoppers racing for the combo and for a part', async () => {
    const gm = await fifty('garam-masala');
    const ct = await fifty('chaat-masala');
    await setStock({ [gm.id]: 500, [ct.id]: 500 });
    const combo = await createCombo([
      { variantId: gm.id, quantity: 1 },
      { variantId: ct.id, quantity: 2 },
    ]);
    await t.database.db.update(products).set({ active: true }).where(eq(products.id, combo.id));
    t.app.services.catalog.invalidate();
    // Every cart filled while there was plenty; half want a box, half a garam masala alone.
    const shoppers = [];
    for (let i = 0; i < 50; i++) {
      const line: [number, string, number] =
        i % 2 === 0 ? [combo.id, combo.variants[0]!.weight, 1] : [gm.productId, gm.weight, 1];
      shoppers.push({ ...(await shopperWith([line])), box: i % 2 === 0 });
    }
    // Then the last units: 6 garam masala, and chaat masala for 4 boxes.
    await setStock({ [gm.id]: 6, [ct.id]: 9 });
    const answers = await Promise.all(shoppers.map(({ s, addressId }) => createPaymentOrder(s, addressId)));
    const codes = answers.map((r) => r.statusCode);
    expect(
      codes.every((c) => c === 200 || c === 409),
      JSON.stringify(codes),
    ).toBe(true);
    const boxes = shoppers.filter((x, i) => x.box && codes[i] === 200).length;
    const alone = shoppers.filter((x, i) => !x.box && codes[i] === 200).length;
    const left = await stockOf([gm.id, ct.id]);
    expect(left[gm.id]).toBe(6 - boxes - alone);
    expect(left[ct.id]).toBe(9 - 2 * boxes);
    expect(left[gm.id]).toBeGreaterThanOrEqual(0);
    expect(left[ct.id]).toBeGreaterThanOrEqual(0);
    expect(boxes).toBeLessThanOrEqual(4);
    // Fifty shoppers for six units: all six go.
    expect(left[gm.id]).toBe(0);
    expect((await catalogue()).find((p) => p.id === combo.id)!.variants[0]!.stock).toBe(0);
  }, 180_000);
});

describe('a combo mixing GST rates', () => {
  it('is invoiced at the highest rate, under its highest-value part’s HSN, naming its contents, to the paisa', async () => {
    const gm = await fifty('garam-masala'); // ₹70, 5%, 0910
    const ct = await fifty('chaat-masala'); // 2 × ₹38 = ₹76: the highest value
    await setStock({ [gm.id]: 100, [ct.id]: 100 });
    await t.database.db
      .update(products)
      .set({ hsnCode: '21039040', gstRateBp: 1200 })
      .where(eq(products.id, ct.productId));
    const combo = await createCombo([
      { variantId: gm.id, quantity: 1 },
      { variantId: ct.id, quantity: 2 },
    ]);
    await t.database.db.update(products).set({ active: true }).where(eq(products.id, combo.id));
    t.app.services.catalog.invalidate();

    const { orderNumber } = await boughtOnline([
      [combo.id, combo.variants[0]!.weight, 3],
      [gm.productId, gm.weight, 1],
    ]);
    const [row] = await t.database.db
      .select({ snapshot: invoices.snapshot, total: orders.totalPaise })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .where(eq(orders.orderNumber, orderNumber));
    const { snapshot, total } = row!;
    const boxLine = snapshot.goods.find((g) => g.description.startsWith(combo.name))!;
    expect(boxLine).toMatchObject({ hsn: '21039040', rateBp: 1200, quantity: 3, unitPricePaise: 12000 });
    expect(boxLine.description).toBe(
      `${combo.name} 150 g (contains: Garam Masala 50g, Chaat Masala 50g × 2)`,
    );
    const alone = snapshot.goods.find((g) => g.description === 'Garam Masala 50g')!;
    expect(alone).toMatchObject({ hsn: '0910', rateBp: 500 });

    const rows = [...snapshot.goods, ...snapshot.charges];
    const sum = (f: (r: (typeof rows)[number]) => number) => rows.reduce((a, r) => a + f(r), 0);
    expect(snapshot.roundOffPaise).toBe(0);
    expect(sum((r) => r.totalPaise)).toBe(total);
    expect(snapshot.grandTotalPaise).toBe(total);
    for (const r of rows) expect(r.taxablePaise + r.cgstPaise + r.sgstPaise + r.igstPaise).toBe(r.totalPaise);
    expect(snapshot.taxablePaise + snapshot.cgstPaise + snapshot.sgstPaise + snapshot.igstPaise).toBe(total);
    // 12% inclusive of ₹360 − its coupon-free share: the tax is 12/112 of the line's total.
    expect(boxLine.igstPaise + boxLine.cgstPaise + boxLine.sgstPaise).toBe(
      Math.round((boxLine.totalPaise * 1200) / 11200),
    );
  });
});
