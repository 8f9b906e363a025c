// Shoppers' rights at 360 px (issue 35): file a grievance and see its status (signed in and
// signed out, English and Hindi), the back office answers it, download one's data, erase the
// account; screenshots at 360 and 1280 px for review (/tmp/shots/rights, not committed).
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { adminPage } from './admin-session.ts';
import { moveOrderThroughApi, placeOrder } from './orders-api.ts';
import { latestCode, randomMobile, signUpThroughApi } from './shoppers.ts';
import { expect, open, test } from './support.ts';

const SMALL = { width: 360, height: 780 } as const;
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots/rights';

async function shot(page: Page, name: string) {
  for (const [label, size] of [
    ['360', SMALL],
    ['1280', { width: 1280, height: 800 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png`, fullPage: true });
  }
  await page.setViewportSize(SMALL);
}

test.use({ viewport: SMALL });
// Screenshots at two widths and an order placed first: longer than the default 30 s on a shared machine.
test.describe.configure({ timeout: 180_000 });

test('a signed-in shopper files a grievance about an order and sees the reply', async ({ page, browser }) => {
  const { mobile } = await signUpThroughApi(page.request, { firstName: 'Kavya' });
  const { orderNumber } = await placeOrder(page.request, mobile);
  await open(page, '/grievance');
  await expect(page.getByRole('heading', { name: 'Grievance officer' })).toBeVisible();
  await expect(page.getByRole('main').getByText('Meera Joshi')).toBeVisible();
  await shot(page, 'grievance-en');
  await page.getByLabel('Order (optional)').selectOption(orderNumber);
  await page.getByLabel('What is it about?').selectOption('QUALITY');
  await page.getByLabel('Describe your complaint').fill('The cumin smelled stale.');
  await page.getByRole('button', { name: 'Submit complaint' }).click();
  await expect(page.getByRole('heading', { name: /^Complaint GRV-\d{2}-\d{6}$/ })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole('heading', { name: 'Complaint received' })).toBeVisible();
  await expect(page.getByTestId('grievance-status')).toHaveText('Received');
  await shot(page, 'grievance-status-en');
  const ticket = (await page.getByRole('heading', { level: 1 }).textContent())!.replace('Complaint ', '');

  const { context, admin } = await adminPage(browser);
  await admin.setViewportSize(SMALL);
  await admin.goto('/admin/grievances');
  const row = admin.locator('.grievance-row', { hasText: ticket });
  await row.getByLabel(/Reply to the shopper/).fill('We are sending a fresh pack today.');
  await row.getByRole('button', { name: 'Send reply' }).click();
  await expect(admin.getByText(`${ticket} is acknowledged`)).toBeVisible();
  await shot(admin, 'admin-grievances');
  await context.close();

  await page.reload();
  await expect(page.getByTestId('grievance-status')).toHaveText('Acknowledged');
  await expect(page.getByText('We are sending a fresh pack today.')).toBeVisible();
});

test('a signed-out shopper files in Hindi and opens the status from the message’s link', async ({ page }) => {
  const mobile = randomMobile();
  await open(page, '/hi/grievance');
  await expect(page.getByRole('heading', { name: 'शिकायत अधिकारी' })).toBeVisible();
  await page.getByLabel('अपनी शिकायत लिखें').fill('पार्सल देर से आया।');
  await page.getByLabel('आपका नाम').fill('सुनीता');
  await page.getByLabel('मोबाइल नंबर').fill(mobile);
  await shot(page, 'grievance-hi');
  await page.getByRole('button', { name: 'शिकायत भेजें' }).click();
  await expect(page.getByRole('heading', { name: 'शिकायत मिल गई' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('grievance-status')).toHaveText('प्राप्त');
  await shot(page, 'grievance-status-hi');
  // The SMS's link opens the ticket in a browser that has nothing else.
  const sms = (
    (await (await page.request.get(`/api/dev/outbox?to=${mobile}`)).json()) as { text: string }[]
  )[0]!;
  const link = /https?:\/\/\S+|\/hi\/grievance\/\S+/.exec(sms.text)![0];
  const path = link.replace(/^https?:\/\/[^/]+/, '');
  await page.context().clearCookies();
  await open(page, path);
  await expect(page.getByTestId('grievance-status')).toHaveText('प्राप्त');
  await open(page, path.replace(/\?.*$/, ''));
  await expect(page.getByText('यह शिकायत नहीं मिली।')).toBeVisible();
});

test('a shopper downloads their data and erases the account; the mobile signs up again as new', async ({
  page,
  browser,
}) => {
  const mobile = randomMobile();
  await signUpThroughApi(page.request, { firstName: 'Farah', mobile });
  const { orderNumber } = await placeOrder(page.request, mobile);
  await open(page, '/profile');
  await expect(page.getByRole('link', { name: 'Download my data' })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download my data' }).click(),
  ]);
  const data = JSON.parse(readFileSync((await download.path())!, 'utf8'));
  expect(data.profile.mobile).toBe(mobile);
  expect(data.orders[0].orderNumber).toBe(orderNumber);

  // An order on its way: not yet.
  await page.getByRole('button', { name: 'Erase my account' }).click();
  await expect(page.getByText('You have an order in progress.', { exact: false })).toBeVisible();
  await shot(page, 'profile-data-en');
  await open(page, '/hi/profile');
  await expect(page.getByRole('link', { name: 'मेरा डेटा डाउनलोड करें' })).toBeVisible();
  await shot(page, 'profile-data-hi');

  const { context, admin } = await adminPage(browser);
  await moveOrderThroughApi(admin.request, orderNumber, ['CONFIRMED', 'PACKED', 'SHIPPED', 'DELIVERED']);
  await context.close();

  await open(page, '/profile');
  await page.getByRole('button', { name: 'Erase my account' }).click();
  await expect(page.getByText(/We have sent a 6-digit code to/)).toBeVisible();
  await page.getByLabel('Code').fill(await latestCode(page.request, mobile));
  await shot(page, 'profile-erase-code-en');
  await page.getByRole('button', { name: 'Erase my account for good' }).click();
  await expect(page.getByText('Your account has been erased.', { exact: false })).toBeVisible();
  expect((await page.request.get('/api/user/data-export')).status()).toBe(401);

  await signUpThroughApi(page.request, { firstName: 'Farah', mobile });
  const fresh = await (await page.request.get('/api/user/data-export')).json();
  expect(fresh.orders).toEqual([]);
});

test('the footer names the grievance officer and links to the grievance page, in both languages', async ({
  page,
}) => {
  await open(page, '/');
  const officer = page.getByRole('contentinfo').getByRole('link', { name: 'Grievance Officer: Meera Joshi' });
  await expect(officer).toHaveAttribute('href', '/grievance');
  await open(page, '/hi');
  const hindi = page.getByRole('contentinfo').getByRole('link', { name: 'शिकायत अधिकारी: Meera Joshi' });
  await expect(hindi).toHaveAttribute('href', '/hi/grievance');
  await hindi.click();
  await expect(page.getByRole('heading', { level: 1, name: 'शिकायतें' })).toBeVisible();
  await expect(page.getByRole('main').getByText('Meera Joshi')).toBeVisible();
});

test('the signup form’s WhatsApp opt-in is recorded as a consent with its words and source', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const mobile = randomMobile();
  const email = `nisha.${mobile}@example.in`;
  await open(page, '/');
  await page.getByRole('button', { name: 'Login' }).click();
  const login = page.getByRole('dialog', { name: 'Login' });
  await login.getByLabel('Mobile number').fill(mobile);
  await login.getByRole('button', { name: 'Send OTP' }).click();
  const code = login.getByLabel(/Enter the 6-digit OTP/);
  await expect(code).toBeVisible();
  await code.fill(await latestCode(page.request, mobile));
  const signup = page.getByRole('dialog', { name: 'Complete Signup' });
  await signup.getByLabel('First Name').fill('Nisha');
  await signup.getByLabel('Email', { exact: true }).fill(email);
  await signup.getByRole('button', { name: 'Validate' }).click();
  await expect(signup.getByRole('status')).toHaveText('OTP sent to your email.');
  await signup.getByLabel('Email OTP').fill(await latestCode(page.request, email));
  await expect(signup.getByRole('img', { name: 'Email validated' })).toBeVisible();
  const whatsapp = signup.getByRole('checkbox', { name: /WhatsApp updates about my orders/ });
  await expect(whatsapp).not.toBeChecked();
  await whatsapp.check();
  await page.setViewportSize(SMALL);
  await page.screenshot({ path: `${SHOTS}/signup-whatsapp-360.png` });
  await signup.getByRole('button', { name: 'Submit' }).click();
  await expect(signup).toBeHidden();
  const consents = await (await page.request.get('/api/user/consents')).json();
  expect(consents.history).toEqual([
    expect.objectContaining({
      purpose: 'whatsapp',
      given: true,
      source: 'signup',
      language: 'en',
      textShown: expect.stringMatching(/^WhatsApp updates about my orders \(\+91 \d{10}\)\. We send/),
    }),
  ]);
});

test('the privacy notice in both languages, linked from the footer', async ({ page }) => {
  await open(page, '/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Notice' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Notice' })).toBeVisible();
  await expect(page.getByText('Orders and invoices: 8 years', { exact: false })).toBeVisible();
  await shot(page, 'privacy-en');
  await open(page, '/hi/privacy-notice');
  await expect(page.getByRole('heading', { level: 1, name: 'गोपनीयता सूचना' })).toBeVisible();
  await shot(page, 'privacy-hi');
});
