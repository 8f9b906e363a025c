// Stock as batches (issue 39) through the API: receiving batches, the unnamed stock change, selling
// and packing first-expiry-first-out, cancelling before packing, an RTO back to its batches,
// expiry by an injected clock making units unsellable, and 50 shoppers racing for the last units
// of two batches.
import { AdminOrderDetail } from '@spice/shared/contracts/admin';
import { BATCH_TEXTS, Batch } from '@spice/shared/contracts/batches';
import { ProductList } from '@spice/shared/contracts/catalog';
import { eq } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { DEMO_ADMIN } from '../../seed/demo-seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addAddress, addToCart, createPaymentOrder, payAndPlace } from '../../test/commerce.ts';
import { signUp, verifyMobile } from '../../test/shoppers.ts';
import { jobs } from '../jobs/schema.ts';
import { outboxMessages } from '../messaging/schema.ts';
import { createBatchService, STOCK_ALERTS_JOB } from './batches.ts';
import { RECALL_MESSAGE_JOB } from './recalls.ts';
import { batchAllocations, productVariants, stockBatches } from './schema.ts';

let t: TestApp;
let adminCookie: string;
let n = 0;
const nextMobile = () => `7${String(500000000 + n++).slice(-9)}`;

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

const asAdmin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: adminCookie } });

const DAY = 86_400_000;
const dayFromNow = (days: number) =>
  new Date(Date.now() + 330 * 60_000 + days * DAY).toISOString().slice(0, 10);

async function catalogue() {
  return ProductList.parse((await t.app.inject('/api/products')).json());
}

/** A demo product's first variant, its batches emptied and its stock 0: a clean shelf. */
async function emptyShelf(slug: string) {
  const p = (await catalogue()).find((x) => x.slug === slug)!;
  const v = p.variants[0]!;
  const db = t.database.db;
  const batches = await db
    .select({ id: stockBatches.id })
    .from(stockBatches)
    .where(eq(stockBatches.variantId, v.id));
  for (const b of batches) await db.delete(batchAllocations).where(eq(batchAllocations.batchId, b.id));
  await db.delete(stockBatches).where(eq(stockBatches.variantId, v.id));
  await db.update(productVariants).set({ stock: 0, reserved: 0 }).where(eq(productVariants.id, v.id));
  t.app.services.catalog.invalidate();
  return { productId: p.id, id: v.id, weight: v.weight };
}

async function receive(
  variantId: number,
  batchNumber: string,
  quantity: number,
  bestBefore = dayFromNow(300),
) {
  const res = await asAdmin('POST', `/api/admin/variants/${variantId}/batches`, {
    batchNumber,
    manufacturedOn: dayFromNow(-10),
    bestBefore,
    quantity,
  });
  expect(res.statusCode, res.body).toBe(201);
  return Batch.parse(res.json());
}

async function batchesOf(variantId: number) {
  const res = await asAdmin('GET', `/api/admin/variants/${variantId}/batches`);
  expect(res.statusCode, res.body).toBe(200);
  return z.array(Batch).parse(res.json());
}

async function variantRow(id: number) {
  const [row] = await t.database.db
    .select({ stock: productVariants.stock, reserved: productVariants.reserved })
    .from(productVariants)
    .where(eq(productVariants.id, id));
  return row!;
}

async function shopperWith(productId: number, weight: string, quantity: number) {
  const s = await signUp(t.app, nextMobile());
  const addressId = await addAddress(s);
  await addToCart(s, productId, weight, quantity);
  return { s, addressId };
}

async function bought(productId: number, weight: string, quantity: number) {
  const { s, addressId } = await shopperWith(productId, weight, quantity);
  const created = await createPaymentOrder(s, addressId);
  expect(created.statusCode, created.body).toBe(200);
  const { placed } = await payAndPlace(s, created.json().orderId);
  expect(placed.statusCode, placed.body).toBe(200);
  return placed.json().orderNumber as string;
}

async function detail(orderNumber: string) {
  return AdminOrderDetail.parse((await asAdmin('GET', `/api/admin/orders/${orderNumber}`)).json());
}

async function moveTo(orderNumber: string, status: string, extra: object = {}) {
  const { version } = await detail(orderNumber);
  return asAdmin('PUT', `/api/admin/orders/${orderNumber}/status`, { status, version, ...extra });
}

async function packed(orderNumber: string) {
  expect((await moveTo(orderNumber, 'CONFIRMED')).statusCode).toBe(200);
  const res = await moveTo(orderNumber, 'PACKED');
  expect(res.statusCode, res.body).toBe(200);
  return AdminOrderDetail.parse(res.json());
}

describe('receiving batches', () => {
  it('migrated the demo stock into one OPENING batch per variant', async () => {
    const p = (await catalogue()).find((x) => x.slug === 'garam-masala')!;
    const v = p.variants[0]!;
    const list = await batchesOf(v.id);
    expect(list.map((b) => b.batchNumber)).toEqual(['OPENING']);
    expect(list[0]!.onHand).toBe(v.stock);
    expect(list[0]!.daysToBestBefore).toBeGreaterThan(200);
  });

  it('receives a batch into sellable stock, audited, and refuses a repeated number or dates out of order', async () => {
    const v = await emptyShelf('chaat-masala');
    const b = await receive(v.id, 'CM-2611-A', 12);
    expect(b).toMatchObject({ batchNumber: 'CM-2611-A', received: 12, onHand: 12, sold: 0, sellable: true });
    expect((await variantRow(v.id)).stock).toBe(12);
    const again = await asAdmin('POST', `/api/admin/variants/${v.id}/batches`, {
      batchNumber: 'CM-2611-A',
      manufacturedOn: dayFromNow(-1),
      bestBefore: dayFromNow(200),
      quantity: 1,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(BATCH_TEXTS.duplicate);
    const backwards = await asAdmin('POST', `/api/admin/variants/${v.id}/batches`, {
      batchNumber: 'CM-X',
      manufacturedOn: dayFromNow(10),
      bestBefore: dayFromNow(5),
      quantity: 1,
    });
    expect(backwards.statusCode).toBe(400);
    // A batch already within the minimum shelf life (30 days) is on hand but not for sale.
    const near = await receive(v.id, 'CM-NEAR', 5, dayFromNow(20));
    expect(near.sellable).toBe(false);
    expect((await variantRow(v.id)).stock).toBe(12);
    const audit = await asAdmin('GET', '/api/admin/audit?page=0&size=5');
    expect(audit.body).toContain('stock.batch.receive');
  });

  it('keeps POST /stock working: a positive change is a dated batch, a negative one takes nearest best-before first', async () => {
    const v = await emptyShelf('kitchen-king-masala');
    await receive(v.id, 'LATE', 5, dayFromNow(300));
    await receive(v.id, 'EARLY', 5, dayFromNow(100));
    const up = await asAdmin('POST', `/api/admin/variants/${v.id}/stock`, {
      change: 4,
      reason: 'found a carton',
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toEqual({ variantId: v.id, stock: 14 });
    const dated = (await batchesOf(v.id)).find((b) => b.batchNumber.startsWith('R-'))!;
    expect(dated.received).toBe(4);
    const down = await asAdmin('POST', `/api/admin/variants/${v.id}/stock`, {
      change: -7,
      reason: 'damaged',
    });
    expect(down.json()).toEqual({ variantId: v.id, stock: 7 });
    const after = Object.fromEntries((await batchesOf(v.id)).map((b) => [b.batchNumber, b.onHand]));
    expect(after.EARLY).toBe(0);
    expect(after.LATE).toBe(3);
    const tooMany = await asAdmin('POST', `/api/admin/variants/${v.id}/stock`, { change: -8, reason: 'x' });
    expect(tooMany.statusCode).toBe(409);
  });
});

describe('selling, packing and returns', () => {
  it('packs first-expiry-first-out, shows the batches on the order, and an RTO puts them back', async () => {
    const v = await emptyShelf('sambar-masala');
    await receive(v.id, 'B-LATE', 10, dayFromNow(400));
    await receive(v.id, 'B-EARLY', 2, dayFromNow(90));
    const orderNumber = await bought(v.productId, v.weight, 3);
    expect(await variantRow(v.id)).toEqual({ stock: 9, reserved: 3 });
    const order = await packed(orderNumber);
    expect(order.items[0]!.batches).toEqual([
      { batchNumber: 'B-EARLY', bestBefore: dayFromNow(90), quantity: 2 },
      { batchNumber: 'B-LATE', bestBefore: dayFromNow(400), quantity: 1 },
    ]);
    expect(await variantRow(v.id)).toEqual({ stock: 9, reserved: 0 });
    // The packing slip names them.
    const slip = await asAdmin('GET', `/api/admin/shipping/labels.pdf?orders=${orderNumber}`);
    expect(slip.statusCode).toBe(200);
    const { text } = await extractText(new Uint8Array(slip.rawPayload), { mergePages: true });
    expect(text.replace(/\s+/g, ' ')).toContain(`Batch B-EARLY × 2 (best before ${dayFromNow(90)})`);
    const sold = Object.fromEntries((await batchesOf(v.id)).map((b) => [b.batchNumber, b.sold]));
    expect(sold).toEqual({ 'B-EARLY': 2, 'B-LATE': 1 });
    const shipped = await moveTo(orderNumber, 'SHIPPED', { trackingId: 'AWB123456', courier: 'other' });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect((await moveTo(orderNumber, 'RTO')).statusCode).toBe(200);
    const list = await batchesOf(v.id);
    expect(list.map((b) => [b.batchNumber, b.returned, b.onHand])).toEqual([
      ['B-EARLY', 2, 2],
      ['B-LATE', 1, 10],
    ]);
    expect(await variantRow(v.id)).toEqual({ stock: 12, reserved: 0 });
  }, 60_000);

  it('frees the reservation when an order is cancelled before packing, touching no batch', async () => {
    const v = await emptyShelf('pav-bhaji-masala');
    await receive(v.id, 'P-1', 6);
    const orderNumber = await bought(v.productId, v.weight, 2);
    expect(await variantRow(v.id)).toEqual({ stock: 4, reserved: 2 });
    const listed = await batchesOf(v.id);
    expect(listed[0]).toMatchObject({ reserved: 2, onHand: 6, sold: 0 });
    expect((await moveTo(orderNumber, 'CANCELLED')).statusCode).toBe(200);
    expect(await variantRow(v.id)).toEqual({ stock: 6, reserved: 0 });
    expect((await batchesOf(v.id))[0]).toMatchObject({ reserved: 0, onHand: 6, sold: 0, returned: 0 });
  }, 60_000);

  it('stops selling a batch once its best-before comes within the minimum shelf life (injected clock)', async () => {
    const v = await emptyShelf('biryani-masala');
    await receive(v.id, 'SOON', 4, dayFromNow(45));
    await receive(v.id, 'LATER', 3, dayFromNow(200));
    expect((await variantRow(v.id)).stock).toBe(7);
    const levels: unknown[] = [];
    const later = createBatchService(t.database.db, {
      audit: t.app.services.audit,
      stockChanged: (l) => {
        levels.push(...l);
        t.app.services.catalog.stockChanged(l);
      },
      now: () => new Date(Date.now() + 16 * DAY),
    });
    expect(await later.sweep()).toBe(1);
    expect((await variantRow(v.id)).stock).toBe(3);
    expect(levels).toEqual([expect.objectContaining({ variantId: v.id, stock: 3 })]);
    const shown = (await catalogue()).find((p) => p.id === v.productId)!.variants.find((x) => x.id === v.id)!;
    expect(shown.stock).toBe(3);
    // A shopper asking for more than the sellable units is refused, though 7 are on the shelf.
    const greedy = await signUp(t.app, nextMobile());
    const refused = await greedy.request({
      method: 'POST',
      url: '/api/cart',
      payload: { productId: v.productId, variant: v.weight, quantity: 4, phoneNumber: `+91${greedy.mobile}` },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      `Only 3 left of ${(await catalogue()).find((p) => p.id === v.productId)!.name} ${v.weight}.`,
    );
    // Packing takes only from the batch still sellable.
    const orderNumber = await bought(v.productId, v.weight, 3);
    const order = await packed(orderNumber);
    expect(order.items[0]!.batches.map((b) => [b.batchNumber, b.quantity])).toEqual([['LATER', 3]]);
  }, 60_000);
});

describe('the best-before shown on the product page', () => {
  it('is off by default, then names the batch the next order would get, past the reservations', async () => {
    const v = await emptyShelf('garam-masala');
    await receive(v.id, 'GM-EARLY', 2, dayFromNow(150));
    await receive(v.id, 'GM-LATE', 20, dayFromNow(500));
    expect(await t.app.services.batches.nextBestBefore([v.id])).toEqual(new Map());
    const on = await asAdmin('PUT', '/api/admin/stock-settings', {
      minShelfLifeDays: 30,
      expiryAlertDays: 60,
      showBestBefore: true,
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(await t.app.services.batches.nextBestBefore([v.id])).toEqual(new Map([[v.id, dayFromNow(150)]]));
    await bought(v.productId, v.weight, 2);
    expect(await t.app.services.batches.nextBestBefore([v.id])).toEqual(new Map([[v.id, dayFromNow(500)]]));
    await asAdmin('PUT', '/api/admin/stock-settings', {
      minShelfLifeDays: 30,
      expiryAlertDays: 60,
      showBestBefore: false,
    });
  }, 60_000);
});

describe('the alerts', () => {
  it('list batches near expiry and variants below their reorder level', async () => {
    const v = await emptyShelf('kasuri-methi');
    await receive(v.id, 'KM-NEAR', 3, dayFromNow(70));
    const level = await asAdmin('PUT', `/api/admin/variants/${v.id}/reorder-level`, { reorderLevel: 5 });
    expect(level.statusCode, level.body).toBe(200);
    const alerts = (await asAdmin('GET', '/api/admin/stock-alerts')).json();
    expect(alerts.nearExpiry).toContainEqual(
      expect.objectContaining({ variantId: v.id, batchNumber: 'KM-NEAR', daysToBestBefore: 70, onHand: 3 }),
    );
    expect(alerts.belowReorderLevel).toContainEqual(
      expect.objectContaining({ variantId: v.id, stock: 3, reorderLevel: 5 }),
    );
    // The owner's daily message says the same.
    const before = (await t.database.db.select().from(outboxMessages)).length;
    await t.app.services.jobHandlers[STOCK_ALERTS_JOB]!({}, {} as never);
    const sent = (await t.database.db.select().from(outboxMessages)).slice(before);
    expect(JSON.stringify(sent)).toContain('batch KM-NEAR: 3 on hand');
  });
});

describe('the last units of two batches', () => {
  it('never oversell to 50 shoppers racing, and packing draws the earlier batch first', async () => {
    const v = await emptyShelf('chole-masala');
    await receive(v.id, 'RACE-A', 200, dayFromNow(120));
    const shoppers = [];
    for (let i = 0; i < 50; i++) shoppers.push(await shopperWith(v.productId, v.weight, 1));
    // The last units: 3 in an early batch, 4 in a later one.
    await asAdmin('POST', `/api/admin/variants/${v.id}/batches/RACE-A/adjustments`, {
      change: -197,
      reason: 'counted short',
    });
    await receive(v.id, 'RACE-B', 4, dayFromNow(300));
    expect((await variantRow(v.id)).stock).toBe(7);
    const answers = await Promise.all(shoppers.map(({ s, addressId }) => createPaymentOrder(s, addressId)));
    const codes = answers.map((r) => r.statusCode);
    expect(
      codes.every((c) => c === 200 || c === 409),
      JSON.stringify(codes),
    ).toBe(true);
    expect(codes.filter((c) => c === 200)).toHaveLength(7);
    expect(await variantRow(v.id)).toEqual({ stock: 0, reserved: 7 });
    const orderNumbers: string[] = [];
    for (const [i, c] of codes.entries()) {
      if (c !== 200) continue;
      const { placed } = await payAndPlace(shoppers[i]!.s, answers[i]!.json().orderId);
      expect(placed.statusCode, placed.body).toBe(200);
      orderNumbers.push(placed.json().orderNumber);
    }
    for (const orderNumber of orderNumbers) await packed(orderNumber);
    const list = await batchesOf(v.id);
    expect(list.map((b) => [b.batchNumber, b.sold, b.onHand])).toEqual([
      ['RACE-A', 3, 0],
      ['RACE-B', 4, 0],
    ]);
    expect(await variantRow(v.id)).toEqual({ stock: 0, reserved: 0 });
  }, 240_000);
});

describe('a recall', () => {
  async function buyAs(
    shopper: { s: Awaited<ReturnType<typeof signUp>>; addressId: number },
    v: { productId: number; weight: string },
    quantity: number,
  ) {
    await addToCart(shopper.s, v.productId, v.weight, quantity);
    const created = await createPaymentOrder(shopper.s, shopper.addressId);
    expect(created.statusCode, created.body).toBe(200);
    const { placed } = await payAndPlace(shopper.s, created.json().orderId);
    expect(placed.statusCode, placed.body).toBe(200);
    return placed.json().orderNumber as string;
  }
  async function shipped(orderNumber: string, awb: string) {
    await packed(orderNumber);
    const res = await moveTo(orderNumber, 'SHIPPED', { trackingId: awb, courier: 'other' });
    expect(res.statusCode, res.body).toBe(200);
  }

  it('stops the batch’s sale, finds exactly the orders that got it, and tells each shopper once', async () => {
    const v = await emptyShelf('tea-masala');
    await receive(v.id, 'TM-A', 4, dayFromNow(100));
    await receive(v.id, 'TM-B', 10, dayFromNow(300));
    const people = [];
    for (let i = 0; i < 4; i++) {
      const s = await signUp(t.app, nextMobile());
      people.push({ s, addressId: await addAddress(s) });
    }
    const o1 = await buyAs(people[0]!, v, 2); // TM-A 2
    await shipped(o1, 'RC-AWB-1');
    const o2 = await buyAs(people[0]!, v, 1); // TM-A 1
    await shipped(o2, 'RC-AWB-2');
    const o3 = await buyAs(people[1]!, v, 2); // TM-A 1, TM-B 1
    await shipped(o3, 'RC-AWB-3');
    const o4 = await buyAs(people[2]!, v, 2); // TM-B 2
    await shipped(o4, 'RC-AWB-4');
    const o5 = await buyAs(people[3]!, v, 1); // TM-B 1, packed only
    await packed(o5);
    // A recount finds 2 more of TM-A on the shelf.
    const found = await asAdmin('POST', `/api/admin/variants/${v.id}/batches/TM-A/adjustments`, {
      change: 2,
      reason: 'recount',
    });
    expect(found.statusCode, found.body).toBe(200);
    expect((await variantRow(v.id)).stock).toBe(2 + 6);

    const started = await asAdmin('POST', '/api/admin/recalls', {
      variantId: v.id,
      batchNumbers: ['TM-A'],
      reason: 'Ethylene oxide residue above the limit',
      action: 'BOTH',
    });
    expect(started.statusCode, started.body).toBe(201);
    const recall = started.json();
    expect(recall.recallNumber).toMatch(/^RC-\d+$/);
    expect(recall.affectedShoppers).toBe(2);
    expect(
      recall.affectedOrders
        .map((o: { orderNumber: string; quantity: number }) => [o.orderNumber, o.quantity])
        .sort(),
    ).toEqual(
      [
        [o1, 2],
        [o2, 1],
        [o3, 1],
      ].sort(),
    );
    expect(recall.batches).toEqual([
      expect.objectContaining({ batchNumber: 'TM-A', received: 4, sold: 4, inStock: 2 }),
    ]);
    // Its 2 units left stop being sellable at once.
    expect((await variantRow(v.id)).stock).toBe(6);
    expect((await batchesOf(v.id)).find((b) => b.batchNumber === 'TM-A')).toMatchObject({
      sellable: false,
      recalled: true,
    });
    const again = await asAdmin('GET', `/api/admin/recalls/${recall.recallNumber}`);
    expect(again.json()).toEqual(recall);
    const csv = await asAdmin('GET', `/api/admin/recalls/${recall.recallNumber}/report.csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    for (const n of [o1, o2, o3]) expect(csv.body).toContain(n);
    expect(csv.body).not.toContain(o4);
    // One message job per shopper (the first shopper had two affected orders).
    const queued = await t.database.db.select().from(jobs).where(eq(jobs.name, RECALL_MESSAGE_JOB));
    expect(queued).toHaveLength(2);
    const before = (await t.database.db.select().from(outboxMessages)).length;
    for (const job of queued)
      await t.app.services.jobHandlers[RECALL_MESSAGE_JOB]!(
        job.payload as Record<string, unknown>,
        job as never,
      );
    const sent = (await t.database.db.select().from(outboxMessages)).slice(before);
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(sent.map((m) => JSON.stringify(m)).join(' ')).toContain('Ethylene oxide residue above the limit');
    // A recalled batch cannot be recalled twice.
    const twice = await asAdmin('POST', '/api/admin/recalls', {
      variantId: v.id,
      batchNumbers: ['TM-A'],
      reason: 'again',
      action: 'REFUND',
    });
    expect(twice.statusCode).toBe(409);
    // The shopper asks for a refund from the link.
    const asked = await people[1]!.s.request({
      method: 'POST',
      url: `/api/recalls/${recall.recallNumber}/requests`,
      payload: { orderNumber: o3, choice: 'REFUND' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const stranger = await people[2]!.s.request({
      method: 'POST',
      url: `/api/recalls/${recall.recallNumber}/requests`,
      payload: { orderNumber: o3, choice: 'REFUND' },
    });
    expect(stranger.statusCode).toBe(404);
  }, 180_000);
});
