import { OrderDetail, OrderSummary, PaymentOrder } from '@spice/shared/contracts/commerce';
import * as z from '@spice/shared/contracts/zod';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../seed/demo-seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { codHelpers } from '../../test/cod.ts';
import { type Shopper, signUp, verifyMobile } from '../../test/shoppers.ts';
import { postWebhook } from '../../test/webhooks.ts';
import { checkoutSettings } from '../checkout/schema.ts';
import { jobs } from '../jobs/schema.ts';
import { ORDER_MESSAGE_JOB } from '../messaging/order-message-job.ts';
import { payments } from '../payments/schema.ts';
import { orders } from './schema.ts';

let t: TestApp;
let adminCookie: string;
const h = codHelpers(
  () => t,
  () => adminCookie,
);
const COD_FEE = 2900;

beforeAll(async () => {
  t = await createTestApp({ env: { OTP_SENDS_PER_IP_PER_HOUR: '100000' } });
  adminCookie = (await verifyMobile(t.app, DEMO_ADMIN.mobile)).cookie;
}, 60_000);
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  await t.database.db.update(checkoutSettings).set({ prepaidDiscount: null, codFeePaise: COD_FEE });
});

const detail = async (s: Shopper, orderNumber: string) => {
  const res = await s.request({ url: `/api/orders/${orderNumber}` });
  expect(res.statusCode, res.body).toBe(200);
  return OrderDetail.parse(res.json());
};
const orderRow = async (orderNumber: string) =>
  (await t.database.db.select().from(orders).where(eq(orders.orderNumber, orderNumber)))[0]!;
const ledgerRow = async (paymentId: string) =>
  (await t.database.db.select().from(payments).where(eq(payments.paymentId, paymentId)))[0];

const createPayNow = (s: Shopper, orderNumber: string, amount: number) =>
  s.request({ method: 'POST', url: `/api/orders/${orderNumber}/pay-now`, payload: { amount } });
const pay = async (s: Shopper, gatewayOrderId: string) => {
  const res = await s.request({ method: 'POST', url: `/api/payment/simulated/${gatewayOrderId}/pay` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { razorpayOrderId: string; razorpayPaymentId: string; razorpaySignature: string };
};
const verify = (s: Shopper, orderNumber: string, payment: object) =>
  s.request({ method: 'POST', url: `/api/orders/${orderNumber}/pay-now/verify`, payload: payment });

function webhook(entity: { id: string; order_id: string; amount: number }, event = 'payment.captured') {
  const body = JSON.stringify({ event, payload: { payment: { entity: { currency: 'INR', ...entity } } } });
  return postWebhook(t, body, `evt_${entity.id}_${event}`);
}

/** A COD order with its pay-now gateway order made at the amount the order page offers. */
async function payNowStarted(quantity = 2) {
  const placed = await h.placedCodOrder(quantity);
  const offer = (await detail(placed.s, placed.orderNumber)).payNow!;
  const created = await createPayNow(placed.s, placed.orderNumber, Math.round(offer.amount * 100));
  expect(created.statusCode, created.body).toBe(200);
  return { ...placed, offer, gateway: PaymentOrder.parse(created.json()) };
}

describe('the offer on the order page', () => {
  it('waives the COD fee and takes off the prepaid discount on the goods after the coupon', async () => {
    await t.database.db
      .update(checkoutSettings)
      .set({ prepaidDiscount: { type: 'PERCENT', percent: 5, maxDiscountPaise: 2000 } });
    const { s, orderNumber, amount } = await h.placedCodOrder(2);
    const row = await orderRow(orderNumber);
    const discount = Math.min(Math.floor((row.subtotalPaise * 5) / 100), 2000);
    expect((await detail(s, orderNumber)).payNow).toEqual({
      amount: (amount - COD_FEE - discount) / 100,
      saving: (COD_FEE + discount) / 100,
      codFeeWaived: COD_FEE / 100,
      prepaidDiscount: discount / 100,
    });
  });

  it('offers paying now at the same total, saving nothing, when there is no fee and no discount', async () => {
    await t.database.db.update(checkoutSettings).set({ codFeePaise: 0 });
    const { s, orderNumber, amount } = await h.placedCodOrder(1);
    expect((await detail(s, orderNumber)).payNow).toMatchObject({ amount: amount / 100, saving: 0 });
  });

  it('is not offered once the order has shipped, nor for an order paid online', async () => {
    const { s, orderNumber } = await h.placedCodOrder(1);
    await h.walk(orderNumber, ['CONFIRMED', 'PACKED']);
    expect((await detail(s, orderNumber)).payNow).not.toBeNull();
    await h.walk(orderNumber, ['SHIPPED']);
    expect((await detail(s, orderNumber)).payNow).toBeNull();
    const refused = await createPayNow(s, orderNumber, 100_00);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This order can no longer be paid online.');
  });
});

describe('POST /api/orders/{orderNumber}/pay-now', () => {
  it('answers 401 logged out, 404 for another shopper’s order, 409 with the amount when tampered', async () => {
    const { s, orderNumber, amount } = await h.placedCodOrder(1);
    const url = `/api/orders/${orderNumber}/pay-now`;
    expect((await t.app.inject({ method: 'POST', url, payload: { amount } })).statusCode).toBe(401);
    const other = await signUp(t.app, h.nextMobile());
    expect((await createPayNow(other, orderNumber, amount - COD_FEE)).statusCode).toBe(404);
    const tampered = await createPayNow(s, orderNumber, 100);
    expect(tampered.statusCode).toBe(409);
    expect(tampered.json()).toMatchObject({ amount: amount - COD_FEE });
    // The COD total itself is not the online amount either.
    expect((await createPayNow(s, orderNumber, amount)).statusCode).toBe(409);
  });

  it('makes the gateway order for the server’s amount, and the same one again when reopened', async () => {
    const { s, orderNumber, amount, gateway } = await payNowStarted(1);
    expect(gateway).toMatchObject({ amount: amount - COD_FEE, currency: 'INR', provider: 'simulated' });
    const again = await createPayNow(s, orderNumber, amount - COD_FEE);
    expect(again.json().orderId).toBe(gateway.orderId);
    // Another shopper cannot have the simulated window pay it.
    const other = await signUp(t.app, h.nextMobile());
    expect(
      (await other.request({ method: 'POST', url: `/api/payment/simulated/${gateway.orderId}/pay` }))
        .statusCode,
    ).toBe(404);
  });
});

describe('verifying the payment', () => {
  it('turns the order into a prepaid one in one go, records the payment, and answers a repeat the same', async () => {
    await t.database.db
      .update(checkoutSettings)
      .set({ prepaidDiscount: { type: 'FLAT', amountPaise: 1500 } });
    const { s, orderNumber, amount, gateway } = await payNowStarted(2);
    expect(gateway.amount).toBe(amount - COD_FEE - 1500);
    const payment = await pay(s, gateway.orderId);
    const res = await verify(s, orderNumber, payment);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      orderNumber,
      paymentMode: 'RAZORPAY',
      paymentStatus: 'PAID',
      totalAmount: gateway.amount / 100,
    });
    const mine = await detail(s, orderNumber);
    expect(mine).toMatchObject({
      paymentMode: 'RAZORPAY',
      paymentStatus: 'PAID',
      paymentId: payment.razorpayPaymentId,
      payNow: null,
      orderStatus: 'PLACED',
    });
    expect(mine.priceDetails).toMatchObject({
      codFee: 0,
      prepaidDiscount: 15,
      finalAmount: gateway.amount / 100,
    });
    const list = z
      .array(OrderSummary)
      .parse((await s.request({ url: `/api/orders/customer/${s.mobile}` })).json());
    expect(list[0]).toMatchObject({ orderNumber, paymentMode: 'RAZORPAY', paymentStatus: 'PAID' });
    expect(await ledgerRow(payment.razorpayPaymentId)).toMatchObject({
      status: 'placed',
      orderNumber,
      amountPaise: gateway.amount,
      checkoutId: null,
      source: 'verify',
    });

    const version = (await orderRow(orderNumber)).version;
    const repeat = await verify(s, orderNumber, payment);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toEqual(res.json());
    expect((await orderRow(orderNumber)).version).toBe(version);
    const hook = await webhook({
      id: payment.razorpayPaymentId,
      order_id: gateway.orderId,
      amount: gateway.amount,
    });
    expect(hook.json()).toEqual({ status: 'already-placed' });
    const rows = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.providerOrderId, gateway.orderId));
    expect(rows).toHaveLength(1);
    // Paid: no second conversion is offered.
    expect((await createPayNow(s, orderNumber, gateway.amount)).statusCode).toBe(409);
  });

  it('refuses a tampered signature (400), and another shopper’s verify (404), changing nothing', async () => {
    const { s, orderNumber, gateway } = await payNowStarted(1);
    const payment = await pay(s, gateway.orderId);
    const forged = await verify(s, orderNumber, { ...payment, razorpaySignature: 'f'.repeat(64) });
    expect(forged.statusCode).toBe(400);
    const other = await signUp(t.app, h.nextMobile());
    expect((await verify(other, orderNumber, payment)).statusCode).toBe(404);
    // Someone else's order number with this shopper's gateway order: not found either.
    const theirs = await h.placedCodOrder(1, other);
    expect((await verify(s, theirs.orderNumber, payment)).statusCode).toBe(404);
    expect((await orderRow(orderNumber)).paymentMode).toBe('COD');
    expect(await ledgerRow(payment.razorpayPaymentId)).toBeUndefined();
  });

  it('records a refund when the order shipped before the payment arrived, and says so', async () => {
    const { s, orderNumber, amount, gateway } = await payNowStarted(1);
    const payment = await pay(s, gateway.orderId);
    await h.walk(orderNumber, ['CONFIRMED', 'PACKED', 'SHIPPED']);
    const late = await verify(s, orderNumber, payment);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ refund: 'pending' });
    expect(late.json().message).toBe(
      `This order was shipped before your payment arrived, so it stays cash on delivery. Your payment of ₹${gateway.amount / 100} will be refunded to your account in 5–7 working days.`,
    );
    const row = await orderRow(orderNumber);
    expect(row).toMatchObject({ paymentMode: 'COD', paymentStatus: 'COD_PENDING', totalPaise: amount });
    expect(await ledgerRow(payment.razorpayPaymentId)).toMatchObject({
      status: 'refund_pending',
      reason: 'order_shipped',
      orderNumber,
    });
    expect((await verify(s, orderNumber, payment)).json().message).toBe(late.json().message);

    // The shopper's order page shows the payment refunded and that cash is still due…
    const order = await detail(s, orderNumber);
    expect(order.returnedPayments).toEqual([
      { amount: gateway.amount / 100, status: 'pending', reason: 'order_shipped', at: expect.any(String) },
    ]);
    expect(order.paymentStatus).toBe('COD_PENDING');
    // …and a message says so: the 'refunded' message of that refund, with why and what is due.
    const [job] = await t.database.db
      .select()
      .from(jobs)
      .where(
        and(
          eq(jobs.name, ORDER_MESSAGE_JOB),
          sql`${jobs.payload}->>'event' = 'refunded'`,
          sql`${jobs.payload}->>'orderNumber' = ${orderNumber}`,
        ),
      );
    expect(job).toBeDefined();
    await t.app.services.jobHandlers[ORDER_MESSAGE_JOB]!(job!.payload, job!);
    const sms = ((await t.app.inject(`/api/dev/outbox?to=${s.mobile}`)).json() as { text: string }[]).find(
      (m) => m.text.includes('paid online'),
    );
    expect(sms?.text).toContain(
      `₹${gateway.amount / 100} paid online for order ${orderNumber} is being refunded: the order had already shipped.`,
    );
  });

  it('records a refund for a cancelled order', async () => {
    const { s, orderNumber, gateway } = await payNowStarted(1);
    const payment = await pay(s, gateway.orderId);
    await h.walk(orderNumber, ['CANCELLED']);
    const late = await verify(s, orderNumber, payment);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/^This order was cancelled before your payment arrived\./);
    expect(await ledgerRow(payment.razorpayPaymentId)).toMatchObject({ reason: 'order_cancelled' });
  });

  it('ends a race between shipping and paying in one outcome: paid online, or shipped with a refund', async () => {
    for (let round = 0; round < 3; round++) {
      const { s, orderNumber, amount, gateway } = await payNowStarted(1);
      await h.walk(orderNumber, ['CONFIRMED', 'PACKED']);
      const payment = await pay(s, gateway.orderId);
      const [shipped, paid] = await Promise.all([
        h.moveTo(orderNumber, 'SHIPPED', 'AWB9'),
        verify(s, orderNumber, payment),
      ]);
      const row = await orderRow(orderNumber);
      const ledger = await ledgerRow(payment.razorpayPaymentId);
      if (paid.statusCode === 200) {
        // Paid first: the ship request either came after (shipped, as a prepaid order) or lost the version race.
        expect(row.paymentMode).toBe('RAZORPAY');
        expect(row.totalPaise).toBe(amount - COD_FEE);
        expect(ledger).toMatchObject({ status: 'placed' });
        expect([200, 409]).toContain(shipped.statusCode);
      } else {
        expect(paid.statusCode).toBe(409);
        expect(shipped.statusCode).toBe(200);
        expect(row).toMatchObject({ paymentMode: 'COD', status: 'SHIPPED', totalPaise: amount });
        expect(ledger).toMatchObject({ status: 'refund_pending', reason: 'order_shipped' });
      }
    }
  });
});

describe('the webhook', () => {
  it('converts the order when the browser never came back; a second payment of it is refunded', async () => {
    const { s, orderNumber, gateway } = await payNowStarted(1);
    const paymentId = `pay_hook_only_${orderNumber}`;
    const hook = await webhook({ id: paymentId, order_id: gateway.orderId, amount: gateway.amount });
    expect(hook.statusCode).toBe(200);
    expect(hook.json()).toEqual({ status: 'placed' });
    expect(await orderRow(orderNumber)).toMatchObject({
      paymentMode: 'RAZORPAY',
      paymentStatus: 'PAID',
      providerPaymentId: paymentId,
    });
    expect(await ledgerRow(paymentId)).toMatchObject({ status: 'placed', source: 'webhook', orderNumber });
    // A second payment of the same gateway order (paid twice): refunded, the order untouched.
    const second = await pay(s, gateway.orderId);
    const twice = await verify(s, orderNumber, second);
    expect(twice.statusCode).toBe(409);
    expect(await ledgerRow(second.razorpayPaymentId)).toMatchObject({ reason: 'already_paid' });
  });

  it('records a late capture for a shipped order as refund pending, answered 200 so retries stop', async () => {
    const { orderNumber, gateway } = await payNowStarted(1);
    await h.walk(orderNumber, ['CONFIRMED', 'PACKED', 'SHIPPED']);
    const paymentId = `pay_late_${orderNumber}`;
    const first = await webhook({ id: paymentId, order_id: gateway.orderId, amount: gateway.amount });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: 'refund_pending' });
    const retry = await webhook(
      { id: paymentId, order_id: gateway.orderId, amount: gateway.amount },
      'order.paid',
    );
    expect(retry.json()).toEqual({ status: 'refund_pending' });
    expect(await ledgerRow(paymentId)).toMatchObject({ status: 'refund_pending', reason: 'order_shipped' });
    expect((await orderRow(orderNumber)).paymentMode).toBe('COD');
  });

  it('refunds a capture of the wrong amount, and records a failed attempt', async () => {
    const { orderNumber, gateway } = await payNowStarted(1);
    const short = await webhook({ id: `pay_short_${orderNumber}`, order_id: gateway.orderId, amount: 100 });
    expect(short.json()).toEqual({ status: 'refund_pending' });
    expect(await ledgerRow(`pay_short_${orderNumber}`)).toMatchObject({
      reason: 'amount_mismatch',
      amountPaise: 100,
    });
    const failed = await webhook(
      { id: `pay_failed_${orderNumber}`, order_id: gateway.orderId, amount: gateway.amount },
      'payment.failed',
    );
    expect(failed.json()).toEqual({ status: 'failed' });
    expect(await ledgerRow(`pay_failed_${orderNumber}`)).toMatchObject({
      status: 'failed',
      checkoutId: null,
    });
    expect((await orderRow(orderNumber)).paymentMode).toBe('COD');
  });
});
