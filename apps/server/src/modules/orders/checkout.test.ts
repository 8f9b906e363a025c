import { createHmac } from 'node:crypto';
import { ProductList } from '@spice/shared/contracts/catalog';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAppSecret } from '../../lib/app-secrets.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  addAddress,
  addToCart,
  createPaymentOrder,
  levelsSent,
  payAndPlace,
  placementPayload,
  stamped,
} from '../../test/commerce.ts';
import { type Shopper, signUp } from '../../test/shoppers.ts';
import { productVariants } from '../catalog/schema.ts';
import type { StockLevel } from '../catalog/service.ts';
import { coupons } from '../coupons/schema.ts';
import { checkouts, orders } from './schema.ts';

let t: TestApp;
let garam: {
  id: number;
  variants: { id: number; weight: string; price: number; mrp: number; stock: number }[];
};
let asha: Shopper;
let ashaAddress: number;
let n = 0;
const nextMobile = () => `8${String(100000000 + n++).slice(-9)}`;

async function setStock(variantId: number, stock: number) {
  await t.database.db.update(productVariants).set({ stock }).where(eq(productVariants.id, variantId));
  t.app.services.catalog.invalidate();
}
async function stockOf(variantId: number) {
  const [v] = await t.database.db.select().from(productVariants).where(eq(productVariants.id, variantId));
  return v!.stock;
}

beforeAll(async () => {
  t = await createTestApp({ env: { OTP_SENDS_PER_IP_PER_HOUR: '100000' } });
  const list = ProductList.parse((await t.app.inject('/api/products')).json());
  garam = list.find((p) => p.slug === 'garam-masala')!;
  asha = await signUp(t.app, nextMobile());
  ashaAddress = await addAddress(asha);
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('cart', () => {
  it('prices lines from the catalogue, ignoring the price sent, and grows an existing line', async () => {
    const v = garam.variants[0]!;
    const res = await asha.request({
      method: 'POST',
      url: '/api/cart',
      payload: {
        productId: garam.id,
        variant: { weight: v.weight },
        quantity: 1,
        price: 1,
        mrp: 1,
        productName: 'Cheap',
        phoneNumber: asha.mobile,
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual([
      expect.objectContaining({
        productId: garam.id,
        variant: v.weight,
        price: v.price,
        mrp: v.mrp,
        quantity: 1,
        productName: 'Garam Masala',
        phoneNumber: `+91${asha.mobile}`,
      }),
    ]);
    const again = await addToCart(asha, garam.id, v.weight, 2);
    expect(again).toHaveLength(1);
    expect(again[0].quantity).toBe(3);
  });

  it.each([
    [{ productId: 999999, variant: '50g' }, 'This product is not available.'],
    [{ productId: 'GARAM', variant: '50g' }, null],
    [{ variant: '50g' }, null],
    [{ productId: 0, variant: '50g' }, null],
    [{ productId: -1, variant: '50g' }, null],
  ])('refuses an unknown or missing product %o', async (payload, message) => {
    const res = await asha.request({ method: 'POST', url: '/api/cart', payload });
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().message).toBe(message);
  });

  it('refuses a missing or unknown variant, and a quantity below 1 or above stock', async () => {
    const post = (payload: object) =>
      asha.request({ method: 'POST', url: '/api/cart', payload: { productId: garam.id, ...payload } });
    expect((await post({})).json().message).toBe('Please choose a weight.');
    expect((await post({ variant: '7kg' })).json().message).toBe(
      'This weight is not available for this product.',
    );
    expect((await post({ variant: garam.variants[1]!.weight, quantity: 0 })).json().message).toBe(
      'Quantity must be at least 1.',
    );
    const big = await post({ variant: garam.variants[1]!.weight, quantity: 100000 });
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toMatch(/^Only \d+ left of Garam Masala/);
    const soldOut = garam.variants.find((v) => v.stock === 0)!;
    expect((await post({ variant: soldOut.weight })).json().message).toMatch(/out of stock/);
  });

  it('answers the whole cart after an add, as reading the cart shows it', async () => {
    const shopper = await signUp(t.app, nextMobile());
    const [small, large] = garam.variants.filter((v) => v.stock > 2);
    await addToCart(shopper, garam.id, small!.weight, 1);
    await addToCart(shopper, garam.id, large!.weight, 1);
    const grown = await addToCart(shopper, garam.id, small!.weight, 1);
    expect(grown.map((l: { variant: string; quantity: number }) => [l.variant, l.quantity])).toEqual([
      [small!.weight, 2],
      [large!.weight, 1],
    ]);
    expect((await shopper.request({ url: `/api/cart/user/${shopper.mobile}` })).json()).toEqual(grown);
  });

  it('refuses to grow a line past stock and keeps it as it was', async () => {
    const v = garam.variants[0]!;
    const before = await stockOf(v.id);
    await setStock(v.id, 5);
    const shopper = await signUp(t.app, nextMobile());
    expect((await addToCart(shopper, garam.id, v.weight, 4))[0].quantity).toBe(4);
    const over = await shopper.request({
      method: 'POST',
      url: '/api/cart',
      payload: { productId: garam.id, variant: v.weight, quantity: 2 },
    });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      message: `Only 5 left of Garam Masala ${v.weight}.`,
      errors: { quantity: 'Only 5 left.' },
    });
    expect((await addToCart(shopper, garam.id, v.weight, 1))[0].quantity).toBe(5);
    await setStock(v.id, before);
  });

  it('changes a quantity within stock and removes a line', async () => {
    const [line] = (await asha.request({ url: `/api/cart/user/${asha.mobile}` })).json();
    const up = await asha.request({ method: 'PUT', url: `/api/cart/quantity/${line.id}?quantity=2` });
    expect(up.statusCode).toBe(200);
    expect(up.json()[0].quantity).toBe(2);
    expect(
      (await asha.request({ method: 'PUT', url: `/api/cart/quantity/${line.id}?quantity=0` })).statusCode,
    ).toBe(400);
    expect(
      (await asha.request({ method: 'PUT', url: `/api/cart/quantity/${line.id}?quantity=abc` })).statusCode,
    ).toBe(400);
    const del = await asha.request({ method: 'DELETE', url: `/api/cart/${line.id}` });
    expect(del.json()).toEqual([]);
  });

  it('every cart endpoint: nobody 401, another shopper 403/404, the owner succeeds', async () => {
    const line = (await addToCart(asha, garam.id, garam.variants[0]!.weight))[0];
    const ravi = await signUp(t.app, nextMobile());
    const calls = [
      { method: 'GET', url: `/api/cart/user/${asha.mobile}` },
      {
        method: 'POST',
        url: '/api/cart',
        payload: { productId: garam.id, variant: garam.variants[0]!.weight, phoneNumber: asha.mobile },
      },
      { method: 'PUT', url: `/api/cart/quantity/${line.id}?quantity=2` },
      { method: 'DELETE', url: `/api/cart/${line.id}` },
      { method: 'GET', url: `/api/orders/customer/${asha.mobile}` },
    ] as const;
    const before = (await asha.request({ url: `/api/cart/user/${asha.mobile}` })).json();
    for (const call of calls) {
      expect((await t.app.inject({ ...call })).statusCode, `${call.method} ${call.url} as nobody`).toBe(401);
      expect([403, 404], `${call.method} ${call.url} as another shopper`).toContain(
        (await ravi.request({ ...call })).statusCode,
      );
    }
    expect((await asha.request({ url: `/api/cart/user/${asha.mobile}` })).json()).toEqual(before);
    for (const call of calls)
      expect(
        (await asha.request({ ...call })).statusCode,
        `${call.method} ${call.url} as owner`,
      ).toBeLessThan(300);
  });
});

describe('coupons', () => {
  const validate = (code: string, cartAmount: number) =>
    asha.request({ method: 'POST', url: '/api/coupons/validate', payload: { code, cartAmount } });

  it('trims and upper-cases the code and gives the discount in rupees', async () => {
    const res = await validate('  welcome10 ', 450.5);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 'WELCOME10', discountAmount: 45 }); // ₹45.05, whole rupees
  });

  it('refuses unknown, expired and too-small carts with a reason', async () => {
    expect((await validate('NOPE', 500)).json().message).toBe('Invalid or expired coupon.');
    expect((await validate('FESTIVE20', 500)).json().message).toBe('Invalid or expired coupon.');
    const small = await validate('FLAT50', 300);
    expect(small.statusCode).toBe(400);
    expect(small.json().message).toBe('Add ₹199 more to use this coupon.');
    expect((await validate('FLAT50', 0)).statusCode).toBe(400);
  });
});

describe('checkout and payment', () => {
  it('refuses an amount that differs from the server total, answering the current total', async () => {
    await addToCart(asha, garam.id, garam.variants[1]!.weight, 2);
    const res = await asha.request({
      method: 'POST',
      url: '/api/payment/create-razorpay-order',
      payload: { amount: 100, addressId: ashaAddress },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().amount).toEqual(expect.any(Number));
    expect(res.json().amount).not.toBe(100);
  });

  it('refuses another shopper’s address', async () => {
    const ravi = await signUp(t.app, nextMobile());
    const raviAddress = await addAddress(ravi);
    const res = await asha.request({
      method: 'POST',
      url: '/api/payment/create-razorpay-order',
      payload: { amount: 100, addressId: raviAddress },
    });
    expect(res.statusCode).toBe(404);
  });

  it('holds stock, places the order once per payment, empties the cart and ignores tampered totals', async () => {
    const s = await signUp(t.app, nextMobile());
    const address = await addAddress(s);
    const v = garam.variants[1]!;
    await setStock(v.id, 10);
    await addToCart(s, garam.id, v.weight, 3);
    const created = await createPaymentOrder(s, address);
    expect(created.statusCode, created.body).toBe(200);
    const body = created.json();
    expect(body).toMatchObject({
      currency: 'INR',
      provider: 'simulated',
      keyId: expect.any(String),
      orderId: expect.stringMatching(/^order_/),
    });
    // 3 × price, delivery by milestone, platform fee: all in paise, computed by the server.
    const settings = (await t.app.inject('/api/config/checkout-settings')).json();
    const subtotal = Math.round(v.price * 100) * 3;
    const delivery = subtotal >= 49_900 ? 0 : subtotal >= 29_900 ? 4900 : 9000;
    expect(body.amount).toBe(subtotal + delivery + Math.round(settings.platformFee * 100));
    expect(await stockOf(v.id)).toBe(7);
    // The catalogue shows the stock the checkout left at once (applied, not reloaded).
    const shown = ProductList.parse((await t.app.inject('/api/products')).json());
    expect(shown.find((p) => p.id === garam.id)!.variants.find((x) => x.id === v.id)!.stock).toBe(7);

    const { payment, placed } = await payAndPlace(s, body.orderId);
    expect(placed.statusCode, placed.body).toBe(200);
    const { orderNumber, totalAmount } = placed.json();
    expect(orderNumber).toMatch(/^KC\d{6}-[A-Z0-9]{6}$/);
    expect(totalAmount).toBe(body.amount / 100);
    expect(await stockOf(v.id)).toBe(7);
    expect((await s.request({ url: `/api/cart/user/${s.mobile}` })).json()).toEqual([]);

    const replay = await s.request({
      method: 'POST',
      url: '/api/orders/place',
      payload: placementPayload(payment),
    });
    expect(replay.json().orderNumber).toBe(orderNumber);
    const list = (await s.request({ url: `/api/orders/customer/${s.mobile}` })).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toEqual({
      orderNumber,
      orderStatus: 'PLACED',
      // A paid order asks for no COD confirmation (issue 34).
      codConfirmation: 'NOT_REQUIRED',
      confirmBy: null,
      items: [
        {
          productName: 'Garam Masala',
          variant: v.weight,
          // The catalogue's Hindi at the time of the order, kept on the line.
          productNameHi: 'गरम मसाला',
          variantHi: expect.stringMatching(/ग्राम$/),
          quantity: 3,
          price: v.price,
        },
      ],
      totalAmount: body.amount / 100,
      createdAt: expect.any(String),
      trackingId: null,
      tracking: null,
      paymentMode: 'RAZORPAY',
      paymentStatus: 'PAID',
      invoiceNumber: expect.stringMatching(/^KC\//),
    });
    await t.app.jobWorker.runDue(); // order messages go out by job
    const confirmation = (await t.app.inject(`/api/dev/outbox?to=${encodeURIComponent(s.email)}`)).json();
    expect(confirmation[0].subject).toContain(orderNumber);
  });

  it('refuses a forged signature or another shopper’s payment, creating nothing', async () => {
    const s = await signUp(t.app, nextMobile());
    const address = await addAddress(s);
    await addToCart(s, garam.id, garam.variants[0]!.weight, 1);
    const { orderId } = (await createPaymentOrder(s, address)).json();
    const forged = await s.request({
      method: 'POST',
      url: '/api/orders/place',
      payload: placementPayload({
        razorpayOrderId: orderId,
        razorpayPaymentId: 'pay_x',
        razorpaySignature: 'f'.repeat(64),
      }),
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe('Payment verification failed.');
    const paid = (await s.request({ method: 'POST', url: `/api/payment/simulated/${orderId}/pay` })).json();
    const other = await signUp(t.app, nextMobile());
    expect(
      (await other.request({ method: 'POST', url: '/api/orders/place', payload: placementPayload(paid) }))
        .statusCode,
    ).toBe(404);
    const count = await t.database.db.select().from(orders).where(eq(orders.providerOrderId, orderId));
    expect(count).toHaveLength(0);
  });

  it('shows the later of two checkouts’ stock levels when they are heard in reverse order', async () => {
    const v = garam.variants[1]!;
    await setStock(v.id, 10);
    const { catalog } = t.app.services;
    const heard: StockLevel[][] = [];
    const send = catalog.stockChanged;
    catalog.stockChanged = (levels) => {
      if (levels) heard.push([...levels]);
    };
    try {
      for (const quantity of [1, 2]) {
        const s = await signUp(t.app, nextMobile());
        await addToCart(s, garam.id, v.weight, quantity);
        expect((await createPaymentOrder(s, await addAddress(s))).statusCode).toBe(200);
        // PGlite's clock ticks in milliseconds: the two stamps in different ticks.
        await new Promise((r) => setTimeout(r, 5));
      }
    } finally {
      catalog.stockChanged = send;
    }
    expect(heard.map((levels) => levels.map((l) => l.stock))).toEqual([[9], [7]]);
    expect(heard[0]![0]!.stamp! < heard[1]![0]!.stamp!).toBe(true);

    // Both heard by a catalogue holding its levels (patched, not loaded again), the later first.
    const shownStock = async () =>
      ProductList.parse((await t.app.inject('/api/products')).json())
        .find((p) => p.id === garam.id)!
        .variants.find((x) => x.id === v.id)!.stock;
    expect(await shownStock()).toBe(10);
    catalog.stockChanged(heard[1]);
    catalog.stockChanged(heard[0]);
    expect(await stockOf(v.id)).toBe(7);
    expect(await shownStock()).toBe(7);
  });

  it('returns held stock and coupon uses when an unpaid checkout expires', async () => {
    const s = await signUp(t.app, nextMobile());
    const address = await addAddress(s);
    const v = garam.variants[2]!;
    await setStock(v.id, 4);
    await addToCart(s, garam.id, v.weight, 4);
    const created = await createPaymentOrder(s, address, 'flat50');
    expect(created.statusCode, created.body).toBe(200);
    expect(await stockOf(v.id)).toBe(0);
    const [flat50] = await t.database.db.select().from(coupons).where(eq(coupons.code, 'FLAT50'));
    const released = await t.app.services.orders.releaseExpired(new Date(Date.now() + 16 * 60_000));
    expect(released).toBeGreaterThanOrEqual(1);
    expect(await stockOf(v.id)).toBe(4);
    const [after] = await t.database.db.select().from(coupons).where(eq(coupons.code, 'FLAT50'));
    expect(after!.usedCount).toBe(flat50!.usedCount - 1);
    // Paid after all (the payment arrived late): the order still goes through while stock allows.
    const { answer, sent } = await levelsSent(t.app.services.catalog, () =>
      payAndPlace(s, created.json().orderId),
    );
    expect(answer.placed.statusCode, answer.placed.body).toBe(200);
    expect(await stockOf(v.id)).toBe(0);
    // The levels it took again go to the catalogue.
    expect(sent).toEqual([[stamped(v.id, 0)]]);
  });
});

describe('a dismissed payment window', () => {
  it('gives back its hold when the shopper pays again, so stock and a once-per-shopper coupon are not held twice', async () => {
    const s = await signUp(t.app, nextMobile());
    const address = await addAddress(s);
    const v = garam.variants[1]!;
    await setStock(v.id, 10);
    await addToCart(s, garam.id, v.weight, 3);
    const first = await createPaymentOrder(s, address, 'WELCOME10');
    expect(first.statusCode, first.body).toBe(200);
    expect(await stockOf(v.id)).toBe(7);
    const second = await createPaymentOrder(s, address, 'WELCOME10');
    expect(second.statusCode, second.body).toBe(200);
    expect(await stockOf(v.id)).toBe(7);
    const { placed } = await payAndPlace(s, second.json().orderId);
    expect(placed.statusCode).toBe(200);
  });
});

describe('webhook', () => {
  it('places the order when the browser never came back, once, and refuses a bad signature', async () => {
    const s = await signUp(t.app, nextMobile());
    const address = await addAddress(s);
    await addToCart(s, garam.id, garam.variants[0]!.weight, 1);
    const { orderId } = (await createPaymentOrder(s, address)).json();
    const body = JSON.stringify({
      event: 'payment.captured',
      payload: { payment: { entity: { id: 'pay_hook_1', order_id: orderId, status: 'captured' } } },
    });
    const secret = await loadAppSecret(t.database.db, 'payments-simulated');
    const signature = createHmac('sha256', secret).update(body).digest('hex');
    const send = (sig: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payment/razorpay/webhook',
        payload: body,
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': sig,
          'x-razorpay-event-id': 'evt_1',
        },
      });
    expect((await send('0'.repeat(64))).statusCode).toBe(400);
    const first = await send(signature);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: 'placed' });
    expect((await send(signature)).json()).toEqual({ status: 'duplicate' });
    const list = (await s.request({ url: `/api/orders/customer/${s.mobile}` })).json();
    expect(list).toHaveLength(1);
    const [checkout] = await t.database.db
      .select()
      .from(checkouts)
      .where(eq(checkouts.providerOrderId, orderId));
    expect(checkout!.status).toBe('paid');
  });
});

describe('under concurrency', () => {
  it('50 concurrent checkouts for 5 units sell exactly 5 and stock never goes below 0', async () => {
    const v = garam.variants[0]!;
    await setStock(v.id, 50);
    const shoppers = await Promise.all(Array.from({ length: 50 }, () => signUp(t.app, nextMobile())));
    const withAddress = await Promise.all(shoppers.map(async (s) => ({ s, address: await addAddress(s) })));
    for (const { s } of withAddress) await addToCart(s, garam.id, v.weight, 1);
    await setStock(v.id, 5);
    const quote = (await createPaymentOrder(withAddress[0]!.s, withAddress[0]!.address)).json();
    await t.app.services.orders.releaseExpired(new Date(Date.now() + 60 * 60_000));
    expect(await stockOf(v.id)).toBe(5);
    const results = await Promise.all(
      withAddress.map(({ s, address }) =>
        s.request({
          method: 'POST',
          url: '/api/payment/create-razorpay-order',
          payload: { amount: quote.amount, addressId: address },
        }),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(5);
    for (const r of results.filter((r) => r.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(r.json().message).toMatch(/out of stock|Only \d+ left/);
    }
    expect(await stockOf(v.id)).toBe(0);
  }, 120_000);

  it('a coupon with usage limit 1 is used once under 20 concurrent orders', async () => {
    await t.database.db.insert(coupons).values({
      code: 'ONLYONE',
      description: 'One use',
      discountType: 'FLAT',
      discountValue: 1000,
      usageLimit: 1,
    });
    const v = garam.variants[1]!;
    await setStock(v.id, 100);
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => signUp(t.app, nextMobile())));
    const prepared = await Promise.all(
      shoppers.map(async (s) => {
        const address = await addAddress(s);
        await addToCart(s, garam.id, v.weight, 1);
        return { s, address };
      }),
    );
    const quote = (await createPaymentOrder(prepared[0]!.s, prepared[0]!.address, 'ONLYONE')).json();
    await t.app.services.orders.releaseExpired(new Date(Date.now() + 60 * 60_000));
    const created = await Promise.all(
      prepared.map(({ s, address }) =>
        s.request({
          method: 'POST',
          url: '/api/payment/create-razorpay-order',
          payload: { amount: quote.amount, addressId: address, couponCode: 'onlyone' },
        }),
      ),
    );
    const winners = created.map((r, i) => ({ r, s: prepared[i]!.s })).filter(({ r }) => r.statusCode === 200);
    expect(winners).toHaveLength(1);
    const placed = await Promise.all(winners.map(({ r, s }) => payAndPlace(s, r.json().orderId)));
    expect(placed.every((p) => p.placed.statusCode === 200)).toBe(true);
    const [coupon] = await t.database.db.select().from(coupons).where(eq(coupons.code, 'ONLYONE'));
    expect(coupon!.usedCount).toBe(1);
  }, 120_000);
});

describe('an address an order was delivered to', () => {
  it('cannot be deleted: 409 saying why, and the address stays', async () => {
    const s = await signUp(t.app, nextMobile());
    const address = await addAddress(s);
    await addToCart(s, garam.id, garam.variants[1]!.weight, 1);
    const { placed } = await payAndPlace(s, (await createPaymentOrder(s, address)).json().orderId);
    expect(placed.statusCode, placed.body).toBe(200);
    const del = await s.request({ method: 'DELETE', url: `/api/addresses/${address}` });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe('This address is linked to existing orders and cannot be deleted.');
    const list = (await s.request({ url: `/api/addresses/${s.mobile}` })).json() as { id: number }[];
    expect(list.map((a) => a.id)).toContain(address);
  });
});
