// The back office's products journey: the demo admin creates a product with two variants and an
// image, and shoppers see it on the home page and its product page straight away.
import sharp from 'sharp';
import { adminPage } from './admin-session.ts';
import { expect, open, rupees, test } from './support.ts';

/** A photo-like JPEG, as a phone would give it. */
function packShot(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1600">
    <rect width="100%" height="100%" fill="#f6e3c5"/><circle cx="800" cy="800" r="560" fill="#8f3d06"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

test('an admin creates a product with two variants and an image; it shows on the home page and its product page', async ({
  browser,
}) => {
  const name = `Ajwain Masala ${Date.now() % 100000}`;
  const sku = `KC-AJ-${Date.now() % 100000}`;
  const { context, admin } = await adminPage(browser);

  await open(admin, '/admin/products');
  await expect(admin.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
  await admin.getByRole('link', { name: 'New product' }).click();
  await expect(admin.getByRole('heading', { name: 'New product' })).toBeVisible();

  await admin.getByLabel('Name (English)', { exact: true }).fill(name);
  await admin
    .getByRole('textbox', { name: 'About line 1 (English)' })
    .fill('Carom seeds, roasted and stone-ground');
  await admin.getByLabel('Weight, variant 1').fill('100 g');
  await admin.getByLabel('Price, variant 1').fill('65');
  await admin.getByLabel('MRP, variant 1').fill('60');
  await admin.getByLabel('Stock, variant 1').fill('30');
  await admin.getByLabel('SKU, variant 1').fill(`${sku}-100`);
  await admin.getByLabel('Weight, variant 2').fill('200 g');
  await admin.getByLabel('Price, variant 2').fill('120.50');
  await admin.getByLabel('MRP, variant 2').fill('140');
  await admin.getByLabel('Stock, variant 2').fill('12');
  await admin.getByLabel('SKU, variant 2').fill(`${sku}-200`);

  // The shared schema refuses an MRP below the price before anything is sent.
  await admin.getByRole('button', { name: 'Create product' }).click();
  await expect(admin.getByText('MRP cannot be below the price.')).toBeVisible();
  await expect(admin).toHaveURL(/\/admin\/products\/new$/);
  await admin.getByLabel('MRP, variant 1').fill('75');
  // Publishing needs the pack's own declarations; the shop's defaults fill the maker and the rest.
  await admin.getByRole('button', { name: 'Create product' }).click();
  await expect(
    admin.getByText('Add the generic name, the ingredients and the shelf life before publishing.').first(),
  ).toBeVisible();
  await admin.getByLabel('Generic name (English)').fill('Spice blend (ajwain masala)');
  await admin.getByLabel('Ingredients (English)').fill('Carom seeds, black salt, cumin');
  await admin.getByLabel('Shelf life (months from packing)').fill('12');
  await admin.getByRole('button', { name: 'Create product' }).click();

  await expect(admin).toHaveURL(/\/admin\/products\/\d+\?created/);
  await expect(admin.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(admin.getByText('Product created. Add its images below.')).toBeVisible();

  // A text file named .jpg is refused in the browser, naming the problem.
  await admin.getByLabel('Add an image').setInputFiles({
    name: 'notes.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('not a photo at all'),
  });
  await expect(admin.getByText('This file is not a JPEG, PNG, WebP or AVIF image.')).toBeVisible();

  await admin
    .getByLabel('Add an image')
    .setInputFiles({ name: 'pack.jpg', mimeType: 'image/jpeg', buffer: await packShot() });
  await admin.getByLabel('Alt text', { exact: true }).fill(`${name} pack`);
  await admin.getByRole('button', { name: 'Upload image' }).click();
  await expect(admin.getByText('Image added. The shop shows it now.')).toBeVisible();
  const thumb = admin.getByRole('img', { name: `${name} pack` });
  await expect(thumb).toHaveAttribute('srcset', /\/media\/[a-f0-9]+-400\.webp 400w/);
  await context.close();

  // A shopper (no session) sees it on the home page at once, with the uploaded image.
  const shopper = await browser.newPage();
  await open(shopper, '/');
  const card = shopper.locator('a.card', { hasText: name });
  await expect(card).toBeVisible();
  await expect(card).toContainText(rupees(65));
  await expect(card.locator('img')).toHaveAttribute('srcset', /400w, .*800w, .*1200w/);
  await card.click();

  await expect(shopper).toHaveURL(/\/product\/ajwain-masala-\d+$/);
  await expect(shopper.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(shopper.getByRole('button', { name: /100 g/ })).toBeVisible();
  await expect(shopper.getByRole('button', { name: /200 g/ })).toBeVisible();
  const main = shopper.locator('img.gallery__main');
  await expect(main).toHaveAttribute('alt', `${name} pack`);
  await expect(main).toHaveAttribute('srcset', /\/media\/.*1200w/);
  expect(await main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await shopper.close();
});
