// Public pages for a signed-in shopper come from a template filled in with the shopper's values
// (apps/server/src/lib/signed-in-pages.ts, decision 0020): in a real browser they must show the
// shopper, hydrate without a mismatch (support.ts fails on console errors), run under their CSP,
// and navigate on the client as a rendered page does.
import { latestCode, randomMobile } from './shoppers.ts';
import { expect, fetchAllProducts, open, test, waitForHydration } from './support.ts';

test('a signed-in shopper with quotes and Devanagari in the name gets filled-in pages that hydrate', async ({
  page,
}) => {
  const firstName = `ज़ोया "D'Souza" <b>&`;
  // The shoppers.ts helper makes the e-mail from the first name, so this one signs up by hand.
  const mobile = randomMobile();
  const email = `zoya.${mobile}@example.in`;
  const steps: [string, () => Promise<Record<string, string>>][] = [
    ['/api/auth/otp/send', async () => ({ mobile })],
    ['/api/auth/otp/verify', async () => ({ mobile, otp: await latestCode(page.request, mobile) })],
    ['/api/email/send-otp', async () => ({ email })],
    ['/api/email/verify-otp', async () => ({ email, otp: await latestCode(page.request, email) })],
    ['/api/user/create', async () => ({ firstName, lastName: 'Rao & Sons', mobile, email })],
  ];
  for (const [url, data] of steps) {
    const res = await page.request.post(url, { data: await data() });
    expect(res.ok(), `${url}: ${res.status()} ${await res.text()}`).toBe(true);
  }
  const [product] = await fetchAllProducts(page.request);
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content[ -]Security[ -]Policy/i.test(m.text())) violations.push(m.text());
  });
  for (const path of ['/', `/product/${product!.slug}`, '/about', '/contact']) {
    const response = await open(page, path);
    expect(response?.headers()['x-page-cache'], path).toBe('template');
    expect(response?.headers()['cache-control'], path).toBe('private, no-store');
    await waitForHydration(page);
    const menu = page.locator('.profile-menu__button');
    await expect(menu, path).toContainText(firstName);
    await expect(menu.locator('.avatar'), path).toHaveText(firstName.slice(0, 1).toUpperCase());
  }
  await page.setViewportSize({ width: 360, height: 800 });
  await open(page, `/product/${product!.slug}`);
  await page.screenshot({ path: test.info().outputPath('product-360.png'), fullPage: false });
  await page.setViewportSize({ width: 1280, height: 800 });
  await open(page, '/');
  await waitForHydration(page);
  await page.screenshot({ path: test.info().outputPath('home-1280.png'), fullPage: false });
  // The contact form is prefilled from the filled-in data, as after a full render.
  await open(page, '/contact');
  await waitForHydration(page);
  await expect(page.getByLabel(/e-?mail/i).first()).toHaveValue(/@example\.in$/);
  expect(violations).toEqual([]);
});
