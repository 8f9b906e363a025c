// RTO risk through the real placement (issue 34): each COD order carries its level and reasons
// (back-office order and list), and with 'require prepaid for HIGH' on, a HIGH order is refused
// cash on delivery with the checkout's text, while others still place.
import { AdminCheckoutSettings, AdminOrderDetail, AdminOrderPage } from '@spice/shared/contracts/admin';
import { formatRupees } from '@spice/shared/money';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../seed/demo-seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { codHelpers } from '../../test/cod.ts';
import { addAddress, addToCart } from '../../test/commerce.ts';
import { verifyMobile } from '../../test/shoppers.ts';
import { orders } from './schema.ts';

let t: TestApp;
let adminCookie: string;
const cod = codHelpers(
  () => t,
  () => adminCookie,
);

beforeAll(async () => {
  t = await createTestApp({ env: { OTP_SENDS_PER_IP_PER_HOUR: '100000' } });
  adminCookie = (await verifyMobile(t.app, DEMO_ADMIN.mobile)).cookie;
}, 60_000);
afterAll(async () => {
  await t.close();
});

const riskOf = async (orderNumber: string) =>
  AdminOrderDetail.parse((await cod.asAdmin('GET', `/api/admin/orders/${orderNumber}`)).json()).rtoRisk;

async function setRequirePrepaid(on: boolean) {
  const now = AdminCheckoutSettings.parse((await cod.asAdmin('GET', '/api/admin/checkout-settings')).json());
  const res = await cod.asAdmin('PUT', '/api/admin/checkout-settings', {
    platformFee: now.platformFee,
    milestones: now.milestones,
    rtoRisk: { ...now.rtoRisk, requirePrepaidForHigh: on },
    version: now.version,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(AdminCheckoutSettings.parse(res.json()).rtoRisk.requirePrepaidForHigh).toBe(on);
}

describe('RTO risk at COD placement', () => {
  it('is off by default and stores each order’s level and reasons for the back office', async () => {
    const settings = AdminCheckoutSettings.parse(
      (await cod.asAdmin('GET', '/api/admin/checkout-settings')).json(),
    );
    expect(settings.rtoRisk).toEqual({
      requirePrepaidForHigh: false,
      areaRtoPercent: 30,
      minAddressLength: 25,
    });

    const first = await cod.placedCodOrder(1);
    expect(await riskOf(first.orderNumber)).toEqual({ level: 'MEDIUM', reasons: ['FIRST_COD_ORDER'] });
    const list = AdminOrderPage.parse(
      (await cod.asAdmin('GET', `/api/admin/orders?q=${first.orderNumber}`)).json(),
    );
    expect(list.content[0]?.rtoRisk).toEqual({ level: 'MEDIUM', reasons: ['FIRST_COD_ORDER'] });

    // The same shopper after a parcel came back: HIGH, still placed while the setting is off.
    await t.database.db
      .update(orders)
      .set({ status: 'RTO' })
      .where(eq(orders.orderNumber, first.orderNumber));
    const second = await cod.placedCodOrder(1, first.s);
    expect(await riskOf(second.orderNumber)).toEqual({ level: 'HIGH', reasons: ['PAST_RTO'] });
  });

  it('refuses cash on delivery for a HIGH order when the shop requires prepaid, with the saving', async () => {
    const earlier = await cod.placedCodOrder(1);
    await t.database.db
      .update(orders)
      .set({ status: 'RTO' })
      .where(eq(orders.orderNumber, earlier.orderNumber));
    await setRequirePrepaid(true);
    try {
      const garam = (await t.app.inject('/api/products'))
        .json()
        .find((p: { slug: string }) => p.slug === 'garam-masala');
      const addressId = await addAddress(earlier.s);
      await addToCart(earlier.s, garam.id, garam.variants[0].weight, 1);
      const place = (amount: number) =>
        earlier.s.request({ method: 'POST', url: '/api/orders/place-cod', payload: { addressId, amount } });
      // The checkout learns it when the address is chosen, before pressing place.
      const known = await earlier.s.request({ url: `/api/orders/cod-risk?addressId=${addressId}` });
      expect(known.statusCode, known.body).toBe(200);
      expect(known.json()).toMatchObject({ prepaidRequired: true, saving: expect.any(Number) });
      expect(known.json().message).toBe(
        `Cash on delivery is not available for this order. Pay online and save ${formatRupees(Math.round(known.json().saving * 100))}.`,
      );
      expect(Object.keys(known.json()).sort()).toEqual(['message', 'prepaidRequired', 'saving']);
      const probe = await place(0);
      expect(probe.statusCode).toBe(409);
      const before = (await t.database.db.select({ id: orders.id }).from(orders)).length;
      const refused = await place(probe.json().amount);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().message).toMatch(
        /^Cash on delivery is not available for this order\. Pay online and save ₹\d[\d,]*(\.\d\d)?\.$/,
      );
      expect(refused.json().prepaidRequired).toBe(true);
      expect(refused.json().message).toBe(known.json().message);
      // Nothing was placed; a shopper without that record still pays on delivery.
      expect((await t.database.db.select({ id: orders.id }).from(orders)).length).toBe(before);
      const other = await cod.placedCodOrder(1);
      expect((await riskOf(other.orderNumber))?.level).toBe('MEDIUM');
      const otherAddress = await addAddress(other.s);
      await addToCart(other.s, garam.id, garam.variants[0].weight, 1);
      const fine = await other.s.request({ url: `/api/orders/cod-risk?addressId=${otherAddress}` });
      expect(fine.json()).toEqual({ prepaidRequired: false, saving: expect.any(Number), message: null });
      // Someone else's address: 404; signed out: 401.
      expect((await other.s.request({ url: `/api/orders/cod-risk?addressId=${addressId}` })).statusCode).toBe(
        404,
      );
      expect((await t.app.inject({ url: `/api/orders/cod-risk?addressId=${addressId}` })).statusCode).toBe(
        401,
      );
    } finally {
      await setRequirePrepaid(false);
    }
  });
});
