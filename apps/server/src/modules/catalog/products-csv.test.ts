// The products CSV through the real app (issue 41): the export, an unchanged export imported back
// (nothing to change, no error), a dry run listing every row's errors with nothing written, an
// apply refused while any row has an error, and a clean apply: prices in rupees stored in paise,
// Hindi texts, stock through the stock adjustment service (audited with its reason).
import { ProductImportReport } from '@spice/shared/contracts/bulk';
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../plugins/errors.ts';
import { DEMO_ADMIN } from '../../seed/demo-seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signUp, verifyMobile } from '../../test/shoppers.ts';
import { auditLog } from '../admin/schema.ts';
import {
  createProductsCsv,
  NO_SKU_COLUMN,
  PRODUCT_COLUMNS,
  SKU_TWICE,
  STOCK_IMPORT_REASON,
  UNKNOWN_SKU,
} from './products-csv.ts';
import { products, productVariants } from './schema.ts';

let t: TestApp;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp({ env: { OTP_SENDS_PER_IP_PER_HOUR: '100000' } });
  adminCookie = (await verifyMobile(t.app, DEMO_ADMIN.mobile)).cookie;
}, 60_000);
afterAll(async () => {
  await t.close();
});

const exportCsv = async () => {
  const res = await t.app.inject({ url: '/api/admin/products.csv', headers: { cookie: adminCookie } });
  expect(res.statusCode).toBe(200);
  return res;
};

async function importCsv(text: string, dryRun: boolean) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/products/import?dryRun=${dryRun}`,
    headers: { cookie: adminCookie, 'content-type': 'text/csv' },
    payload: text,
  });
  expect(res.statusCode, res.body).toBe(200);
  return ProductImportReport.parse(res.json());
}

/** A CSV of the given rows under the given header (quoted where needed). */
const csvOf = (rows: string[][]) =>
  rows.map((r) => r.map((c) => (/[",\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c)).join(',')).join('\n');

const variantBySku = async (sku: string) => {
  const [v] = await t.database.db.select().from(productVariants).where(eq(productVariants.sku, sku));
  return v!;
};

describe('the products CSV', () => {
  it('answers 401 signed out and 403 to a shopper', async () => {
    const s = await signUp(t.app, '9830000091');
    for (const endpoint of [
      { method: 'GET' as const, url: '/api/admin/products.csv' },
      {
        method: 'POST' as const,
        url: '/api/admin/products/import',
        headers: { 'content-type': 'text/csv' },
        payload: 'SKU\nX',
      },
    ]) {
      expect((await t.app.inject(endpoint)).statusCode).toBe(401);
      expect((await s.request(endpoint)).statusCode).toBe(403);
    }
  });

  it('exports every variant with rupee prices and Hindi names, and reads its own export back unchanged', async () => {
    const res = await exportCsv();
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [header, ...rows] = parse(res.body, { bom: true }) as string[][];
    expect(header).toEqual(Object.values(PRODUCT_COLUMNS));
    const variants = await t.database.db.select().from(productVariants);
    expect(rows).toHaveLength(variants.length);
    const first = variants[0]!;
    const row = rows.find((r) => r[0] === first.sku)!;
    expect(row[6]).toBe(
      `${Math.floor(first.pricePaise / 100)}.${String(first.pricePaise % 100).padStart(2, '0')}`,
    );
    expect(rows.some((r) => /\p{Script=Devanagari}/u.test(r[3]!))).toBe(true);

    const back = await importCsv(res.body, false);
    expect(back.rows.flatMap((r) => r.errors)).toEqual([]);
    expect(back).toMatchObject({ changedRows: 0, errorCount: 0, fileError: null });
  }, 60_000);

  it('lists every row’s errors in a dry run and writes nothing, nor when asked to apply', async () => {
    const [header, ...rows] = parse((await exportCsv()).body, { bom: true }) as string[][];
    const [a, b, c] = rows;
    const edited = [
      header!,
      Object.assign([...a!], { 6: '259.00', 7: '199' }), // MRP below the price
      Object.assign([...b!], { 3: 'Garam', 6: '12.345' }), // Hindi not in Devanagari, bad rupees
      Object.assign([...c!], { 8: '-4' }),
      Object.assign([...a!], {}), // the same SKU again
      Object.assign([...c!], { 0: 'NO-SUCH-SKU' }),
    ];
    const before = await variantBySku(a![0]!);
    for (const dryRun of [true, false]) {
      const report = await importCsv(csvOf(edited), dryRun);
      expect(report).toMatchObject({ dryRun, applied: false, fileError: null });
      const errors = report.rows.map((r) => [r.line, r.errors]);
      expect(errors[0]).toEqual([2, [`${PRODUCT_COLUMNS.mrp}: MRP cannot be below the price.`]]);
      expect(errors[1]![1]).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^Product name \(Hindi\): Write the Hindi name in Devanagari/),
          expect.stringMatching(/^Price \(₹\): Write rupees with up to two decimals/),
        ]),
      );
      expect(errors[2]![1]).toEqual([expect.stringMatching(/^Stock: Write the stock as a whole number/)]);
      expect(errors[3]).toEqual([5, [SKU_TWICE]]);
      expect(errors[4]).toEqual([6, [UNKNOWN_SKU]]);
      expect(report.errorCount).toBeGreaterThanOrEqual(6);
    }
    expect(await variantBySku(a![0]!)).toEqual(before);
  }, 60_000);

  it('applies a clean file: prices in paise, Hindi texts, stock through the audited adjustment', async () => {
    const [header, ...rows] = parse((await exportCsv()).body, { bom: true }) as string[][];
    const row = rows.find((r) => r[8] !== '0' && r[6] !== '')!;
    const sku = row[0]!;
    const before = await variantBySku(sku);
    const stock = before.stock + 7;
    const edited = [
      header!,
      Object.assign([...row], { 5: '१०० ग्राम', 6: '₹1,249.50', 7: '1,300', 8: String(stock) }),
    ];

    const dry = await importCsv(csvOf(edited), true);
    expect(dry.rows[0]!.errors).toEqual([]);
    expect(dry.rows[0]!.changes).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Price \(₹\): ₹[\d.]+ → ₹1249\.50$/),
        `Stock: ${before.stock} → ${stock}`,
      ]),
    );
    expect(await variantBySku(sku)).toEqual(before);

    const applied = await importCsv(csvOf(edited), false);
    expect(applied).toMatchObject({ applied: true, errorCount: 0, changedRows: 1 });
    const after = await variantBySku(sku);
    expect(after).toMatchObject({ pricePaise: 124950, mrpPaise: 130000, stock, weightHi: '१०० ग्राम' });
    const [adjusted] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'stock.adjust'), eq(auditLog.entityId, String(before.id))));
    expect(adjusted!.after).toMatchObject({ stock, change: 7, reason: STOCK_IMPORT_REASON });
    const [product] = await t.database.db.select().from(products).where(eq(products.id, before.productId));
    const [updated] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'product.update'), eq(auditLog.entityId, String(product!.id))));
    expect(updated).toBeDefined();
    // The storefront shows the new price at once.
    const page = await t.app.inject(`/api/products/${product!.id}`);
    expect(JSON.stringify(page.json())).toContain('1249.5');
  }, 60_000);

  it('reports a product refused at save time on its rows and saves the others', async () => {
    const [header, ...rows] = parse((await exportCsv()).body, { bom: true }) as string[][];
    const [a] = rows;
    const b = rows.find((r) => r[1] !== a![1])!;
    const refusedSlug = a![1]!;
    const real = t.app.services.productEditing;
    const importer = createProductsCsv(t.database.db, {
      productEditing: {
        get: real.get,
        update: async (admin, id, input) => {
          if (input.slug === refusedSlug) throw new AppError('conflict', 'This product changed meanwhile.');
          return real.update(admin, id, input);
        },
      },
      stock: t.app.services.stock,
      batches: t.app.services.batches,
    });
    const admin = (await t.app.services.accounts.findByMobile(DEMO_ADMIN.mobile))!;
    const report = await importer.importCsv(
      admin,
      csvOf([
        header!,
        Object.assign([...a!], { 6: '301.00', 7: '400.00' }),
        Object.assign([...b], { 7: '999.00' }),
      ]),
      false,
    );
    expect(report.applied).toBe(true);
    expect(report.rows[0]!.errors).toEqual(['Not saved: This product changed meanwhile.']);
    expect(report.rows[1]!.errors).toEqual([]);
    expect((await variantBySku(a![0]!)).pricePaise).not.toBe(30100);
    expect((await variantBySku(b[0]!)).mrpPaise).toBe(99900);
  }, 60_000);

  it('refuses a file without an SKU column or with a column it does not know', async () => {
    expect((await importCsv('Name,Price\nx,1', true)).fileError).toBe(NO_SKU_COLUMN);
    expect((await importCsv('SKU,Colour\nx,red', true)).fileError).toMatch(/^Unknown column "Colour"/);
    expect((await importCsv('SKU,Price (₹)\n"x,1', true)).fileError).toMatch(/^This is not a CSV file/);
  });

  it("lists each variant's batches with their units on hand, and corrects a named batch's count", async () => {
    const [header, ...rows] = parse((await exportCsv()).body, { bom: true }) as string[][];
    const col = (name: keyof typeof PRODUCT_COLUMNS) => header!.indexOf(PRODUCT_COLUMNS[name]);
    // A plain variant with stock: its OPENING batch (the demo's stock, issue 39) is in the cell.
    const row = rows.find((r) => Number(r[col('stock')]) > 5 && r[col('batches')] !== '')!;
    expect(row[col('batches')]).toMatch(/^OPENING: \d+ \(best before \d{4}-\d{2}-\d{2}\)/);
    const id = (await variantBySku(row[col('sku')]!)).id;
    const [opening] = await t.app.services.batches.list(id);
    const onHand = opening!.onHand;
    const only = (cells: string[]) => csvOf([[PRODUCT_COLUMNS.sku, PRODUCT_COLUMNS.batches], cells]);

    // Two fewer in OPENING (a count correction): dry run says so, apply adjusts that batch, audited.
    const corrected = only([row[col('sku')]!, `OPENING: ${onHand - 2} (best before ${opening!.bestBefore})`]);
    const dry = await importCsv(corrected, true);
    expect(dry.errorCount).toBe(0);
    expect(dry.rows[0]!.changes).toEqual([`${PRODUCT_COLUMNS.batches}: OPENING ${onHand} → ${onHand - 2}`]);
    expect((await t.app.services.batches.list(id))[0]!.onHand).toBe(onHand);
    const applied = await importCsv(corrected, false);
    expect(applied.applied).toBe(true);
    expect((await t.app.services.batches.list(id))[0]!.onHand).toBe(onHand - 2);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'stock.batch.adjust'), eq(auditLog.entityId, String(id))));
    expect(JSON.stringify(audit!.after)).toContain(STOCK_IMPORT_REASON);

    // A batch the variant does not have, a malformed entry, and Stock with Batches both changed.
    const bad = await importCsv(only([row[col('sku')]!, 'NOPE-1: 4; OPENING 3']), true);
    expect(bad.rows[0]!.errors).toEqual([
      `${PRODUCT_COLUMNS.batches}: this variant has no batch NOPE-1; receive new batches on the Stock page.`,
      `${PRODUCT_COLUMNS.batches}: write each batch as NUMBER: UNITS, like B-12: 40, separated by ";".`,
    ]);
    const both = await importCsv(
      csvOf([
        [PRODUCT_COLUMNS.sku, PRODUCT_COLUMNS.stock, PRODUCT_COLUMNS.batches],
        [row[col('sku')]!, String(onHand + 10), `OPENING: ${onHand - 5}`],
      ]),
      true,
    );
    expect(both.rows[0]!.errors).toEqual([
      `${PRODUCT_COLUMNS.batches}: change the Stock or the Batches of a variant, not both in one import.`,
    ]);
  });
});
