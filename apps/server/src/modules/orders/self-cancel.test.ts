// A shopper cancelling their own order (issue 32): before packing it is the owner's cancel (stock
// back, a paid order refunded), after it 409 with where to turn; nobody else's order is found.
import { ProductList } from '@spice/shared/contracts/catalog';
import { OrderDetail } from '@spice/shared/contracts/commerce';
import { SELF_CANCEL_MESSAGES } from '@spice/shared/self-cancel';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../seed/demo-seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addAddress, addToCart, createPaymentOrder, payAndPlace } from '../../test/commerce.ts';
import { type Shopper, signUp, verifyMobile } from '../../test/shoppers.ts';
import { auditLog } from '../admin/schema.ts';
import { productVariants } from '../catalog/schema.ts';

let t: TestApp;
let garam: { id: number; variants: { id: number; weight: string }[] };
let adminCookie: string;
let n = 0;
const nextMobile = () => `7${String(310000000 + n++).slice(-9)}`;

beforeAll(async () => {
  t = await createTestApp({ env: { OTP_SENDS_PER_IP_PER_HOUR: '100000' } });
  garam = ProductList.parse((await t.app.inject('/api/products')).json()).find(
    (p) => p.slug === 'garam-masala',
  )!;
  adminCookie = (await verifyMobile(t.app, DEMO_ADMIN.mobile)).cookie;
}, 60_000);
afterAll(async () => {
  await t.close();
});

async function paidOrder(): Promise<{ s: Shopper; orderNumber: string }> {
  const s = await signUp(t.app, nextMobile());
  const addressId = await addAddress(s);
  await addToCart(s, garam.id, garam.variants[0]!.weight, 2);
  const created = await createPaymentOrder(s, addressId);
  expect(created.statusCode, created.body).toBe(200);
  const { placed } = await payAndPlace(s, created.json().orderId);
  expect(placed.statusCode, placed.body).toBe(200);
  return { s, orderNumber: placed.json().orderNumber };
}

const cancel = (s: Shopper, orderNumber: string, reason: unknown = 'Ordered by mistake', lang?: string) =>
  s.request({
    method: 'POST',
    url: `/api/orders/${orderNumber}/cancel`,
    payload: { reason },
    headers: lang ? { 'accept-language': lang } : {},
  });

async function stockOf(variantId: number) {
  const [v] = await t.database.db.select().from(productVariants).where(eq(productVariants.id, variantId));
  return v!.stock;
}

async function moveTo(orderNumber: string, statuses: string[]) {
  for (const status of statuses) {
    const detail = await t.app.inject({
      url: `/api/admin/orders/${orderNumber}`,
      headers: { cookie: adminCookie },
    });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/orders/${orderNumber}/status`,
      payload: { status, version: detail.json().version },
      headers: { cookie: adminCookie },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}

describe('POST /api/orders/{orderNumber}/cancel', () => {
  it('cancels a paid order before packing: the order detail, cancelled, with its full refund started and the stock back', async () => {
    const { s, orderNumber } = await paidOrder();
    await moveTo(orderNumber, ['CONFIRMED']);
    const stock = await stockOf(garam.variants[0]!.id);
    const res = await cancel(s, orderNumber);
    expect(res.statusCode, res.body).toBe(200);
    const order = OrderDetail.parse(res.json());
    expect(order.orderStatus).toBe('CANCELLED');
    expect(order.refunds).toHaveLength(1);
    expect(order.refunds[0]!.amount).toBe(order.priceDetails.finalAmount);
    expect(order.statusHistory.map((h) => h.status)).toEqual(['PLACED', 'CONFIRMED', 'CANCELLED']);
    expect(await stockOf(garam.variants[0]!.id)).toBe(stock + 2);
    // The owner sees who cancelled and why.
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, orderNumber));
    expect(entries.at(-1)).toMatchObject({
      actorUserId: s.id,
      after: expect.objectContaining({
        status: 'CANCELLED',
        cancelledBy: 'shopper',
        reason: 'Ordered by mistake',
      }),
    });
    // Twice is refused, nothing refunded twice.
    const again = await cancel(s, orderNumber);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SELF_CANCEL_MESSAGES.cancelled);
  });

  it('refuses once the order is packed, in the shopper’s language', async () => {
    const { s, orderNumber } = await paidOrder();
    await moveTo(orderNumber, ['CONFIRMED', 'PACKED']);
    const res = await cancel(s, orderNumber);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'This order has been packed and can no longer be cancelled here. Please contact us.',
    );
    const hi = await cancel(s, orderNumber, 'गलती से', 'hi');
    expect(hi.statusCode).toBe(409);
    expect(hi.json().message).toBe('यह ऑर्डर पैक हो चुका है, इसलिए अब यहाँ से रद्द नहीं हो सकता। कृपया हमसे संपर्क करें।');
  });

  it('answers 404 for another shopper’s order and 401 without a session, changing nothing', async () => {
    const { s, orderNumber } = await paidOrder();
    const other = await signUp(t.app, nextMobile());
    const res = await cancel(other, orderNumber);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(s.mobile);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderNumber}/cancel`,
      payload: { reason: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
    const mine = OrderDetail.parse((await s.request({ url: `/api/orders/${orderNumber}` })).json());
    expect(mine.orderStatus).toBe('PLACED');
  });

  it('asks for a reason', async () => {
    const { s, orderNumber } = await paidOrder();
    const res = await cancel(s, orderNumber, '   ');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SELF_CANCEL_MESSAGES.reason);
  });
});
