import { ProductRating, RatingSummary, Review, ReviewPage } from '@spice/shared/contracts/reviews';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { type Shopper, signUp, verifyMobile } from '../../test/shoppers.ts';
import { users } from '../accounts/schema.ts';
import { products } from '../catalog/schema.ts';
import { reviews } from './schema.ts';

let t: TestApp;
let garamId: number;
let sambarId: number;
let inactiveId: number;

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.database.db.select({ id: products.id, slug: products.slug }).from(products);
  const id = (slug: string) => rows.find((r) => r.slug === slug)!.id;
  garamId = id('garam-masala');
  sambarId = id('sambar-masala');
  inactiveId = id('shahi-paneer-masala');
});
afterAll(async () => {
  await t.close();
});

let nextMobile = 9810000001;
const newShopper = () => signUp(t.app, String(nextMobile++));

const get = (url: string) => t.app.inject(url);
const post = (shopper: Shopper | null, payload: unknown) =>
  shopper
    ? shopper.request({ method: 'POST', url: '/api/reviews', payload: payload as object })
    : t.app.inject({ method: 'POST', url: '/api/reviews', payload: payload as object });

/** A product nobody else in this file reviews, so each test starts from an empty list. */
async function freshProduct(slug: string): Promise<number> {
  const [row] = await t.database.db
    .insert(products)
    .values({
      slug,
      name: slug,
      brand: 'Kesar Chakki',
      description: 'Test product.',
      about: [],
      position: 99,
    })
    .returning({ id: products.id });
  t.app.services.catalog.invalidate();
  return row!.id;
}

describe('GET /api/reviews/{productId}', () => {
  it('answers the first 10 reviews newest first with the total by default', async () => {
    const res = await get(`/api/reviews/${garamId}`);
    expect(res.statusCode).toBe(200);
    const page = ReviewPage.parse(res.json());
    expect(page.content).toHaveLength(10);
    expect(page.totalElements).toBe(11);
    expect(page).toMatchObject({ page: 0, size: 10, totalPages: 2 });
    const times = page.content.map((r) => Date.parse(r.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(page.content.every((r) => r.productId === garamId)).toBe(true);
  });

  it('pages with page and size', async () => {
    const second = ReviewPage.parse((await get(`/api/reviews/${garamId}?page=1&size=10`)).json());
    expect(second.content).toHaveLength(1);
    expect(second.totalElements).toBe(11);
    const first = ReviewPage.parse((await get(`/api/reviews/${garamId}?page=0&size=10`)).json());
    expect(first.content.map((r) => r.id)).not.toContain(second.content[0]!.id);

    const small = ReviewPage.parse((await get(`/api/reviews/${garamId}?page=2&size=4`)).json());
    expect(small.content.map((r) => r.id)).toEqual(
      first.content
        .slice(8, 10)
        .map((r) => r.id)
        .concat(second.content.map((r) => r.id)),
    );
    expect(small.totalPages).toBe(3);

    const beyond = ReviewPage.parse((await get(`/api/reviews/${garamId}?page=5`)).json());
    expect(beyond.content).toEqual([]);
    expect(beyond.totalElements).toBe(11);
  });

  it('refuses a bad page or size', async () => {
    for (const query of ['page=-1', 'size=0', 'size=51', 'page=abc']) {
      expect((await get(`/api/reviews/${garamId}?${query}`)).statusCode, query).toBe(400);
    }
  });

  it("never publishes the reviewer's e-mail", async () => {
    const res = await get(`/api/reviews/${garamId}`);
    expect(res.body).not.toMatch(/@example\.in/);
    expect(res.json().content[0]).not.toHaveProperty('email');
  });

  it("carries the team's reply and its date", async () => {
    const all = (await get(`/api/reviews/${garamId}/all`)).json() as {
      adminReply: string | null;
      adminReplyAt: string | null;
    }[];
    const replied = all.filter((r) => r.adminReply);
    expect(replied.length).toBeGreaterThan(0);
    for (const r of replied) expect(Date.parse(r.adminReplyAt!)).not.toBeNaN();
  });

  it('answers 404 for an unknown product and 400 for a bad id', async () => {
    for (const url of ['/api/reviews/99999', '/api/reviews/99999/all', '/api/reviews/99999/summary']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe('Product not found.');
    }
    expect((await get('/api/reviews/abc')).statusCode).toBe(400);
  });

  it('gives an empty page for a product without reviews', async () => {
    const page = ReviewPage.parse((await get(`/api/reviews/${sambarId}`)).json());
    expect(page).toEqual({ content: [], totalElements: 0, totalPages: 0, page: 0, size: 10 });
  });
});

describe('GET /api/reviews/{productId}/all and /summary', () => {
  it('lists all reviews newest first', async () => {
    const all = (await get(`/api/reviews/${garamId}/all`)).json() as unknown[];
    expect(all).toHaveLength(11);
    const parsed = all.map((r) => Review.parse(r));
    const times = parsed.map((r) => Date.parse(r.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('summarises the average to one decimal, the count and the count per star', async () => {
    const rows = await t.database.db.select().from(reviews).where(eq(reviews.productId, garamId));
    const summary = RatingSummary.parse((await get(`/api/reviews/${garamId}/summary`)).json());
    const sum = rows.reduce((s, r) => s + r.rating, 0);
    expect(summary.count).toBe(rows.length);
    expect(summary.average).toBe(Math.round((sum * 10) / rows.length) / 10);
    for (const star of [1, 2, 3, 4, 5] as const) {
      expect(summary.counts[`${star}`]).toBe(rows.filter((r) => r.rating === star).length);
    }
  });

  it('summarises a product without reviews as zeros', async () => {
    const summary = RatingSummary.parse((await get(`/api/reviews/${sambarId}/summary`)).json());
    expect(summary).toEqual({
      productId: sambarId,
      average: 0,
      count: 0,
      counts: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 },
    });
  });

  it('lists the average and count of every product with reviews', async () => {
    const list = (await get('/api/reviews/ratings')).json() as unknown[];
    const ratings = list.map((r) => ProductRating.parse(r));
    const garam = ratings.find((r) => r.productId === garamId)!;
    expect(garam.count).toBe(11);
    expect(ratings.find((r) => r.productId === sambarId)).toBeUndefined();
  });

  it('lets a CDN cache the public reads briefly', async () => {
    const res = await get(`/api/reviews/${garamId}/summary`);
    expect(res.headers['cache-control']).toMatch(/public/);
  });
});

describe('POST /api/reviews', () => {
  let shopper: Shopper;
  beforeAll(async () => {
    shopper = await newShopper();
  });

  it('needs a logged-in shopper, whatever the body', async () => {
    const res = await post(null, { productId: garamId, rating: 5, description: 'Lovely.' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Please log in to continue.');
    expect((await post(null, {})).statusCode).toBe(401);
  });

  it('refuses a session whose number has no account yet', async () => {
    const { cookie } = await verifyMobile(t.app, '9810099999');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reviews',
      headers: { cookie },
      payload: { productId: garamId, rating: 5, description: 'Lovely.' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('writes a review (201) with the name and e-mail of the account, whatever the body says', async () => {
    const productId = await freshProduct('review-test-a');
    const res = await post(shopper, {
      productId,
      name: 'Someone Else',
      email: 'else@example.com',
      rating: 4,
      title: 'Nice',
      description: 'Good aroma.',
    });
    expect(res.statusCode, res.body).toBe(201);
    const review = Review.parse(res.json());
    expect(review).toMatchObject({
      productId,
      name: 'Asha Rao',
      rating: 4,
      title: 'Nice',
      description: 'Good aroma.',
      adminReply: null,
    });
    const [row] = await t.database.db.select().from(reviews).where(eq(reviews.id, review.id));
    expect(row).toMatchObject({ userId: shopper.id, email: shopper.email, name: 'Asha Rao' });
  });

  it('needs a rating from 1 to 5', async () => {
    for (const rating of [undefined, null, 0, 6, 3.5, 'abc', '']) {
      const res = await post(shopper, { productId: garamId, rating, description: 'Fine.' });
      expect(res.statusCode, String(rating)).toBe(400);
      expect(res.json().message).toBe('Please select a rating.');
      expect(res.json().errors.rating).toBe('Please select a rating.');
    }
  });

  it('needs a description', async () => {
    for (const description of [undefined, '', '   ']) {
      const res = await post(shopper, { productId: garamId, rating: 5, description });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Description is required.');
    }
  });

  it('limits the lengths of title and description', async () => {
    const longTitle = await post(shopper, {
      productId: garamId,
      rating: 5,
      title: 'x'.repeat(121),
      description: 'Fine.',
    });
    expect(longTitle.statusCode).toBe(400);
    expect(longTitle.json().message).toBe('Title must be at most 120 characters.');
    const longText = await post(shopper, { productId: garamId, rating: 5, description: 'x'.repeat(2001) });
    expect(longText.statusCode).toBe(400);
    expect(longText.json().message).toBe('Description must be at most 2000 characters.');
  });

  it('answers 404 for an unknown or discontinued product and 400 without one', async () => {
    for (const productId of [99999, inactiveId]) {
      const res = await post(shopper, { productId, rating: 5, description: 'Fine.' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Product not found.');
    }
    expect((await post(shopper, { rating: 5, description: 'Fine.' })).statusCode).toBe(400);
  });

  it('keeps one review per shopper and product: a second one updates the first (200)', async () => {
    const productId = await freshProduct('review-test-b');
    const first = await post(shopper, { productId, rating: 2, title: 'Meh', description: 'Too mild.' });
    expect(first.statusCode).toBe(201);
    const second = await post(shopper, { productId, rating: 5, description: 'Grew on me.' });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({
      id: first.json().id,
      rating: 5,
      title: null,
      description: 'Grew on me.',
    });
    const rows = await t.database.db.select().from(reviews).where(eq(reviews.productId, productId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.createdAt.toISOString()).toBe(first.json().createdAt);
    expect(rows[0]!.updatedAt.getTime()).toBeGreaterThanOrEqual(rows[0]!.createdAt.getTime());
  });

  it('ends racing first reviews from one shopper in one row', async () => {
    const productId = await freshProduct('review-test-c');
    const results = await Promise.all(
      [1, 2, 3, 4].map((rating) => post(shopper, { productId, rating, description: `Try ${rating}.` })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 201]);
    const rows = await t.database.db.select().from(reviews).where(eq(reviews.productId, productId));
    expect(rows).toHaveLength(1);
  });

  it('stores text exactly as written (escaping is the display’s job)', async () => {
    const productId = await freshProduct('review-test-d');
    const description = '<script>alert("hi")</script> & <b>bold</b>\nSecond line 🌶️';
    const res = await post(shopper, { productId, rating: 3, title: '<i>Title</i>', description });
    expect(res.statusCode).toBe(201);
    const page = ReviewPage.parse((await get(`/api/reviews/${productId}`)).json());
    expect(page.content[0]).toMatchObject({ title: '<i>Title</i>', description });
  });

  it('treats an empty title as none', async () => {
    const productId = await freshProduct('review-test-e');
    const res = await post(shopper, { productId, rating: 5, title: '  ', description: 'Fine.' });
    expect(res.json().title).toBeNull();
  });

  it('shows a new review at once in the first page, the summary and the ratings list', async () => {
    const productId = await freshProduct('review-test-f');
    // Warm the in-memory snapshots first.
    expect(ReviewPage.parse((await get(`/api/reviews/${productId}`)).json()).totalElements).toBe(0);
    expect((await t.app.services.reviews.productPage(productId)).summary.count).toBe(0);

    const other = await newShopper();
    await post(shopper, { productId, rating: 5, description: 'Great.' });
    await post(other, { productId, rating: 2, description: 'Not for me.' });

    const page = ReviewPage.parse((await get(`/api/reviews/${productId}`)).json());
    expect(page.totalElements).toBe(2);
    expect(page.content[0]!.description).toBe('Not for me.');
    const summary = RatingSummary.parse((await get(`/api/reviews/${productId}/summary`)).json());
    expect(summary).toMatchObject({ average: 3.5, count: 2, counts: { '5': 1, '2': 1 } });
    const ratings = (await get('/api/reviews/ratings')).json() as { productId: number; average: number }[];
    expect(ratings.find((r) => r.productId === productId)).toEqual({ productId, average: 3.5, count: 2 });
    const forPage = await t.app.services.reviews.productPage(productId);
    expect(forPage.summary.count).toBe(2);
    expect(forPage.page.content).toHaveLength(2);
    expect(await t.app.services.reviews.ratingsFor([productId, sambarId])).toEqual({
      [productId]: { average: 3.5, count: 2 },
    });
  });

  it('never caches the write', async () => {
    const res = await post(shopper, { productId: garamId, rating: 5, description: 'Again.' });
    expect(res.headers['cache-control']).toBe('private, no-store');
  });
});

describe('the store team', () => {
  let admin: Shopper;
  let customer: Shopper;
  let productId: number;
  let reviewId: number;
  beforeAll(async () => {
    admin = await newShopper();
    customer = await newShopper();
    await t.database.db.update(users).set({ role: 'OWNER' }).where(eq(users.id, admin.id));
    productId = await freshProduct('review-test-admin');
    reviewId = (await post(customer, { productId, rating: 1, description: 'Arrived late.' })).json().id;
  });

  it('lists reviews for the back office, never cached (one admin’s view, not the public catalogue)', async () => {
    const res = await admin.request({ url: '/api/admin/reviews' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const refused = await customer.request({ url: '/api/admin/reviews' });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['cache-control']).toBe('private, no-store');
  });

  it('replies to a review; the reply and its date show under it', async () => {
    const res = await admin.request({
      method: 'PUT',
      url: `/api/admin/reviews/${reviewId}/reply`,
      payload: { reply: 'Sorry! We have spoken to the courier.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().adminReply).toBe('Sorry! We have spoken to the courier.');
    const shown = ReviewPage.parse((await get(`/api/reviews/${productId}`)).json()).content[0]!;
    expect(shown.adminReply).toBe('Sorry! We have spoken to the courier.');
    expect(Date.parse(shown.adminReplyAt!)).not.toBeNaN();

    const cleared = await admin.request({
      method: 'PUT',
      url: `/api/admin/reviews/${reviewId}/reply`,
      payload: { reply: null },
    });
    expect(cleared.json()).toMatchObject({ adminReply: null, adminReplyAt: null });
  });

  it('hides a review from every list and the ratings, and shows it again', async () => {
    const hide = await admin.request({
      method: 'PUT',
      url: `/api/admin/reviews/${reviewId}/visibility`,
      payload: { hidden: true },
    });
    expect(hide.statusCode).toBe(200);
    expect(ReviewPage.parse((await get(`/api/reviews/${productId}`)).json()).totalElements).toBe(0);
    expect((await get(`/api/reviews/${productId}/all`)).json()).toEqual([]);
    expect(RatingSummary.parse((await get(`/api/reviews/${productId}/summary`)).json()).count).toBe(0);
    const ratings = (await get('/api/reviews/ratings')).json() as { productId: number }[];
    expect(ratings.some((r) => r.productId === productId)).toBe(false);

    // The shopper rewriting a hidden review does not bring it back.
    expect((await post(customer, { productId, rating: 1, description: 'Still late.' })).statusCode).toBe(200);
    expect(ReviewPage.parse((await get(`/api/reviews/${productId}`)).json()).totalElements).toBe(0);

    await admin.request({
      method: 'PUT',
      url: `/api/admin/reviews/${reviewId}/visibility`,
      payload: { hidden: false },
    });
    expect(ReviewPage.parse((await get(`/api/reviews/${productId}`)).json()).totalElements).toBe(1);
  });

  it('is the only one who may reply or hide', async () => {
    const asCustomer = await customer.request({
      method: 'PUT',
      url: `/api/admin/reviews/${reviewId}/reply`,
      payload: { reply: 'Self-reply' },
    });
    expect(asCustomer.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/reviews/${reviewId}/visibility`,
      payload: { hidden: true },
    });
    expect(anonymous.statusCode).toBe(401);
    const missing = await admin.request({
      method: 'PUT',
      url: '/api/admin/reviews/99999/reply',
      payload: { reply: 'x' },
    });
    expect(missing.statusCode).toBe(404);
  });
});
