import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { DESKTOP, expect, expectFlash, MOBILE, open, test } from './support.ts';

const STORE_EMAIL = 'care@kesarchakki.in';

async function storeInbox(request: APIRequestContext): Promise<{ subject: string; text: string }[]> {
  return (await (await request.get(`/api/dev/outbox?to=${encodeURIComponent(STORE_EMAIL)}`)).json()) as {
    subject: string;
    text: string;
  }[];
}

async function openContactFromFooter(page: Page) {
  const link = page.getByRole('contentinfo').getByRole('link', { name: 'Contact Us', exact: true });
  await expect(link).toHaveAttribute('href', '/contact');
  await link.click();
  const dialog = page.getByRole('dialog', { name: 'Contact Us' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('Contact', () => {
  test('a visitor sends a contact message from the footer modal at 390 px', async ({ page }) => {
    await page.setViewportSize(MOBILE);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await open(page, '/');
    // The modal's code is not part of the page's first load.
    expect(scripts.filter((s) => s.includes('contact'))).toEqual([]);

    const dialog = await openContactFromFooter(page);
    await expect(page).toHaveURL(/\/$/);
    expect(scripts.some((s) => s.includes('contact-modal'))).toBe(true);

    // Empty: the spec's message, and the form shakes.
    const form = dialog.locator('form');
    await expectFlash(form, 'shake', () => dialog.getByRole('button', { name: 'Submit' }).click());
    await expect(dialog.getByRole('alert')).toHaveText('Please fill in all mandatory fields.');

    const marker = `Bulk order enquiry ${Date.now()}`;
    await dialog.getByLabel('Full Name').fill('Ritu Bansal');
    await dialog.getByLabel('Email Address').fill('ritu.bansal@example');
    await dialog.getByLabel('Phone Number').pressSequentially('98a765 43210');
    await expect(dialog.getByLabel('Phone Number')).toHaveValue('9876543210');
    await dialog.getByLabel('Message').fill(`${marker}: 5 kg of garam masala for a wedding in Jaipur.`);
    await expect(dialog.getByText('+91', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Please enter a valid email address.');

    await dialog.getByLabel('Email Address').fill('ritu.bansal@example.in');
    // Hold the request a moment to see the spinner.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/contact/send', async (route) => {
      await held;
      await route.continue();
    });
    const submit = dialog.getByRole('button', { name: 'Submit' });
    await submit.click();
    await expect(submit).toHaveAttribute('aria-busy', 'true');
    await expect(submit.locator('.button-spinner')).toBeVisible();
    release();

    await expect(dialog.getByRole('status')).toHaveText('Your message has been sent successfully.');
    // Closes by itself after 2 s.
    await expect(dialog).toBeHidden({ timeout: 5000 });

    const inbox = await storeInbox(page.request);
    const forwarded = inbox.find((m) => m.text.includes(marker));
    expect(forwarded, 'forwarded to the store e-mail').toBeDefined();
    expect(forwarded!.text).toContain('+919876543210');
    expect(forwarded!.subject).toBe('Contact form: Ritu Bansal');
  });

  test("the footer's Contact Us opens the form; Cancel and Escape close it", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await open(page, '/about');
    let dialog = await openContactFromFooter(page);
    for (const label of ['Full Name', 'Email Address', 'Phone Number', 'Message']) {
      await expect(dialog.getByLabel(label)).toBeVisible();
    }
    const results = await new AxeBuilder({ page }).include('dialog').analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    dialog = await openContactFromFooter(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('a failed send says so and keeps the form open', async ({ page, consoleErrors }) => {
    consoleErrors.allow(/status of 500 .*\/api\/contact\/send\)$/);
    await open(page, '/');
    const dialog = await openContactFromFooter(page);
    await page.route('**/api/contact/send', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"message":"Something went wrong."}',
      }),
    );
    await dialog.getByLabel('Full Name').fill('Anil Kapoor');
    await dialog.getByLabel('Email Address').fill('anil@example.in');
    await dialog.getByLabel('Phone Number').fill('9123456780');
    await dialog.getByLabel('Message').fill('Is the turmeric lab tested?');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Failed to send. Please try again.');
    await page.waitForTimeout(2500);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Message')).toHaveValue('Is the turmeric lab tested?');
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the /contact page sends the same form', async ({ page }) => {
      await page.goto('/');
      await page.getByRole('contentinfo').getByRole('link', { name: 'Contact Us', exact: true }).click();
      await expect(page).toHaveURL(/\/contact$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();

      await page.getByLabel('Full Name').fill('Sanjay Rao');
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByRole('alert')).toHaveText('Please fill in all mandatory fields.');
      await expect(page.getByLabel('Full Name')).toHaveValue('Sanjay Rao');

      const marker = `No-script enquiry ${Date.now()}`;
      await page.getByLabel('Email Address').fill('sanjay.rao@example.in');
      await page.getByLabel('Phone Number').fill('9988776655');
      await page.getByLabel('Message').fill(marker);
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByRole('status')).toHaveText('Your message has been sent successfully.');
      const inbox = await storeInbox(page.request);
      expect(inbox.some((m) => m.text.includes(marker) && m.text.includes('+919988776655'))).toBe(true);
    });
  });
});
