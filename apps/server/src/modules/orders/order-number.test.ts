// Two orders can draw the same number (six characters from 32, a new series each day): the second
// draws again instead of failing a paid placement (seen once in ~2,500 benchmark checkouts).
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { TestApp } from '../../test/app.ts';
import { addAddress, addToCart, createPaymentOrder, payAndPlace } from '../../test/commerce.ts';
import { signUp } from '../../test/shoppers.ts';

// The characters the next order-number draws take (index 0 is 'A', 1 is 'B'); empty: random.
const forced = vi.hoisted(() => ({ draws: [] as number[] }));
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  const random = actual.randomInt as unknown as (...args: unknown[]) => number;
  const randomInt = (...args: unknown[]) =>
    args.length === 1 && forced.draws.length > 0 ? forced.draws.shift()! : random(...args);
  return { ...actual, default: { ...actual, randomInt }, randomInt };
});

let t: TestApp;
beforeAll(async () => {
  // Test files share a worker's modules (vitest.config.ts): load the app afresh, with the mock.
  vi.resetModules();
  const { createTestApp } = await import('../../test/app.ts');
  t = await createTestApp();
});
afterAll(() => t.close());

async function buy(mobile: string) {
  const s = await signUp(t.app, mobile);
  const addressId = await addAddress(s);
  const [product] = (await t.app.inject('/api/products')).json() as {
    id: number;
    variants: { weight: string }[];
  }[];
  await addToCart(s, product!.id, product!.variants[0]!.weight);
  const order = await createPaymentOrder(s, addressId);
  expect(order.statusCode, order.body).toBe(200);
  const { placed } = await payAndPlace(s, order.json().orderId);
  expect(placed.statusCode, placed.body).toBe(200);
  return placed.json().orderNumber as string;
}

it('places an order whose first number is taken under a number drawn again', async () => {
  forced.draws = Array(6).fill(0);
  const first = await buy('9812345601');
  expect(first).toMatch(/-AAAAAA$/);
  forced.draws = [...Array(6).fill(0), ...Array(6).fill(1)];
  const second = await buy('9812345602');
  expect(second).toMatch(/-BBBBBB$/);
  expect(forced.draws).toEqual([]);
});
