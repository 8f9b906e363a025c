// The address form (issue 32): a new address starts with the account's name and mobile, and a
// looked-up pincode offers its post-office localities in the Locality field (a datalist: the
// shopper picks one or types anything), in English and Hindi, on a 360 px phone and at 1280 px.
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { signUpThroughApi } from './shoppers.ts';
import { DESKTOP, expect, open, test } from './support.ts';

const SHOTS = process.env.SHOTS_DIR;

const FORMS = [
  {
    lang: 'en',
    path: '/profile',
    add: '+ Add New Address',
    dialog: 'Add New Address',
    edit: 'Edit',
    name: 'Full name',
    phone: 'Phone number',
    pincode: 'Pincode',
    locality: 'Locality',
    addressLine: /^Address/,
    city: /^City/,
    state: 'State',
    save: 'Save Address',
  },
  {
    lang: 'hi',
    path: '/hi/profile',
    add: '+ नया पता जोड़ें',
    dialog: 'नया पता जोड़ें',
    edit: 'बदलें',
    name: 'पूरा नाम',
    phone: 'फ़ोन नंबर',
    pincode: 'पिनकोड',
    locality: 'इलाक़ा',
    addressLine: /^पता/,
    city: /^शहर/,
    state: 'राज्य',
    save: 'पता सहेजें',
  },
] as const;

/** The values the Locality field offers (its datalist's options). */
async function offered(locality: Locator): Promise<string[]> {
  const list = await locality.getAttribute('list');
  if (!list) return [];
  return locality
    .page()
    .locator(`datalist[id="${list}"] option`)
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

for (const viewport of [{ width: 360, height: 740 }, DESKTOP]) {
  for (const words of FORMS) {
    test(`${words.lang} at ${viewport.width} px: the address form starts with the account's name and mobile and offers the pincode's localities`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      const shopper = await signUpThroughApi(page.request, { firstName: 'Meera', lastName: 'Iyer' });
      await open(page, words.path);
      await page.getByRole('button', { name: words.add }).click();
      const form = page.getByRole('dialog', { name: words.dialog });
      await expect(form.getByRole('textbox', { name: words.name, exact: true })).toHaveValue('Meera Iyer');
      await expect(form.getByRole('textbox', { name: words.phone, exact: true })).toHaveValue(shopper.mobile);

      const locality = form.getByLabel(words.locality);
      await expect(locality).not.toHaveAttribute('list');
      await form.getByLabel(words.pincode).fill('110001');
      await expect(form.getByLabel(words.city)).toHaveValue('Delhi');
      // India Post's offices of 110001, as the directory names them, whatever the page's language.
      await expect.poll(() => offered(locality)).toContain('Connaught Place');
      // Bound to its list, the field is a combobox to assistive technology.
      await expect(form.getByRole('combobox', { name: words.locality, exact: true })).toBeVisible();
      const localities = await offered(locality);
      expect(localities).toEqual(expect.arrayContaining(['Janpath', 'Parliament House', 'Sansad Marg']));
      expect(localities).toHaveLength(21);
      expect(localities.filter((l) => /\b[SBH]\.?O$/.test(l))).toEqual([]);

      // The browser lists the offered localities matching what is typed, and picking one puts its
      // value in the field. Headless Chromium draws that list outside the page (no keyboard or
      // click reaches it), so the pick is the offered value filled in.
      await locality.pressSequentially('Conn');
      await shoot(page, `address-localities-${words.lang}-${viewport.width}`);
      await locality.fill(localities.find((l) => l.startsWith('Conn'))!);
      await expect(locality).toHaveValue('Connaught Place');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );

      await form.getByLabel(words.addressLine).fill('12, Janpath Lane');
      await form.getByRole('button', { name: words.save }).click();
      await expect(form).toBeHidden();
      const card = page.locator('.address-card');
      await expect(card).toContainText('Connaught Place');

      // Editing the address offers the same localities; the shopper may type a place not in them.
      await card.locator('.address-card__menu > button').click();
      await card.getByRole('button', { name: words.edit }).click();
      const edit = page.getByRole('dialog');
      const editLocality = edit.getByLabel(words.locality);
      await expect.poll(() => offered(editLocality)).toContain('Connaught Place');
      await editLocality.fill('Gole Market');
      await edit.getByRole('button', { name: words.save }).click();
      await expect(card).toContainText('Gole Market');

      // A pincode that is not complete offers nothing.
      await open(page, words.path);
      await page.getByRole('button', { name: words.add }).click();
      const again = page.getByRole('dialog', { name: words.dialog });
      const pincode = again.getByLabel(words.pincode);
      await pincode.fill('400001');
      const againLocality = again.getByLabel(words.locality);
      await expect.poll(() => offered(againLocality)).toContain('Elephanta Caves');
      await pincode.fill('4000');
      await expect(againLocality).not.toHaveAttribute('list');
    });
  }
}
