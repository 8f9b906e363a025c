// Database round trips of a signed-in shopper's reads (issue 17, bench/README.md): the session
// comes with its user in one query (none on PGlite once it is kept), and each read adds one more. PGlite runs one statement at a
// time, so every extra round trip queues behind everyone else's; this keeps them from creeping back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { codHelpers } from '../../test/cod.ts';
import { addToCart } from '../../test/commerce.ts';
import { signUp } from '../../test/shoppers.ts';

describe('round trips per signed-in read', () => {
  let t: TestApp;
  let statements: string[] = [];
  let counting = false;
  beforeAll(async () => {
    t = await createTestApp({
      onQuery: (sql) => {
        if (counting) statements.push(sql);
      },
    });
  });
  afterAll(() => t.close());

  async function count(run: () => Promise<{ statusCode: number; body: string }>): Promise<string[]> {
    statements = [];
    counting = true;
    try {
      const res = await run();
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      counting = false;
    }
    return statements;
  }

  it('answers cart, addresses, orders and me with the session query plus at most one read', async () => {
    const cod = codHelpers(
      () => t,
      () => '',
    );
    const { s } = await cod.placedCodOrder(1, await signUp(t.app, '9812345670'), { awaitConfirmation: true });
    const products = (await t.app.inject('/api/products')).json() as {
      id: number;
      variants: { weight: string }[];
    }[];
    await addToCart(s, products[1]!.id, products[1]!.variants[0]!.weight);
    // Warm the catalogue snapshot the cart prices from, which is shared by everyone.
    await s.request({ url: `/api/cart/user/${s.mobile}` });

    const reads = {
      cart: `/api/cart/user/${s.mobile}`,
      addresses: `/api/addresses/${s.mobile}`,
      orders: `/api/orders/customer/${s.mobile}`,
      me: '/api/auth/me',
    };
    const counts: Record<string, number> = {};
    for (const [name, url] of Object.entries(reads)) {
      counts[name] = (await count(() => s.request({ url }))).length;
    }
    // On PGlite (one process) the session read is kept in memory after the first (decision 0020).
    const session = t.database.kind === 'pglite' ? 0 : 1;
    expect(counts).toEqual({ cart: session + 1, addresses: session + 1, orders: session + 1, me: session });
  });

  it('ends a kept session at logout and sees a role change at the next request', async () => {
    const s = await signUp(t.app, '9812345671');
    expect((await s.request({ url: '/api/auth/me' })).json().role).toBe('customer');
    await t.app.services.accounts.setRole(s.mobile, 'OWNER');
    expect((await s.request({ url: '/api/auth/me' })).json().role).toBe('OWNER');
    expect((await s.request({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
    expect((await s.request({ url: '/api/auth/me' })).statusCode).toBe(401);
  });

  it('answers 401 after one query for a session that does not exist', async () => {
    statements = [];
    counting = true;
    const res = await t.app.inject({ url: '/api/auth/me', headers: { cookie: 'sid=made-up' } });
    counting = false;
    expect(res.statusCode).toBe(401);
    expect(statements).toHaveLength(1);
  });
});
