// Migrations that change data as well as schema, tried on a database as the previous release
// left it (the earlier migrations' own SQL, then rows, then the new migration).
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/app.ts';
import type { Database } from './client.ts';

const folder = new URL('../../drizzle/', import.meta.url);
const journal = JSON.parse(readFileSync(new URL('meta/_journal.json', folder), 'utf8')) as {
  entries: { tag: string }[];
};

async function apply(database: Database, tag: string) {
  const text = readFileSync(new URL(`${tag}.sql`, folder), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) {
    if (statement.trim()) await database.db.execute(sql.raw(statement));
  }
}

/** A database migrated up to, not including, `tag`. */
async function databaseBefore(tag: string): Promise<Database> {
  const database = await createTestDatabase({ migrated: false });
  for (const entry of journal.entries) {
    if (entry.tag === tag) break;
    await apply(database, entry.tag);
  }
  return database;
}

let open: Database | null = null;
afterEach(async () => {
  await open?.close();
  open = null;
});

describe('0010: one pending checkout per shopper', () => {
  it('cancels all but the newest of a shopper’s pending checkouts, giving back their stock and coupon use', async () => {
    const database = await databaseBefore('0010_one_pending_checkout');
    open = database;
    const { db } = database;
    // Raw SQL with named columns only: later migrations may add columns the schema objects know of.
    const one = async <T>(text: string) =>
      ((await db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows[0]!;
    const product = await one<{ id: number }>(
      `insert into products (slug, name) values ('garam-masala', 'Garam Masala') returning id`,
    );
    const variant = await one<{ id: number }>(
      `insert into product_variants (product_id, weight, price_paise, mrp_paise, stock, sku)
       values (${product.id}, '100g', 12000, 15000, 10, 'GM-100') returning id`,
    );
    const coupon = await one<{ id: number }>(
      `insert into coupons (code, description, discount_type, discount_value, used_count)
       values ('FLAT50', 'Flat', 'FLAT', 5000, 3) returning id`,
    );
    const user = await one<{ id: number }>(
      `insert into users (mobile, first_name, email) values ('9811122233', 'Asha', 'a@example.in') returning id`,
    );
    const line = {
      productId: product.id,
      variantId: variant.id,
      productName: 'Garam Masala',
      slug: 'garam-masala',
      weight: '100g',
      image: '/x.webp',
      quantity: 2,
      pricePaise: 12000,
      mrpPaise: 15000,
    };
    const checkout = (n: number) => ({
      providerOrderId: `order_mig_${n}`,
      provider: 'simulated' as const,
      userId: user.id,
      address: {
        name: 'Asha',
        phone: '9876543210',
        type: 'Home' as const,
        fullAddress: 'x',
        pincode: '560001',
      },
      lines: [line],
      couponId: coupon.id,
      couponCode: 'FLAT50',
      mrpTotalPaise: 1,
      subtotalPaise: 1,
      couponDiscountPaise: 0,
      deliveryPaise: 0,
      platformFeePaise: 0,
      totalPaise: 1,
      expiresAt: new Date(Date.now() + 60_000),
    });
    // Three pending checkouts left by simultaneous calls, each holding 2 units and a coupon use.
    // Raw SQL: the current table definition names columns later migrations add (0011's COD ones).
    const insert = (c: ReturnType<typeof checkout>) =>
      db.execute(sql`
        insert into checkouts (provider_order_id, provider, user_id, address, lines, coupon_id, coupon_code,
          mrp_total_paise, subtotal_paise, coupon_discount_paise, delivery_paise, platform_fee_paise,
          total_paise, expires_at)
        values (${c.providerOrderId}, ${c.provider}, ${c.userId}, ${JSON.stringify(c.address)}::jsonb,
          ${JSON.stringify(c.lines)}::jsonb, ${c.couponId}, ${c.couponCode}, ${c.mrpTotalPaise},
          ${c.subtotalPaise}, ${c.couponDiscountPaise}, ${c.deliveryPaise}, ${c.platformFeePaise},
          ${c.totalPaise}, ${c.expiresAt.toISOString()}::timestamptz)`);
    for (const n of [1, 2, 3]) await insert(checkout(n));

    await apply(database, '0010_one_pending_checkout');

    const rows = (
      (await db.execute(
        sql.raw(`select provider_order_id, status from checkouts where user_id = ${user.id}`),
      )) as unknown as { rows: { provider_order_id: string; status: string }[] }
    ).rows;
    expect(rows.map((c) => [c.provider_order_id, c.status]).sort()).toEqual([
      ['order_mig_1', 'cancelled'],
      ['order_mig_2', 'cancelled'],
      ['order_mig_3', 'pending'],
    ]);
    expect(await one(`select stock from product_variants where id = ${variant.id}`)).toEqual({ stock: 14 });
    expect(await one(`select used_count from coupons where id = ${coupon.id}`)).toEqual({ used_count: 1 });
    await expect(insert(checkout(4))).rejects.toThrow();
  }, 120_000);
});

describe('sec (issue 30): AWBs trimmed and upper case', () => {
  it('upper-cases stored AWBs where no other shipment has the same one in another case', async () => {
    // Found by name: the lead renumbers helpers' migrations at merge.
    const tag = journal.entries.find((e) => e.tag.endsWith('_sec'))!.tag;
    const database = await databaseBefore(tag);
    open = database;
    const { db } = database;
    const rows = async <T>(text: string) =>
      ((await db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
    // The orders themselves do not matter here: foreign keys are not checked while the rows go in.
    await db.execute(sql.raw('set session_replication_role = replica'));
    for (const [order, awb] of [
      [1, ' dl123 '],
      [2, 'XB-9'],
      [3, 'ek55'],
      [4, 'EK55'],
    ] as const) {
      await db.execute(
        sql.raw(`insert into shipments (order_id, provider, courier_code, courier_name, awb, weight_grams)
                 values (${order}, 'manual', 'other', 'Other courier', '${awb}', 250)`),
      );
    }
    await db.execute(sql.raw('set session_replication_role = origin'));
    await apply(database, tag);
    const after = await rows<{ order_id: number; awb: string }>(
      'select order_id, awb from shipments order by order_id',
    );
    expect(after).toEqual([
      { order_id: 1, awb: 'DL123' },
      { order_id: 2, awb: 'XB-9' },
      // One parcel on two orders: left as it was for the owner to sort out.
      { order_id: 3, awb: 'ek55' },
      { order_id: 4, awb: 'EK55' },
    ]);
  });
});

describe('staff (issue 41): the admin role becomes OWNER', () => {
  it("turns every 'admin' into OWNER, leaves shoppers alone, and marks earlier audit entries as an owner's", async () => {
    const tag = journal.entries.find((e) => e.tag.endsWith('_staff'))!.tag;
    const database = await databaseBefore(tag);
    open = database;
    const { db } = database;
    const rows = async <T>(text: string) =>
      ((await db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
    const [admin] = await rows<{ id: number }>(
      `insert into users (mobile, first_name, last_name, email, role)
       values ('9811100001', 'Meera', 'Shah', 'm@example.in', 'admin') returning id`,
    );
    await rows(
      `insert into users (mobile, first_name, email, role) values ('9811100002', 'Asha', 'a@example.in', 'customer')`,
    );
    await rows(
      `insert into audit_log (actor_user_id, action, entity, entity_id) values (${admin!.id}, 'x', 'y', '1'), (null, 'x', 'y', '2')`,
    );
    await apply(database, tag);
    expect(
      await rows<{ mobile: string; role: string }>('select mobile, role from users order by mobile'),
    ).toEqual([
      { mobile: '9811100001', role: 'OWNER' },
      { mobile: '9811100002', role: 'customer' },
    ]);
    expect(
      await rows<{ actor_name: string | null; actor_role: string | null }>(
        'select actor_name, actor_role from audit_log order by entity_id',
      ),
    ).toEqual([
      { actor_name: 'Meera Shah', actor_role: 'OWNER' },
      { actor_name: null, actor_role: null },
    ]);
  });
});
