import { type APIRequestContext, type Page, request as playwrightRequest } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './axe.ts';
import { signUpThroughApi } from './shoppers.ts';
import { expect, fetchProducts, MOBILE, open, test } from './support.ts';

interface Summary {
  average: number;
  count: number;
  counts: Record<'1' | '2' | '3' | '4' | '5', number>;
}
interface ReviewPage {
  content: {
    id: number;
    name: string;
    title: string | null;
    description: string;
    adminReply: string | null;
  }[];
  totalElements: number;
}

async function productId(request: APIRequestContext, slug: string): Promise<number> {
  const { active } = await fetchProducts(request);
  const product = active.find((p) => p.slug === slug);
  expect(product, `seed: ${slug}`).toBeDefined();
  return product!.id;
}

const summaryOf = async (request: APIRequestContext, id: number) =>
  (await (await request.get(`/api/reviews/${id}/summary`)).json()) as Summary;

const reviewsSection = (page: Page) => page.getByRole('region', { name: 'Customer Reviews' });

test.describe('Customer Reviews', () => {
  test('a logged-in shopper writes a review from the product page and sees it listed with the updated average', async ({
    page,
  }) => {
    const id = await productId(page.request, 'sambar-masala');
    const before = await summaryOf(page.request, id);
    await signUpThroughApi(page.request, { firstName: 'Meera', lastName: 'Iyer' });

    await open(page, '/product/sambar-masala');
    const section = reviewsSection(page);
    if (before.count === 0) {
      await expect(
        section.getByText('No reviews yet. Be the first to write one!', { exact: true }),
      ).toBeVisible();
    }
    await section.getByRole('link', { name: 'Write a Review' }).click();
    await expect(page).toHaveURL(new RegExp(`/rate/${id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Rate this product' })).toBeVisible();

    // Name and e-mail come from the account and cannot be changed.
    const name = page.getByLabel('Name', { exact: true });
    await expect(name).toHaveValue('Meera Iyer');
    await expect(name).toHaveAttribute('readonly', '');
    await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('readonly', '');
    await expectNoSeriousAxeViolations(page);

    // Nothing chosen: the rating's message, scrolled into view, with focus on the stars.
    const submit = page.getByRole('button', { name: 'Submit' });
    await submit.click();
    const ratingError = page.getByText('Please select a rating.', { exact: true });
    await expect(ratingError).toBeVisible();
    await expect(ratingError).toBeInViewport();
    await expect(page.getByRole('radio', { name: /^1 star/ })).toBeFocused();

    // The picker is a radio group: arrow keys move along the stars.
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: /^4 stars/ })).toBeChecked();
    await expect(ratingError).toBeHidden();

    await submit.click();
    await expect(page.getByText('Description is required.', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Description')).toBeFocused();

    // Markup is shown as typed, never interpreted.
    const description = `<b>Tangy</b> & perfect for idli-sambar ${Date.now()}`;
    await page.getByLabel(/^Title/).fill('Just like Chennai');
    await page.getByLabel('Description').fill(description);
    await submit.click();

    await expect(page).toHaveURL(/\/product\/sambar-masala\?reviewed=true$/);
    await expect(section.getByRole('status')).toHaveText('Thank you! Your review has been submitted.');
    const mine = section.getByRole('list', { name: 'Reviews', exact: true }).getByRole('listitem').first();
    await expect(mine.getByRole('heading', { level: 3, name: 'Just like Chennai' })).toBeVisible();
    await expect(mine.getByText(description, { exact: true })).toBeVisible();
    await expect(mine.getByText('Meera Iyer')).toBeVisible();
    await expect(mine.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
    await expect(section.locator('b')).toHaveCount(0);

    const count = before.count + 1;
    const average = Math.round(((before.average * before.count + 4) * 10) / count) / 10;
    await expect(section.getByText(`Based on ${count} ${count === 1 ? 'review' : 'reviews'}`)).toBeVisible();
    await expect(section.locator('.reviews__score')).toHaveText(`${average.toFixed(1)} out of 5`);
    await expect(section.getByText('No reviews yet. Be the first to write one!')).toHaveCount(0);
  });

  test('paging shows 10 reviews per page with Previous and Next', async ({ page, request }) => {
    const id = await productId(request, 'garam-masala');
    let total = ((await (await request.get(`/api/reviews/${id}`)).json()) as ReviewPage).totalElements;
    // Top up to a second page if the seed ever has fewer than 11 reviews here.
    for (; total < 11; total++) {
      const shopper = await playwrightRequest.newContext({ baseURL: test.info().project.use.baseURL });
      await signUpThroughApi(shopper, { firstName: 'Paging' });
      const res = await shopper.post('/api/reviews', {
        data: { productId: id, rating: 4, description: 'Good.' },
      });
      expect(res.status()).toBe(201);
      await shopper.dispose();
    }
    const pages = Math.ceil(total / 10);
    const second = (await (await request.get(`/api/reviews/${id}?page=1&size=10`)).json()) as ReviewPage;

    await open(page, '/product/garam-masala');
    const section = reviewsSection(page);
    const items = section.getByRole('list', { name: 'Reviews', exact: true }).getByRole('listitem');
    await expect(items).toHaveCount(10);
    const previous = section.getByRole('button', { name: 'Previous' });
    const next = section.getByRole('button', { name: 'Next' });
    await expect(previous).toBeDisabled();
    await expect(section.getByText(`Page 1 of ${pages}`)).toBeVisible();
    const firstOnPageOne = await items.first().textContent();

    await next.click();
    await expect(section.getByText(`Page 2 of ${pages}`)).toBeVisible();
    await expect(items).toHaveCount(second.content.length);
    await expect(items.first()).toContainText(second.content[0]!.description);
    await expect(previous).toBeEnabled();
    if (pages === 2) await expect(next).toBeDisabled();

    await previous.click();
    await expect(section.getByText(`Page 1 of ${pages}`)).toBeVisible();
    await expect(items).toHaveCount(10);
    await expect(items.first()).toHaveText(firstOnPageOne!);
  });

  test("shows the average with green, yellow and red bars and the team's reply under a review", async ({
    page,
    request,
  }) => {
    const id = await productId(request, 'garam-masala');
    const summary = await summaryOf(request, id);
    const all = (await (await request.get(`/api/reviews/${id}/all`)).json()) as ReviewPage['content'];
    const replied = all.find((r) => r.adminReply)!;
    expect(replied, 'seed: a garam masala review with a reply').toBeDefined();

    await open(page, '/product/garam-masala');
    const section = reviewsSection(page);
    await expect(section.locator('.reviews__score')).toHaveText(`${summary.average.toFixed(1)} out of 5`);
    await expect(section.getByRole('img', { name: `Rated ${summary.average} out of 5` })).toBeVisible();
    const bars = section.getByRole('list', { name: 'Reviews by star rating' }).getByRole('listitem');
    await expect(bars).toHaveCount(5);
    const colours = await bars.evaluateAll((rows) =>
      rows.map((row) => getComputedStyle(row.querySelector('.bar__fill')!).backgroundColor),
    );
    const [green, , , yellow, red] = colours;
    expect(colours.slice(0, 3)).toEqual([green, green, green]);
    expect(new Set([green, yellow, red]).size).toBe(3);
    expect(green).toBe('rgb(46, 139, 71)');
    expect(yellow).toBe('rgb(230, 180, 0)');
    expect(red).toBe('rgb(200, 50, 42)');
    for (const [i, star] of (['5', '4', '3', '2', '1'] as const).entries()) {
      await expect(bars.nth(i)).toContainText(String(summary.counts[star]));
    }

    // The seeded reply is on the first page or the second.
    const item = section.getByRole('listitem').filter({ hasText: replied.description });
    if ((await item.count()) === 0) await section.getByRole('button', { name: 'Next' }).click();
    await expect(item.getByText('Team', { exact: true })).toBeVisible();
    await expect(item.getByText(replied.adminReply!)).toBeVisible();
  });

  test('a visitor sees no Write button; the rate page sends them back to log in', async ({
    page,
    request,
  }) => {
    const id = await productId(request, 'chicken-masala');
    await open(page, '/product/chicken-masala');
    const section = reviewsSection(page);
    await expect(section.getByRole('link', { name: 'Write a Review' })).toHaveCount(0);
    await section.getByRole('button', { name: 'Log in to write a review' }).click();
    await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
    await page.keyboard.press('Escape');

    await page.goto(`/rate/${id}`);
    await expect(page).toHaveURL(/\/product\/chicken-masala\?login=rate$/);
    const login = page.getByRole('dialog', { name: 'Login' });
    await expect(login).toBeVisible();

    // Logging in there leads on to the rate page.
    const other = await playwrightRequest.newContext({ baseURL: test.info().project.use.baseURL });
    const { mobile } = await signUpThroughApi(other, { firstName: 'Nikhil' });
    await other.dispose();
    const codes = async () =>
      (await (await page.request.get(`/api/dev/outbox?to=${mobile}`)).json()) as { code: string }[];
    const sentBefore = (await codes()).length;
    await login.getByLabel('Mobile number').fill(mobile);
    await login.getByRole('button', { name: 'Send OTP' }).click();
    await expect.poll(async () => (await codes()).length).toBeGreaterThan(sentBefore);
    await login.getByLabel(/Enter the 6-digit OTP/).fill((await codes())[0]!.code);
    await expect(page).toHaveURL(new RegExp(`/rate/${id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Rate this product' })).toBeVisible();
  });

  test('an unknown product has no rate page', async ({ page }) => {
    const response = await page.goto('/rate/999999');
    expect(response?.status()).toBe(404);
  });

  test('a review that fails on the network is kept in the browser and restored on return', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(/ERR_INTERNET_DISCONNECTED \(.*\/api\/reviews\)$/);
    const id = await productId(page.request, 'biryani-masala');
    await signUpThroughApi(page.request, { firstName: 'Kabir' });
    await open(page, `/rate/${id}`);
    await page.getByRole('radio', { name: /^5 stars/ }).check();
    await page.getByLabel('Description').fill('Layered, fragrant biryani every time.');

    await page.route('**/api/reviews', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toContainText(
      'Network error. Please check your internet connection.',
    );
    await page.unroute('**/api/reviews');

    await open(page, '/');
    await open(page, `/rate/${id}`);
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      'We restored the review you had not sent yet.',
    );
    await expect(page.getByRole('radio', { name: /^5 stars/ })).toBeChecked();
    await expect(page.getByLabel('Description')).toHaveValue('Layered, fragrant biryani every time.');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/product\/biryani-masala\?reviewed=true$/);

    // Sent: the draft is gone, and the page now edits the shopper's review.
    await open(page, `/rate/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit your review' })).toBeVisible();
    await expect(page.getByText('We restored the review you had not sent yet.')).toHaveCount(0);
  });

  test('product cards and the JSON-LD carry the average rating', async ({ page, request }) => {
    const id = await productId(request, 'garam-masala');
    const summary = await summaryOf(request, id);
    const newest = ((await (await request.get(`/api/reviews/${id}`)).json()) as ReviewPage).content;

    await open(page, '/');
    const card = page
      .getByRole('main')
      .getByRole('link', { name: /Garam Masala/ })
      .first();
    await expect(card.getByRole('img', { name: `Rated ${summary.average} out of 5` })).toBeVisible();
    await expect(card).toContainText(`(${summary.count}`);

    await page.goto('/product/garam-masala');
    const blobs = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
      (t) => JSON.parse(t) as Record<string, unknown>,
    );
    const product = blobs.find((b) => b['@type'] === 'Product') as {
      aggregateRating: { ratingValue: number; reviewCount: number };
      review: { reviewBody: string; reviewRating: { ratingValue: number } }[];
    };
    expect(product.aggregateRating).toMatchObject({
      ratingValue: summary.average,
      reviewCount: summary.count,
    });
    expect(product.review.length).toBeGreaterThan(0);
    expect(product.review.length).toBeLessThanOrEqual(5);
    expect(product.review[0]!.reviewBody).toBe(newest[0]!.description);
  });

  test('the rate page works at 390 px', async ({ page }) => {
    await page.setViewportSize(MOBILE);
    const id = await productId(page.request, 'kitchen-king-masala');
    await signUpThroughApi(page.request, { firstName: 'Tara' });
    await open(page, `/rate/${id}`);
    await expect(page.getByRole('radio', { name: /^3 stars/ })).toBeAttached();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/product\/kitchen-king-masala$/);
  });
});
