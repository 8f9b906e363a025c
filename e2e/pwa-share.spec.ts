// Issue 42: a product page shares through the phone's share sheet where there is one, otherwise
// through a 'Share on WhatsApp' link with the product's name and address, in the page's language.
import { expect, fetchProducts, test, waitForHydration } from './support.ts';

test.use({ viewport: { width: 360, height: 740 } });

test('without the Web Share API, a WhatsApp link carries the name and the address', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
  });
  const [product] = (await fetchProducts(page.request)).active;
  if (!product) throw new Error('no product');
  await page.goto(`/hi/product/${product.slug}`);
  await waitForHydration(page);
  const link = page.getByRole('link', { name: 'WhatsApp पर शेयर करें' });
  const href = new URL((await link.getAttribute('href')) ?? '');
  expect(href.origin + href.pathname).toBe('https://wa.me/');
  const text = href.searchParams.get('text') ?? '';
  // The product's Hindi name, as the page shows it.
  const name = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
  expect(name).not.toBe('');
  expect(text).toContain(name);
  expect(text).toMatch(new RegExp(`http://127\\.0\\.0\\.1:\\d+/hi/product/${product.slug}$`));
  await page.screenshot({ path: '/tmp/shots/pwa/share-link-hi-360.png' });
});

test('with the Web Share API, the button opens the share sheet with the product', async ({ page }) => {
  await page.addInitScript(() => {
    const shared: unknown[] = [];
    (window as unknown as { shared: unknown[] }).shared = shared;
    Object.defineProperty(navigator, 'share', {
      value: async (data: unknown) => {
        shared.push(data);
      },
      configurable: true,
    });
  });
  const [product] = (await fetchProducts(page.request)).active;
  if (!product) throw new Error('no product');
  await page.goto(`/product/${product.slug}`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const shared = await page.evaluate(() => (window as unknown as { shared: unknown[] }).shared);
  expect(shared).toEqual([
    expect.objectContaining({
      title: product.name,
      url: expect.stringMatching(new RegExp(`/product/${product.slug}$`)),
    }),
  ]);
  await page.screenshot({ path: '/tmp/shots/pwa/share-button-360.png' });
});
