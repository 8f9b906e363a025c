// Order messages go out by job: a rolled-back placement sends nothing, a flaky transport is retried
// and the shopper gets the message once, and a repeated job sends nothing twice.
import { ProductList } from '@spice/shared/contracts/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addAddress, addToCart, createPaymentOrder, payAndPlace } from '../../test/commerce.ts';
import { signUp } from '../../test/shoppers.ts';
import { createJobQueue } from '../jobs/queue.ts';
import { jobs } from '../jobs/schema.ts';
import { createJobWorker } from '../jobs/worker.ts';
import { orderForMessage } from '../orders/for-message.ts';
import { orderMessageJob } from './order-message-job.ts';
import { createOrderMessages } from './order-messages.ts';
import type { OutgoingMessage } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { OTP_SENDS_PER_IP_PER_HOUR: '100000' } });
}, 60_000);
afterAll(async () => {
  await t.close();
});

async function placeOrder(mobile: string) {
  const garam = ProductList.parse((await t.app.inject('/api/products')).json()).find(
    (p) => p.slug === 'garam-masala',
  )!;
  const s = await signUp(t.app, mobile);
  const address = await addAddress(s);
  await addToCart(s, garam.id, garam.variants[0]!.weight, 1);
  const { placed } = await payAndPlace(s, (await createPaymentOrder(s, address)).json().orderId);
  expect(placed.statusCode, placed.body).toBe(200);
  return { s, orderNumber: placed.json().orderNumber as string };
}

const outbox = async (to: string) =>
  (await t.app.inject(`/api/dev/outbox?to=${encodeURIComponent(to)}`)).json();

describe('order messages', () => {
  it('e-mails the confirmation once the job runs, once however often it runs', async () => {
    const { s, orderNumber } = await placeOrder('9822200001');
    const about = async () =>
      (await outbox(s.email)).filter((m: { subject: string }) => m.subject.includes(orderNumber));
    expect(await about()).toEqual([]); // not inline: by job
    await t.app.jobWorker.runDue();
    await t.app.services.orderMessages.deliver({ orderNumber, event: 'placed' }); // a repeat
    const mail = await about();
    expect(mail).toHaveLength(1);
    expect(mail[0].subject).toBe(`Your Kesar Chakki order ${orderNumber} is confirmed`);
  });

  it('delivers exactly one message when the transport fails twice and then succeeds', async () => {
    const { orderNumber } = await placeOrder('9822200002');
    const sent: OutgoingMessage[] = [];
    let failures = 2;
    const messages = createOrderMessages({
      db: t.database.db,
      messenger: {
        usesOutbox: () => false,
        async send(message) {
          if (failures-- > 0) throw new Error('SMTP delivery failed: connection refused');
          sent.push(message);
        },
      },
      loadOrder: (n) => orderForMessage(t.database.db, n),
      loadRefund: async () => null,
    });
    const queue = createJobQueue(t.database.db, { retryBaseMs: 1 });
    const worker = createJobWorker(queue, {
      handlers: {
        'order-message-test': (p) =>
          messages.deliver({ orderNumber: p.orderNumber as string, event: 'shipped' }),
      },
      schedules: [],
      pollMs: 50,
      leaseMs: 10_000,
      log: { warn() {}, error() {} },
    });
    await queue.enqueue(t.database.db, {
      ...orderMessageJob({ orderNumber, event: 'shipped' }),
      name: 'order-message-test',
    });
    for (let i = 0; i < 6; i++) {
      await worker.runDue();
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe(`Your Kesar Chakki order ${orderNumber} is shipped`);
    const [job] = (await t.database.db.select().from(jobs)).filter((j) => j.name === 'order-message-test');
    expect(job).toMatchObject({ status: 'done', attempts: 3 });
    // A repeat (a retried job, a second enqueue) sends nothing.
    await messages.deliver({ orderNumber, event: 'shipped' });
    expect(sent).toHaveLength(1);
  });
});
