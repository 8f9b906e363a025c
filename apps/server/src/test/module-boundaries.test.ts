// The module boundaries of decision 0021, checked in `npm test` (CI runs only that): the same
// check as `npm run lint` (scripts/check-boundaries.ts, where the exceptions are listed).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BOUNDARY_EXCEPTIONS, findViolations } from '../../../../scripts/check-boundaries.ts';

const root = path.resolve(import.meta.dirname, '../../../..');

describe('module boundaries', () => {
  it('finds no module importing or querying another module’s tables', () => {
    const found = findViolations(root).map((v) => `${v.file}:${v.line} ${v.message}`);
    expect(found).toEqual([]);
  });

  it('gives every exception a reason', () => {
    for (const e of BOUNDARY_EXCEPTIONS) expect(e.reason.length).toBeGreaterThan(20);
  });

  describe('on a made-up shop', () => {
    const fake = mkdtempSync(path.join(tmpdir(), 'boundaries-'));
    afterAll(() => rmSync(fake, { recursive: true, force: true }));
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(fake, file)), { recursive: true });
      writeFileSync(path.join(fake, file), text);
    };
    const modules = 'apps/server/src/modules';
    write(`${modules}/cart/schema.ts`, "export const cartItems = pgTable(\n  'cart_items', {});\n");
    write(
      `${modules}/orders/schema.ts`,
      "import { cartItems } from '../cart/schema.ts';\nexport const orders = pgTable('orders', {});\n",
    );
    write(`${modules}/orders/service.ts`, "import { orders } from './schema.ts';\nexport const ok = 1;\n");
    write(`${modules}/orders/placement.ts`, "import { cartItems } from '../cart/schema.ts';\n");
    write(`${modules}/orders/peek.ts`, "import type { cartItems } from '../cart/schema.ts';\n");
    write(`${modules}/orders/later.ts`, "const { cartItems } = await import('../cart/schema.ts');\n");
    write(`${modules}/orders/count.ts`, 'const n = sql<number>`(select count(*) from cart_items c)`;\n');
    write(`${modules}/cart/own.ts`, 'const n = sql`delete from cart_items where id = 1`;\n');
    write(`${modules}/orders/placement.test.ts`, "import { cartItems } from '../cart/schema.ts';\n");

    it('reports an import of another module’s schema, type-only, dynamic or not, with its line', () => {
      const found = findViolations(fake).map((v) => `${v.file}:${v.line}`);
      expect(found).toContain(`${modules}/orders/placement.ts:1`);
      expect(found).toContain(`${modules}/orders/peek.ts:1`);
      expect(found).toContain(`${modules}/orders/later.ts:1`);
    });

    it('reports raw SQL naming another module’s table', () => {
      const found = findViolations(fake);
      expect(found.find((v) => v.file.endsWith('orders/count.ts'))?.message).toContain('cart_items');
    });

    it('leaves alone a module’s own tables, schema files’ foreign keys and tests', () => {
      const files = findViolations(fake).map((v) => v.file);
      expect(files).not.toContain(`${modules}/orders/service.ts`);
      expect(files).not.toContain(`${modules}/cart/own.ts`);
      expect(files).not.toContain(`${modules}/orders/schema.ts`);
      expect(files).not.toContain(`${modules}/orders/placement.test.ts`);
      expect(files).toHaveLength(4);
    });
  });
});
