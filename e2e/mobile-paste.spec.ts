// A mobile number pasted or autofilled with its country code and spaces ('+91 98765 01235') lands
// whole in every mobile field: the normaliser runs before the 10-digit limit, never after a cut.
import type { Locator, Page } from '@playwright/test';
import { signUpThroughApi } from './shoppers.ts';
import { expect, open, test } from './support.ts';

const PASTED = '+91 98765 01235';

/** Pastes the way the clipboard does it: one insertion, which a maxLength would cut. */
async function paste(page: Page, field: Locator, text: string) {
  await field.click();
  await page.keyboard.insertText(text);
}

test('a pasted +91 number fills the login, contact and address mobile fields whole; a new address starts with the account’s name and mobile', async ({
  page,
}) => {
  await open(page, '/');
  await page.getByRole('button', { name: 'Login' }).click();
  const login = page.getByRole('dialog', { name: 'Login' });
  await paste(page, login.getByLabel('Mobile number'), PASTED);
  await expect(login.getByLabel('Mobile number')).toHaveValue('9876501235');
  await page.keyboard.press('Escape');

  await open(page, '/contact');
  const phone = page.getByLabel('Phone Number');
  await paste(page, phone, '098765-01235');
  await expect(phone).toHaveValue('9876501235');

  const shopper = await signUpThroughApi(page.request, { firstName: 'Paste', lastName: 'Kumar' });
  await open(page, '/profile');
  await page.getByRole('button', { name: '+ Add New Address' }).click();
  const form = page.getByRole('dialog', { name: 'Add New Address' });
  // A new address starts with the account's name and mobile.
  await expect(form.getByLabel('Full name')).toHaveValue('Paste Kumar');
  await expect(form.getByLabel('Phone number')).toHaveValue(shopper.mobile);
  await form.getByLabel('Phone number').fill('');
  await paste(page, form.getByLabel('Phone number'), PASTED);
  await expect(form.getByLabel('Phone number')).toHaveValue('9876501235');
  await paste(page, form.getByLabel('Alternate phone'), '+919123456780');
  await expect(form.getByLabel('Alternate phone')).toHaveValue('9123456780');
});
