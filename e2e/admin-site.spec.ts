// The back office's site journeys: the demo admin schedules banners, edits the footer, adds a
// marketplace link, reorders the About page and creates a coupon; the storefront shows each change
// on its next request. These change what every storefront journey checks (the home banner, the
// footer, the About order), so playwright.config.ts runs this file after all of them.
import type { Page } from '@playwright/test';
import { adminPage } from './admin-session.ts';
import { signUpThroughApi } from './shoppers.ts';
import { expect, fetchProducts, open, test } from './support.ts';

test.describe.configure({ mode: 'serial' });

/** A 2 × 2 PNG, as a logo upload. */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGM4FMYDRAwQCgAi1gSRm2hvKgAAAABJRU5ErkJggg==';

/** A datetime-local value on an Indian clock (IST, UTC+05:30), `hours` from now. */
function istLocal(hours: number): string {
  return new Date(Date.now() + hours * 3_600_000 + 330 * 60_000).toISOString().slice(0, 16);
}

async function addBanner(admin: Page, fields: { image: string; alt: string; start: string; end: string }) {
  await open(admin, '/admin/banners');
  await admin.getByRole('link', { name: 'Add banner' }).click();
  await expect(admin.getByRole('heading', { name: 'Add banner' })).toBeVisible();
  await admin.getByLabel('Banner image', { exact: true }).fill(fields.image);
  await admin.getByLabel('Description (alt text) (English)').fill(fields.alt);
  await admin.getByLabel('Starts (IST)').fill(fields.start);
  await admin.getByLabel('Ends (IST)').fill(fields.end);
  await admin.getByRole('button', { name: 'Add banner' }).click();
}

test('an admin schedules banners: the live one shows on the home page at once, the future one does not', async ({
  browser,
  page,
}) => {
  const { context, admin } = await adminPage(browser);

  // An end before the start is refused on the page, next to the field, by the shared schema.
  await addBanner(admin, {
    image: '/images/banners/past-sale.svg',
    alt: 'Holi colours sale: 15% off every masala',
    start: istLocal(2),
    end: istLocal(1),
  });
  const end = admin.getByLabel('Ends (IST)');
  await expect(end).toHaveAttribute('aria-invalid', 'true');
  await expect(admin.getByText('The end must be after the start.')).toBeVisible();

  await end.fill(istLocal(48));
  await admin.getByLabel('Starts (IST)').fill(istLocal(-1));
  await admin.getByRole('button', { name: 'Add banner' }).click();
  await expect(admin.getByRole('heading', { name: 'Banners' })).toBeVisible();
  await expect(admin.getByText('Banner saved.')).toBeVisible();

  await addBanner(admin, {
    image: '/images/banners/festive.svg',
    alt: 'Diwali preview: opens tomorrow',
    start: istLocal(24),
    end: istLocal(72),
  });
  await expect(admin.getByText('Banner saved.')).toBeVisible();

  const rows = admin.getByRole('list', { name: 'Banners in order' }).getByRole('listitem');
  const live = rows.filter({ hasText: 'Holi colours sale' });
  const future = rows.filter({ hasText: 'Diwali preview' });
  await expect(live.getByText('Live now')).toBeVisible();
  await expect(live.getByText('On the home page')).toBeVisible();
  await expect(future.getByText('Scheduled')).toBeVisible();
  await expect(future.getByText('On the home page')).toHaveCount(0);
  await context.close();

  await open(page, '/');
  const banner = page.getByRole('region', { name: 'Featured offer' }).getByRole('img');
  await expect(banner).toHaveAccessibleName('Holi colours sale: 15% off every masala');
  await expect(banner).toHaveAttribute('src', '/images/banners/past-sale.svg');
  await expect(page.getByRole('img', { name: 'Diwali preview: opens tomorrow' })).toHaveCount(0);
});

test('an admin changes the support phone and adds a footer link; the footer shows both', async ({
  browser,
  page,
}) => {
  const { context, admin } = await adminPage(browser);
  await open(admin, '/admin');
  await admin.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Site' }).click();
  await expect(admin.getByRole('heading', { name: 'Contact support' })).toBeVisible();

  const phone = admin.getByLabel('Support phone');
  await phone.fill('call us');
  await admin.getByRole('button', { name: 'Save footer' }).click();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(admin.getByText('Enter a phone number like +91 98123 45670.')).toBeVisible();

  await phone.fill('+91 98111 22233');
  await admin.getByLabel('Link text, row 1').fill('Bulk orders');
  await admin.getByLabel('Link address, row 1').fill('/contact');
  await admin.getByRole('button', { name: 'Save footer' }).click();
  await expect(admin.getByText('Footer saved; the shop shows it now.')).toBeVisible();
  await context.close();

  await open(page, '/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: '+91 98111 22233' })).toHaveAttribute(
    'href',
    'tel:+919811122233',
  );
  await expect(footer.getByRole('link', { name: 'Bulk orders' })).toHaveAttribute('href', '/contact');
});

test('an admin adds a marketplace link; the footer lists it under Also available on', async ({
  browser,
  page,
}) => {
  const { context, admin } = await adminPage(browser);
  await open(admin, '/admin/site/marketplaces');
  const add = admin.getByRole('region', { name: 'Add a marketplace' });
  await add.getByLabel('Marketplace name').fill('JioMart');
  await add.getByLabel('Your shop’s page there').fill('jiomart.com/kesar');
  // The logo is uploaded: a file that is not an image is refused before it is sent.
  const file = add.locator('input[type="file"]');
  await file.setInputFiles({ name: 'logo.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expect(add.getByText(/not a JPEG, PNG, WebP or AVIF image/)).toBeVisible();
  await file.setInputFiles({
    name: 'jiomart.png',
    mimeType: 'image/png',
    buffer: Buffer.from(PNG, 'base64'),
  });
  await expect(add.getByText('Uploaded. Save the form to use it.')).toBeVisible();
  await expect(add.getByLabel('Logo', { exact: true })).toHaveValue(/^\/media\/|^https:\/\//);
  const logoUrl = await add.getByLabel('Logo', { exact: true }).inputValue();
  await add.getByRole('button', { name: 'Add marketplace' }).click();
  await expect(add.getByText('Enter a full address starting with https://.')).toBeVisible();
  await add.getByLabel('Your shop’s page there').fill('https://www.jiomart.com/search/kesar%20chakki');
  await add.getByRole('button', { name: 'Add marketplace' }).click();
  await expect(admin.getByText('JioMart saved; the footer shows it now.')).toBeVisible();
  await expect(
    admin.getByRole('list', { name: 'Marketplace links in order' }).getByRole('listitem').last(),
  ).toContainText('JioMart');
  await context.close();

  await open(page, '/');
  const link = page.getByRole('contentinfo').getByRole('link', { name: 'JioMart', exact: true });
  await expect(link).toHaveAttribute('href', 'https://www.jiomart.com/search/kesar%20chakki');
  await expect(link).toHaveAttribute('target', '_blank');
  const logo = link.getByRole('img', { name: 'JioMart' });
  await expect(logo).toHaveAttribute('src', logoUrl);
  // Footer logos load lazily: bring it into view, then it must really load from the stored address.
  await logo.scrollIntoViewIfNeeded();
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});

test('an admin moves an About section up; /about shows the new order', async ({ browser, page }) => {
  const { context, admin } = await adminPage(browser);
  await open(admin, '/admin/site/about');
  const titles = admin
    .getByRole('list', { name: 'About page sections in order' })
    .locator('.admin-row__title');
  const before = (await titles.allTextContents()).map((t) => t.replace(/^\d+\.\s*/, ''));
  const last = before.at(-1)!;
  const secondLast = before.at(-2)!;
  await admin.getByRole('button', { name: `Move “${last}” up` }).click();
  await expect(admin.getByText('Order saved; /about shows it now.')).toBeVisible();
  const expected = [...before.slice(0, -2), last, secondLast];
  await expect
    .poll(async () => (await titles.allTextContents()).map((t) => t.replace(/^\d+\.\s*/, '')))
    .toEqual(expected);
  await context.close();

  await open(page, '/about');
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(expected);
});

test('an admin creates a coupon; a shopper finds it among the available coupons at checkout', async ({
  browser,
  page,
}) => {
  test.setTimeout(60_000);
  const { context, admin } = await adminPage(browser);
  await open(admin, '/admin/coupons');
  await admin.getByRole('link', { name: 'Create coupon' }).click();
  await admin.getByLabel('Code').fill(' holi15 ');
  await admin.getByLabel('Description shown to shoppers (English)').fill('Holi special: 15% off up to ₹150');
  await admin.getByLabel('Percent off (%)').fill('115');
  await admin.getByLabel('Maximum discount (₹, optional)').fill('150');
  await admin.getByLabel('Valid until (IST)').fill(istLocal(24 * 30));
  await admin.getByLabel('Uses per shopper (optional)').fill('1');
  await admin.getByRole('button', { name: 'Create coupon' }).click();
  await expect(admin.getByLabel('Percent off (%)')).toHaveAttribute('aria-invalid', 'true');
  await expect(admin.getByText(/at most 100/)).toBeVisible();
  await admin.getByLabel('Percent off (%)').fill('15');
  await admin.getByRole('button', { name: 'Create coupon' }).click();
  await expect(admin.getByText('Coupon saved. Shoppers see the change now.')).toBeVisible();
  const row = admin.getByRole('row').filter({ hasText: 'HOLI15' });
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await expect(row).toContainText('15% off, up to ₹150');
  await expect(row).toContainText('0 used');
  await context.close();

  // A shopper with something in the cart opens checkout and the coupons list.
  const shopper = await signUpThroughApi(page.request, { firstName: 'Holika' });
  const { active } = await fetchProducts(page.request);
  const product = active.find((p) => p.slug === 'garam-masala')!;
  const added = await page.request.post('/api/cart', {
    data: {
      productId: product.id,
      variant: product.variants[0]!.weight,
      quantity: 1,
      phoneNumber: `+91${shopper.mobile}`,
    },
  });
  expect(added.status()).toBe(201);
  await open(page, '/checkout');
  await page.getByRole('button', { name: 'View Available Coupons' }).click();
  const coupons = page.getByRole('dialog', { name: 'Available Coupons' });
  await expect(coupons.getByText('HOLI15')).toBeVisible();
  await expect(coupons.getByText('Holi special: 15% off up to ₹150')).toBeVisible();
});
