// The orders export in constant memory (issue 41): 100,000 orders (two lines each) are seeded by
// a few set-based INSERTs, then exported over a real socket while the heap is sampled. The export
// reads by keyset a batch at a time and writes each batch before reading the next, so the heap
// grows by far less than the file it sends; a buffered export would hold the whole file (and its
// rows as objects) at once.
import v8 from 'node:v8';
import vm from 'node:vm';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../seed/demo-seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { verifyMobile } from '../../test/shoppers.ts';

const ORDERS = 100_000;
/** The live heap may grow by at most this while exporting; the file is several times larger. */
const HEAP_BOUND = 16 * 1024 * 1024;

/** A full collection on demand (the flag set at run time), so samples count live objects only. */
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const liveHeap = () => {
  gc();
  return process.memoryUsage().heapUsed;
};

let t: TestApp;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp({ env: { OTP_SENDS_PER_IP_PER_HOUR: '100000' } });
  adminCookie = (await verifyMobile(t.app, DEMO_ADMIN.mobile)).cookie;
  const { db } = t.database;
  // Seeding only: the rows are made consistent by construction, so their foreign keys' per-row
  // triggers (most of an INSERT's time here) are skipped for these statements.
  await db.execute(sql`set session_replication_role = replica`);
  const address = JSON.stringify({
    name: 'Asha Rao',
    phone: '+919830000001',
    type: 'Home',
    fullAddress: '12 MG Road, Bengaluru, Karnataka, 560001',
    pincode: '560001',
    state: 'Karnataka',
  });
  await db.execute(sql`
    insert into checkouts (provider_order_id, provider, user_id, address, lines, mrp_total_paise,
      subtotal_paise, coupon_discount_paise, delivery_paise, platform_fee_paise, total_paise,
      status, expires_at)
    select 'order_bulk_' || g, 'cod', (select id from users order by id limit 1), ${address}::jsonb,
      '[]'::jsonb, 60000, 50000, 0, 4900, 0, 54900, 'paid', now()
    from generate_series(1, ${ORDERS}) g`);
  await db.execute(sql`
    insert into orders (order_number, user_id, checkout_id, status, user_name, user_mobile, user_email,
      address, mrp_total_paise, subtotal_paise, coupon_discount_paise, delivery_paise,
      platform_fee_paise, total_paise, payment_mode, payment_status, provider_order_id,
      provider_payment_id, provider_signature, created_at)
    select 'BK' || lpad(c.id::text, 8, '0'), c.user_id, c.id, 'PLACED', 'Asha Rao', '+919830000001',
      'asha@example.com', c.address, 60000, 50000, 0, 4900, 0, 54900, 'COD', 'COD_PENDING',
      c.provider_order_id, 'cod_' || c.provider_order_id, '', now() - interval '1 hour'
    from checkouts c where c.provider_order_id like 'order_bulk_%'`);
  await db.execute(sql`
    insert into order_items (order_id, product_id, product_name, variant, quantity, price_paise, mrp_paise)
    select o.id, 1, p.name, p.variant, p.quantity, p.price, p.mrp
    from orders o,
      (values ('Kashmiri Red Chilli Powder, extra hot', '200 g', 1, 25000, 30000),
              ('Garam Masala, whole spices ground in small batches', '100 g', 2, 12500, 15000))
        as p(name, variant, quantity, price, mrp)
    where o.order_number like 'BK%'`);
  await db.execute(sql`set session_replication_role = default`);
  await db.execute(sql`analyze orders`);
  await db.execute(sql`analyze order_items`);
}, 120_000);
afterAll(async () => {
  await t.close();
});

it('exports 100,000 orders line by line while the heap stays under a bound', async () => {
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const baseline = liveHeap();
  let peak = baseline;
  // Every so often, the heap's live objects: what the export holds, not garbage awaiting collection.
  const sampler = setInterval(() => {
    peak = Math.max(peak, liveHeap());
  }, 2000);
  let bytes = 0;
  let rows = 0;
  try {
    const res = await fetch(`${address}/api/admin/orders/lines.csv`, {
      headers: { cookie: adminCookie },
    });
    expect(res.status).toBe(200);
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      for (let i = chunk.indexOf(0x0a); i !== -1; i = chunk.indexOf(0x0a, i + 1)) rows++;
    }
  } finally {
    clearInterval(sampler);
  }
  // The header, then two lines for each seeded order (and any the demo shop has).
  expect(rows).toBeGreaterThanOrEqual(1 + 2 * ORDERS);
  expect(bytes).toBeGreaterThan(2 * HEAP_BOUND);
  // Held at once: far less than the file (a buffered export would hold all of it, and its rows).
  expect(peak - baseline).toBeLessThan(HEAP_BOUND);
}, 120_000);
