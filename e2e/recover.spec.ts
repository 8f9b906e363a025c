// Bringing shoppers back (issue 37) on a 360 px phone: a shopper who chose offers on WhatsApp adds
// a spice, leaves; the demo clock moves their time on two hours; the reminder is in the dev outbox;
// its link restores the cart and the order is placed. And 'Notify me when it's back' on a sold-out
// pack, the back office restocks it, the alert is in the outbox. Screenshots of the new screens at
// 360 and 1280 px, in English and Hindi.
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { adminPage } from './admin-session.ts';
import { addAddressThroughApi, signUpThroughApi } from './shoppers.ts';
import { expect, open, test } from './support.ts';

const SHOTS = '/tmp/shots/recover';
// Both journeys lift the quiet hours and put them back: one after the other.
test.describe.configure({ mode: 'serial' });
const PHONE = { width: 360, height: 800 };
const WIDE = { width: 1280, height: 800 };

async function shots(page: Page, name: string) {
  await page.setViewportSize(PHONE);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: `${SHOTS}/${name}-360.png`, fullPage: true });
  await page.setViewportSize(WIDE);
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize(PHONE);
}

/** The marketing settings without quiet hours while `run` runs (the journey runs at any hour). */
async function withoutQuietHours(browser: Browser, run: () => Promise<void>) {
  const { context, admin } = await adminPage(browser);
  const loaded = await (await admin.request.get('/api/admin/marketing-settings')).json();
  const put = (body: object) => admin.request.put('/api/admin/marketing-settings', { data: body });
  const saved = await put({ ...loaded, quietHours: null });
  expect(saved.status(), await saved.text()).toBe(200);
  try {
    await run();
  } finally {
    const now = await (await admin.request.get('/api/admin/marketing-settings')).json();
    await put({ ...now, quietHours: loaded.quietHours });
    await context.close();
  }
}

/** The first outbox text for `to` that matches `pattern`, polled (the job worker runs it). */
async function fromOutbox(request: APIRequestContext, to: string, pattern: RegExp) {
  let found = '';
  await expect
    .poll(
      async () => {
        const sent = (await (await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`)).json()) as {
          text: string;
        }[];
        found = sent.find((m) => pattern.test(m.text))?.text ?? '';
        return found;
      },
      { timeout: 30_000 },
    )
    .not.toBe('');
  return found;
}

test('add to cart, leave, a reminder in the outbox, its link restores the cart, order placed (360 px)', async ({
  page,
  browser,
  consoleErrors,
}) => {
  test.setTimeout(150_000);
  consoleErrors.allow(/Blocked script execution in 'about:srcdoc'/);
  await page.setViewportSize(PHONE);
  const shopper = await signUpThroughApi(page.request, { firstName: 'Ishaan' });
  await addAddressThroughApi(page.request, shopper.mobile);
  await withoutQuietHours(browser, async () => {
    // Offers on WhatsApp and by e-mail, chosen on the profile page.
    await open(page, '/profile');
    await page.getByRole('checkbox', { name: 'On WhatsApp' }).check();
    await page.getByRole('checkbox', { name: 'By e-mail' }).check();
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await expect(page.getByText('Your message preferences are saved.')).toBeVisible();
    await page.getByRole('group', { name: 'Offers and reminders' }).scrollIntoViewIfNeeded();
    await shots(page, 'profile-offers-en');

    await open(page, '/product/garam-masala');
    await page
      .getByRole('group', { name: 'Weight', exact: true })
      .getByRole('button', { name: '100g', exact: true })
      .click();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByText('Added to cart')).toBeVisible();
    // Leaves the shop; two hours pass for this shopper (the demo-only clock).
    await open(page, '/about');
    const moved = await page.request.post('/api/dev/marketing/clock', { data: { advanceMinutes: 120 } });
    expect(moved.status(), await moved.text()).toBe(200);

    const reminder = await fromOutbox(page.request, shopper.mobile, /\/cart\/recover\//);
    expect(reminder).toContain('Garam Masala 100g × 1');
    expect(reminder).toContain('Reply STOP to stop');
    const link = reminder.match(/\/cart\/recover\/[A-Za-z0-9_-]{43}/)![0];
    // The dev outbox shows it.
    await open(page, '/dev/outbox');
    await expect(
      page
        .locator('tr')
        .filter({ hasText: `+91 ${shopper.mobile}` })
        .filter({ hasText: '/cart/recover/' })
        .first(),
    ).toBeVisible();

    // Signed out (another browser), the link asks to sign in with that mobile and signs nobody in.
    const stranger = await browser.newContext();
    const other = await stranger.newPage();
    await other.setViewportSize(PHONE);
    await open(other, link);
    await expect(other.getByRole('heading', { level: 1 })).toHaveText('Your saved cart');
    await expect(
      other.getByText(`Sign in with +91 ******${shopper.mobile.slice(-4)} to see it.`, { exact: false }),
    ).toBeVisible();
    await shots(other, 'recover-sign-in-en');
    await open(other, `/hi${link}`);
    await expect(other.getByRole('heading', { level: 1 })).toHaveText('आपकी सहेजी गई कार्ट');
    await shots(other, 'recover-sign-in-hi');
    await open(other, '/cart/recover/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    await expect(other.getByRole('heading', { level: 1 })).toHaveText('This link has expired');
    await shots(other, 'recover-expired-en');
    await stranger.close();

    // Meanwhile the cart was emptied; the link brings the line back, at today's price.
    const cart = (await (await page.request.get(`/api/cart/user/${shopper.mobile}`)).json()) as {
      id: number;
    }[];
    for (const line of cart) await page.request.delete(`/api/cart/${line.id}`);
    await open(page, link);
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole('main')).toContainText('Garam Masala');
    await shots(page, 'recover-cart-en');

    await open(page, '/checkout');
    const box = page.getByRole('checkbox', { name: 'Send me offers and reminders on WhatsApp' });
    await expect(box).not.toBeChecked();
    await box.check();
    await box.scrollIntoViewIfNeeded();
    await shots(page, 'checkout-offers-en');
    const details = page.getByRole('complementary', { name: 'Price Details' });
    await details.getByRole('radio', { name: /Cash on delivery/ }).check();
    await details.getByRole('button', { name: /Place Order/ }).click();
    await expect(page.getByRole('heading', { name: 'Order Placed!' })).toBeVisible();

    // The back office counts the recovery once the scan has seen the order.
    const { context, admin } = await adminPage(browser);
    await admin.setViewportSize(PHONE);
    await expect
      .poll(
        async () => {
          await page.request.post('/api/dev/marketing/clock', { data: { advanceMinutes: 0 } });
          const list = await (await admin.request.get('/api/admin/abandoned-carts')).json();
          return list.carts.find((c: { shopper: { mobile: string } }) => c.shopper.mobile === shopper.mobile)
            ?.status;
        },
        { timeout: 30_000 },
      )
      .toBe('RECOVERED');
    await open(admin, '/admin/abandoned-carts');
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Abandoned carts');
    await expect(admin.getByRole('region', { name: 'Totals' })).toContainText('Orders recovered');
    await shots(admin, 'admin-abandoned-carts');
    await context.close();

    // The e-mail's unsubscribe link turns e-mail offers off without signing in.
    const mail = await fromOutbox(page.request, shopper.email, /\/unsubscribe\//);
    const unsubscribe = mail.match(/\/unsubscribe\/[A-Za-z0-9_-]{43}/)![0];
    const anon = await browser.newContext();
    const anonPage = await anon.newPage();
    await anonPage.setViewportSize(PHONE);
    await open(anonPage, `/hi${unsubscribe}`);
    await expect(anonPage.getByRole('heading', { level: 1 })).toHaveText('आपकी सदस्यता समाप्त हो गई है');
    await shots(anonPage, 'unsubscribe-hi');
    await open(anonPage, unsubscribe);
    await expect(anonPage.getByRole('status')).toContainText(
      'You will no longer get offers and reminders by e-mail.',
    );
    await shots(anonPage, 'unsubscribe-en');
    await anon.close();
    const prefs = await (await page.request.get('/api/user/message-preferences')).json();
    expect(prefs.marketing).toEqual({ whatsapp: true, sms: false, email: false });
  });
});

test("'Notify me when it's back', the back office restocks, the alert is in the outbox (360 px)", async ({
  page,
  browser,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  // The dev outbox shows e-mails in sandboxed frames (scripts blocked, as intended).
  consoleErrors.allow(/Blocked script execution in 'about:srcdoc'/);
  await page.setViewportSize(PHONE);
  const shopper = await signUpThroughApi(page.request, { firstName: 'Tara' });
  await withoutQuietHours(browser, async () => {
    await open(page, '/hi/product/garam-masala');
    await expect(page.getByRole('button', { name: 'वापस आने पर मुझे बताएँ' })).toBeVisible();
    await shots(page, 'notify-me-hi');
    await open(page, '/product/garam-masala');
    await page.getByRole('button', { name: "Notify me when it's back" }).click();
    await expect(
      page.getByRole('status').filter({ hasText: "We will tell you when it's back." }),
    ).toBeVisible();
    await shots(page, 'notify-me-en');

    const { context, admin } = await adminPage(browser);
    await admin.setViewportSize(PHONE);
    const stock = (await (await admin.request.get('/api/admin/stock')).json()) as {
      variantId: number;
      productName: string;
      weight: string;
      sku: string;
      stock: number;
    }[];
    const pack = stock.find((v) => v.productName === 'Garam Masala' && v.weight === '500g')!;
    expect(pack.stock).toBe(0);
    try {
      await open(admin, '/admin');
      await expect(admin.getByRole('region', { name: 'Most wanted sold-out items' })).toContainText(
        'Garam Masala 500g',
      );
      await shots(admin, 'admin-dashboard-most-wanted');
      await open(admin, '/admin/stock');
      await admin.getByLabel(`Change for ${pack.sku}`).fill('+2');
      await admin.getByLabel(`Reason for ${pack.sku}`).fill('Fresh batch');
      await admin
        .getByLabel(`Change for ${pack.sku}`)
        .locator('xpath=ancestor::form')
        .getByRole('button', { name: 'Apply' })
        .click();
      const alert = await fromOutbox(page.request, shopper.mobile, /is back in stock/);
      expect(alert).toContain('Garam Masala 500g is back in stock');
      expect(alert).toContain('/product/garam-masala');
      await open(page, '/dev/outbox');
      await expect(
        page
          .locator('tr')
          .filter({ hasText: `+91 ${shopper.mobile}` })
          .filter({ hasText: 'is back in stock' })
          .first(),
      ).toBeVisible();
    } finally {
      // Sold out again, as the other journeys expect it.
      const now = (await (await admin.request.get('/api/admin/stock')).json()) as {
        variantId: number;
        stock: number;
      }[];
      const left = now.find((v) => v.variantId === pack.variantId)!.stock;
      if (left > 0)
        await admin.request.post(`/api/admin/variants/${pack.variantId}/stock`, {
          data: { change: -left, reason: 'Back to the seed' },
        });
      await context.close();
    }
  });
});
