// COD confirmation (issue 34) on a 360 px phone: a COD order is placed, its link opened from the
// dev outbox; the shopper changes the address (the checkout's form) and the order is confirmed, or
// confirms and then cancels it, or (signed out) pays online and saves from the link. Both in English
// and in Hindi; screenshots at 360 and 1280 px.
import type { Page } from '@playwright/test';
import { placeCodOrder } from './orders-api.ts';
import { signUpThroughApi } from './shoppers.ts';
import { expect, open, test } from './support.ts';

const SHOTS = '/tmp/shots/codc2';

/** The confirmation link sent to this mobile, read off the /dev/outbox page. */
async function linkFromOutbox(page: Page, mobile: string, lang: 'en' | 'hi') {
  let path = '';
  await expect
    .poll(
      async () => {
        await open(page, '/dev/outbox');
        const row = page
          .locator('tr')
          .filter({ hasText: `+91 ${mobile}` })
          .filter({ hasText: '/confirm/' });
        const text = (await row.count()) > 0 ? ((await row.first().textContent()) ?? '') : '';
        path = text.match(/(\/hi)?\/confirm\/[A-Za-z0-9_-]{43}/)?.[0] ?? '';
        return path;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');
  expect(path.startsWith('/hi/')).toBe(lang === 'hi');
  return path;
}

async function placedInLanguage(page: Page, lang: 'en' | 'hi', firstName: string) {
  const shopper = await signUpThroughApi(page.request, { firstName });
  // The order's language is the placing request's (decision 0019).
  const placed = await placeCodOrder(lang === 'hi' ? withHindi(page) : page.request, shopper.mobile);
  return { shopper, ...placed };
}

/** The page's request context, asking in Hindi (Accept-Language) as the Hindi checkout does. */
function withHindi(page: Page) {
  const request = page.request;
  const hindi = { 'accept-language': 'hi' };
  return new Proxy(request, {
    get(target, prop) {
      if (prop === 'post')
        return (url: string, options: { data?: unknown } = {}) =>
          target.post(url, { ...options, headers: hindi });
      const value = Reflect.get(target, prop);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

const TEXTS = {
  en: {
    changeAddress: 'Change address',
    save: 'Save address and confirm',
    confirm: 'Confirm order',
    cancel: 'Cancel order',
    cancelYes: 'Yes, cancel it',
    confirmed: /is confirmed/,
    cancelled: /has been cancelled/,
    payNow: /Pay now and save/,
    paid: /is now paid online/,
  },
  hi: {
    changeAddress: 'पता बदलें',
    save: 'पता सहेजें और पुष्टि करें',
    confirm: 'ऑर्डर की पुष्टि करें',
    cancel: 'ऑर्डर रद्द करें',
    cancelYes: 'हाँ, रद्द करें',
    confirmed: /पुष्टि हो/,
    cancelled: /रद्द कर दिया गया/,
    payNow: /अभी भुगतान करें/,
    paid: /भुगतान अब ऑनलाइन हो चुका है/,
  },
} as const;

for (const lang of ['en', 'hi'] as const) {
  const t = TEXTS[lang];

  test(`${lang}: place COD, open the link from the outbox, change the address, confirmed (360 px)`, async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(90_000);
    // The dev outbox shows e-mails in sandboxed frames (scripts blocked, as intended).
    consoleErrors.allow(/Blocked script execution in 'about:srcdoc'/);
    await page.setViewportSize({ width: 360, height: 800 });
    const { shopper, orderNumber } = await placedInLanguage(page, lang, lang === 'hi' ? 'Meera' : 'Arjun');
    const link = await linkFromOutbox(page, shopper.mobile, lang);
    await open(page, link);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(orderNumber);
    await expect(page.getByRole('button', { name: t.confirm })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: `${SHOTS}/confirm-${lang}-360.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: `${SHOTS}/confirm-${lang}-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 360, height: 800 });

    await page.getByRole('button', { name: t.changeAddress }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('#address-pincode').fill('400001');
    await dialog.locator('#address-locality').fill('Fort');
    await dialog.locator('#address-addressLine').fill('7, Rampart Row');
    await dialog.locator('#address-city').fill('Mumbai');
    await dialog.locator('#address-state').fill('Maharashtra');
    await page.screenshot({ path: `${SHOTS}/address-${lang}-360.png`, fullPage: true });
    await dialog.getByRole('button', { name: t.save }).click();
    await expect(page.getByRole('status')).toHaveText(t.confirmed);
    await expect(page.locator('.delivery-address')).toContainText('7, Rampart Row');
    await page.screenshot({ path: `${SHOTS}/confirmed-${lang}-360.png`, fullPage: true });

    // The order says so, and the owner may now pack it.
    const order = await (await page.request.get(`/api/orders/${orderNumber}`)).json();
    expect(order).toMatchObject({ codConfirmation: 'CONFIRMED' });
    expect(order.deliveryAddress.pincode).toBe('400001');
  });

  test(`${lang}: open the link, confirm, then cancel the order (360 px)`, async ({ page, consoleErrors }) => {
    test.setTimeout(90_000);
    // The dev outbox shows e-mails in sandboxed frames (scripts blocked, as intended).
    consoleErrors.allow(/Blocked script execution in 'about:srcdoc'/);
    await page.setViewportSize({ width: 360, height: 800 });
    const { shopper, orderNumber } = await placedInLanguage(page, lang, lang === 'hi' ? 'Kiran' : 'Rohan');
    const link = await linkFromOutbox(page, shopper.mobile, lang);
    await open(page, link);
    // The existing pay-now offer (demo: the ₹29 COD fee saved).
    await expect(page.getByRole('button', { name: t.payNow })).toBeVisible();
    await page.getByRole('button', { name: t.confirm }).click();
    await expect(page.getByRole('status')).toHaveText(t.confirmed);
    await page.getByRole('button', { name: t.cancel }).click();
    await page.getByRole('dialog').getByRole('button', { name: t.cancelYes }).click();
    await expect(page.getByRole('status')).toHaveText(t.cancelled);
    await page.screenshot({ path: `${SHOTS}/cancelled-${lang}-360.png`, fullPage: true });
    const order = await (await page.request.get(`/api/orders/${orderNumber}`)).json();
    expect(order).toMatchObject({ orderStatus: 'CANCELLED', codConfirmation: 'CANCELLED' });
    // The link no longer opens anything.
    const again = await open(page, link);
    expect(again?.status()).toBe(404);
  });

  test(`${lang}: signed out, open the link and pay now and save: the order is prepaid (360 px)`, async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(90_000);
    consoleErrors.allow(/Blocked script execution in 'about:srcdoc'/);
    await page.setViewportSize({ width: 360, height: 800 });
    const { shopper, orderNumber } = await placedInLanguage(page, lang, lang === 'hi' ? 'Latha' : 'Vikram');
    const link = await linkFromOutbox(page, shopper.mobile, lang);
    // No sign-in: the token is the key.
    await page.context().clearCookies();
    await open(page, link);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(orderNumber);
    await page.getByRole('button', { name: t.payNow }).click();
    // The simulated gateway's window (demo mode), paid under the link.
    const gateway = page.getByRole('dialog');
    await gateway.getByRole('button', { name: /₹/ }).click();
    await expect(page.getByRole('status')).toHaveText(t.paid);
    await expect(page.getByRole('button', { name: t.payNow })).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/paid-${lang}-360.png`, fullPage: true });
    const token = link.split('/').at(-1);
    const view = await (await page.request.get(`/api/cod-confirmations/${token}`)).json();
    expect(view).toMatchObject({ status: 'CONFIRMED', paidOnline: true, payNow: null });
  });
}
