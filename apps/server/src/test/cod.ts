// Helpers for cash on delivery tests: a shopper with a COD order placed through the real API, and
// the back office moving it along the transition table.
import { AdminOrderDetail } from '@spice/shared/contracts/admin';
import { ProductList } from '@spice/shared/contracts/catalog';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { productVariants } from '../modules/catalog/schema.ts';
import { DEMO_ADMIN } from '../seed/demo-seed.ts';
import type { TestApp } from './app.ts';
import { addAddress, addToCart } from './commerce.ts';
import { type Shopper, signUp } from './shoppers.ts';

export function codHelpers(t: () => TestApp, adminCookie: () => string) {
  let n = 0;
  const nextMobile = () => `6${String(300000000 + n++).slice(-9)}`;

  async function garamMasala() {
    const list = ProductList.parse((await t().app.inject('/api/products')).json());
    const garam = list.find((p) => p.slug === 'garam-masala')!;
    return { id: garam.id, variant: garam.variants[0]! };
  }

  /**
   * A new shopper with `quantity` garam masala bought cash on delivery: the order number and total.
   * The demo shop asks COD shoppers to confirm (issue 34): the order is confirmed by phone, as the
   * owner does after calling, unless `awaitConfirmation` leaves it waiting for the shopper.
   */
  async function placedCodOrder(quantity = 2, s?: Shopper, options: { awaitConfirmation?: boolean } = {}) {
    const garam = await garamMasala();
    // Enough garam masala for any test, received as the owner would (stock is batches, issue 39:
    // a number written over the column would not survive the batches' next count).
    const [row] = await t()
      .database.db.select({ stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.id, garam.variant.id));
    if (row!.stock < 500) {
      const owner = await t().app.services.accounts.findByMobile(DEMO_ADMIN.mobile);
      await t().app.services.stock.adjust(owner!, garam.variant.id, {
        change: 500 - row!.stock,
        reason: 'Test stock',
      });
    }
    const shopper = s ?? (await signUp(t().app, nextMobile()));
    const addressId = await addAddress(shopper);
    await addToCart(shopper, garam.id, garam.variant.weight, quantity);
    const place = (amount: number) =>
      shopper.request({ method: 'POST', url: '/api/orders/place-cod', payload: { addressId, amount } });
    const probe = await place(0);
    expect(probe.statusCode, probe.body).toBe(409);
    const res = await place(probe.json().amount);
    expect(res.statusCode, res.body).toBe(201);
    if (!options.awaitConfirmation) await confirmByPhone(res.json().orderNumber);
    return { s: shopper, orderNumber: res.json().orderNumber as string, amount: res.json().amount as number };
  }

  const asAdmin = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t().app.inject({ method, url, payload, headers: { cookie: adminCookie() } });

  /** 'Confirmed by phone' (issue 34): a COD order the shop asked to confirm may then move on. */
  async function confirmByPhone(orderNumber: string) {
    const res = await asAdmin('POST', `/api/admin/orders/${orderNumber}/cod-confirmation`);
    expect([200, 409], res.body).toContain(res.statusCode);
  }

  async function moveTo(orderNumber: string, status: string, trackingId?: string) {
    const { version } = AdminOrderDetail.parse(
      (await asAdmin('GET', `/api/admin/orders/${orderNumber}`)).json(),
    );
    return asAdmin('PUT', `/api/admin/orders/${orderNumber}/status`, { status, version, trackingId });
  }

  /** Moves an order through the statuses, each change expected to succeed. */
  async function walk(orderNumber: string, statuses: string[]) {
    for (const status of statuses) {
      const res = await moveTo(orderNumber, status, status === 'SHIPPED' ? `AWB${orderNumber}` : undefined);
      expect(res.statusCode, res.body).toBe(200);
    }
  }

  return { nextMobile, placedCodOrder, asAdmin, confirmByPhone, moveTo, walk };
}
