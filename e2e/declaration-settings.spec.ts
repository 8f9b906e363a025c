// The shop-wide declaration defaults (decision 0035): the back office's form shows the stored
// maker, packer, marketer, country of origin and consumer care in both languages and saves them.
import { adminPage } from './admin-session.ts';
import { expect, open, test } from './support.ts';

test('the declaration settings show the shop defaults in both languages and save a change', async ({
  browser,
  request,
}) => {
  const { context, admin } = await adminPage(browser);
  const stored = await (await admin.request.get('/api/admin/declaration-defaults')).json();
  await open(admin, '/admin/declaration-settings');
  const form = admin
    .locator('form')
    .filter({ has: admin.getByRole('button', { name: 'Save declaration settings' }) });
  await expect(form.locator('[name="countryOfOrigin"]')).toHaveValue(stored.countryOfOrigin);
  await expect(form.locator('[name="manufacturer.name"]')).toHaveValue(stored.manufacturer.name);
  await expect(form.locator('[name="consumerCare.phone"]')).toHaveValue(stored.consumerCare.phone);
  await expect(form.locator('[name="hi.countryOfOrigin"]')).toHaveCount(1);
  await expect(form.locator('[name="hi.manufacturer.name"]')).toHaveCount(1);
  await expect(form.locator('[name="hi.consumerCareAddress"]')).toHaveCount(1);

  await form.locator('[name="countryOfOrigin"]').fill('India');
  await form.getByRole('button', { name: 'Save declaration settings' }).click();
  await expect(admin.getByRole('status')).toBeVisible();
  const saved = await (await admin.request.get('/api/admin/declaration-defaults')).json();
  expect(saved.countryOfOrigin).toBe('India');
  expect(saved.manufacturer).toEqual(stored.manufacturer);
  expect((await request.get('/api/products')).ok()).toBe(true);
  await context.close();
});
