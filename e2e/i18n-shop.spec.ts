// The buying journey in Hindi (issue 15): a product page under /hi, the cart, the checkout, a cash on
// delivery order, its success page and its order page, all in Hindi with Hindi month names and
// every link staying under /hi; axe clean; screenshots at phone and desktop width.
import { expectNoSeriousAxeViolations } from './axe.ts';
import { addAddressThroughApi, signUpThroughApi } from './shoppers.ts';
import { DESKTOP, expect, fetchProducts, MOBILE, open, test } from './support.ts';

const HINDI_MONTH = /(जनवरी|फ़रवरी|फरवरी|मार्च|अप्रैल|मई|जून|जुलाई|अगस्त|सितंबर|अक्तूबर|अक्टूबर|नवंबर|दिसंबर) 20\d\d/;

test('a shopper buys in Hindi: cart, checkout and a cash on delivery order, with Hindi dates and /hi links', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const shopper = await signUpThroughApi(page.request, { firstName: 'Kavya' });
  await addAddressThroughApi(page.request, shopper.mobile);
  const { active } = await fetchProducts(page.request);
  const product = active.find((p) => p.variants.some((v) => v.stock > 10 && v.price < 500))!;
  const variant = product.variants.find((v) => v.stock > 10 && v.price < 500)!;
  // Hindi pages show the product's Hindi name and weight labels (English where none is written).
  const hindi = (await (
    await page.request.get(`/api/products/slug/${product.slug}?lang=hi`)
  ).json()) as typeof product;
  const hindiWeight = hindi.variants.find((v) => v.id === variant.id)!.weight;
  // Each screen at desktop width, then at a phone's (Hindi runs longer than English).
  const shot = async (name: string) => {
    await page.setViewportSize(DESKTOP);
    await page.screenshot({ path: testInfo.outputPath(`${name}-1280.png`), fullPage: true });
    await page.setViewportSize(MOBILE);
    await page.screenshot({ path: testInfo.outputPath(`${name}-390.png`), fullPage: true });
    await page.setViewportSize(DESKTOP);
  };

  await open(page, `/hi/product/${product.slug}`);
  const info = page.locator('.product__info');
  await info.getByRole('button', { name: hindiWeight, exact: true }).click();
  await info.getByRole('button', { name: 'कार्ट में डालें', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'कार्ट में जोड़ दिया गया' })).toBeVisible();

  // The cart in Hindi.
  await open(page, '/hi/cart');
  await expect(page.getByRole('heading', { level: 1, name: 'शॉपिंग कार्ट' })).toBeVisible();
  const name = `${hindi.name} ${hindiWeight}`;
  await expect(page.getByRole('button', { name: `${name} की मात्रा बढ़ाएँ` })).toBeVisible();
  await expect(page.getByRole('button', { name: `${name} हटाएँ` })).toHaveText('हटाएँ');
  await expect(page.locator('.cart-total')).toContainText('कुल');
  await expectNoSeriousAxeViolations(page);
  await shot('hi-cart');
  await page.getByRole('link', { name: 'चेकआउट करें' }).click();

  // The checkout in Hindi: headings, price details, payment choice.
  await expect(page).toHaveURL(/\/hi\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'चेकआउट' })).toBeVisible();
  for (const heading of ['संपर्क जानकारी', 'डिलीवरी का पता', 'ऑर्डर का सारांश', 'कूपन लगाएँ']) {
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  }
  await expect(page.locator('.delivery-estimate')).toHaveText(/^\S+वार, \d{1,2} \S+ तक डिलीवरी$/);
  // The state saved as 'Kerala' reads in Hindi; the city stays as the shopper typed it.
  await expect(page.getByText(/Kochi, केरल – 682001/)).toBeVisible();
  await expect(page.getByRole('link', { name: '← होम पेज पर जाएँ' })).toHaveAttribute('href', '/hi');
  const details = page.getByRole('complementary', { name: 'कीमत का ब्योरा' });
  await expect(details.getByText('कुल MRP')).toBeVisible();
  await expect(details.getByText('डिलीवरी शुल्क')).toBeVisible();
  await expect(details.getByRole('button', { name: 'अभी भुगतान करें' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await details.getByRole('radio', { name: /कैश ऑन डिलीवरी/ }).check();
  await expect(details.getByText('कैश ऑन डिलीवरी शुल्क')).toBeVisible();
  const total = (await details.locator('.price-details__total dd').textContent()) ?? '';
  await shot('hi-checkout');
  await details.getByRole('button', { name: `ऑर्डर करें (डिलीवरी पर ${total} दें)` }).click();

  // Order success in Hindi, on /hi.
  await expect(page).toHaveURL(/\/hi\/order-success$/);
  await expect(page.getByRole('heading', { name: 'ऑर्डर हो गया!' })).toBeVisible();
  await expect(page.getByText(`ऑर्डर पहुँचने पर ${total} नकद या UPI से चुकाएँ।`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'डिलीवरी का पता' })).toBeVisible();
  await expect(page.locator('.delivery-address')).toContainText('Kochi, केरल, 682001');
  const orderId = (await page.locator('.order-success dl dd').first().textContent()) ?? '';
  expect(orderId).toMatch(/^KC/);
  await page.getByRole('link', { name: 'ऑर्डर देखें' }).click();

  // The order page in Hindi, with Hindi month names.
  await expect(page).toHaveURL(new RegExp(`/hi/orders/${orderId}$`));
  await expect(page.getByRole('heading', { level: 1, name: `ऑर्डर ${orderId}` })).toBeVisible();
  await expect(page.locator('.order-page__placed')).toHaveText(
    // The time says the part of the day in Hindi ('रात 10:24'), not am/pm.
    new RegExp(`^\\d{1,2} ${HINDI_MONTH.source}, (सुबह|दोपहर|शाम|रात) \\d{1,2}:\\d\\d IST को ऑर्डर किया$`),
  );
  await expect(page.locator('.order-page .status')).toHaveText('ऑर्डर हो गया');
  const facts = page.locator('.order-facts').first();
  await expect(facts).toContainText('भुगतान का तरीक़ाकैश ऑन डिलीवरी');
  await expect(facts).toContainText('डिलीवरी पर भुगतान करना है');
  await expect(page.getByText('कैश ऑन डिलीवरी शुल्क')).toBeVisible();
  await expect(page.locator('.delivery-address')).toContainText('Kochi, केरल, 682001');
  await expect(page.locator('.delivery-address')).not.toContainText('Kerala');
  await expect(page.getByRole('link', { name: 'मेरे ऑर्डर' })).toHaveAttribute('href', '/hi/orders');
  await expectNoSeriousAxeViolations(page);
  await shot('hi-order');

  // My Orders in Hindi: the order's card with its Hindi date.
  await open(page, '/hi/orders');
  const card = page.locator('.order-card').filter({ hasText: orderId });
  await expect(card).toContainText('कैश ऑन डिलीवरी · डिलीवरी पर भुगतान करना है');
  await expect(card.locator('small')).toHaveText(HINDI_MONTH);
});
