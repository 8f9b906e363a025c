// The real app on PGlite on a worker thread, as the server runs it (decision 0025; the other test
// files keep PGlite in their own thread): a purchase end to end, errors the app maps by their
// database code (a unique violation at signup, a foreign key at address deletion), a transaction
// rolled back, and the data directory dumped and opened again. PGlite only.
import { ProductList } from '@spice/shared/contracts/catalog';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses } from '../modules/accounts/schema.ts';
import { productVariants } from '../modules/catalog/schema.ts';
import { orders } from '../modules/orders/schema.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { addAddress, addToCart, createPaymentOrder, payAndPlace } from '../test/commerce.ts';
import { type Shopper, signUp } from '../test/shoppers.ts';
import { openDatabase } from './client.ts';
import { PGliteOnWorker } from './pglite-worker.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(onPostgres)('the app on PGlite on a worker thread', () => {
  let t: TestApp;
  let asha: Shopper;
  let address: number;
  let garam: { id: number; variants: { id: number; weight: string; stock: number }[] };

  async function stockOf(variantId: number) {
    const [v] = await t.database.db.select().from(productVariants).where(eq(productVariants.id, variantId));
    return v!.stock;
  }

  beforeAll(async () => {
    t = await createTestApp({ pgliteWorker: true, env: { OTP_SENDS_PER_IP_PER_HOUR: '100000' } });
    // It is the worker's client under Drizzle, not PGlite in this thread.
    expect((t.database.db as unknown as { $client: unknown }).$client).toBeInstanceOf(PGliteOnWorker);
    garam = ProductList.parse((await t.app.inject('/api/products')).json()).find(
      (p) => p.slug === 'garam-masala',
    )!;
    asha = await signUp(t.app, '8200000001');
    address = await addAddress(asha);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('takes a purchase from cart to placed order, taking the stock', async () => {
    const v = garam.variants[0]!;
    const before = await stockOf(v.id);
    await addToCart(asha, garam.id, v.weight, 2);
    const created = await createPaymentOrder(asha, address);
    expect(created.statusCode, created.body).toBe(200);
    const { placed } = await payAndPlace(asha, created.json().orderId);
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().orderNumber).toMatch(/^KC\d{6}-[A-Z0-9]{6}$/);
    expect(await stockOf(v.id)).toBe(before - 2);
    const list = (await asha.request({ url: `/api/orders/customer/${asha.mobile}` })).json();
    expect(list.map((o: { orderNumber: string }) => o.orderNumber)).toContain(placed.json().orderNumber);
  });

  it('maps a unique violation (a second account for one mobile) by its code, and carries a foreign key’s fields', async () => {
    const input = { firstName: 'Ravi', lastName: 'Iyer', mobile: '8200000002', email: 'ravi@example.in' };
    const session = { verifiedMobile: input.mobile, userId: null, validatedEmail: input.email };
    await t.app.services.accounts.signUp(session, input);
    // The e-mail check passes (same mobile), so the insert itself meets the unique mobile: 23505.
    await expect(t.app.services.accounts.signUp(session, input)).rejects.toMatchObject({
      statusCode: 409,
      message: 'An account already exists for this mobile. Please log in.',
    });
    // Deleting the address the order used meets orders' ON DELETE RESTRICT: the database error
    // arrives with its code, constraint and detail, and the service answers its 409 by that code.
    const restricted = await t.database.db
      .delete(addresses)
      .where(eq(addresses.id, address))
      .catch((error: { cause?: unknown }) => error.cause);
    await expect(t.app.services.accounts.deleteAddress(asha.id, address)).rejects.toMatchObject({
      statusCode: 409,
      message: 'This address is linked to existing orders and cannot be deleted.',
    });
    expect(restricted).toMatchObject({
      code: '23001',
      constraint: 'orders_address_id_addresses_id_fk',
      table: 'orders',
      detail: `Key (id)=(${address}) is referenced from table "orders".`,
    });
  });

  it('rolls a failed transaction back, and a statement from outside sees only what was committed', async () => {
    const v = garam.variants[0]!;
    const before = await stockOf(v.id);
    const boom = new Error('boom');
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.update(productVariants).set({ stock: 0 }).where(eq(productVariants.id, v.id));
        expect((await tx.select().from(productVariants).where(eq(productVariants.id, v.id)))[0]!.stock).toBe(
          0,
        );
        throw boom;
      }),
    ).rejects.toBe(boom);
    expect(await stockOf(v.id)).toBe(before);
    // The stock check constraint, raised inside a transaction, rolls back the statements before it.
    const failed = await t.database.db
      .transaction(async (tx) => {
        await tx.update(productVariants).set({ stock: 1 }).where(eq(productVariants.id, v.id));
        await tx.update(productVariants).set({ stock: -1 }).where(eq(productVariants.id, v.id));
      })
      .catch((error: { cause?: { code?: string; constraint?: string } }) => error.cause);
    expect(failed).toMatchObject({ code: '23514', constraint: 'product_variants_stock_non_negative' });
    expect(await stockOf(v.id)).toBe(before);
  });

  it('dumps its data directory, which opens again (on a worker) with the order in it', async () => {
    const tar = await t.database.dumpDataDir!();
    const copy = await openDatabase('memory://', { worker: true, loadDataDir: tar });
    try {
      const [mine, theirs] = await Promise.all([
        t.database.db.select({ n: orders.orderNumber }).from(orders).orderBy(orders.id),
        copy.db.select({ n: orders.orderNumber }).from(orders).orderBy(orders.id),
      ]);
      expect(theirs).toEqual(mine);
      expect(theirs.length).toBeGreaterThan(0);
    } finally {
      await copy.close();
    }
  });
});
