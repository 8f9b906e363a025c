// Delivery (issue 14): the address form fills city and state from the pincode and says when it
// is unknown; the product page's 'Check delivery' answers the date and COD, remembers the pincode
// and starts from the default address; the checkout shows the estimate for the chosen address.
import { expectNoSeriousAxeViolations } from './axe.ts';
import { addAddressThroughApi, addToCartThroughApi, signUpThroughApi } from './shoppers.ts';
import { expect, fetchProducts, open, test } from './support.ts';

const DELIVERY_BY =
  /^Delivery by (Mon|Tue|Wed|Thu|Fri|Sat), \d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)$/;

test('typing a pincode in the address form fills city and state, still editable; an unknown one is said under the field', async ({
  page,
}) => {
  const shopper = await signUpThroughApi(page.request, { firstName: 'Farah' });
  await open(page, '/profile');
  await page.getByRole('button', { name: '+ Add New Address' }).click();
  const form = page.getByRole('dialog', { name: 'Add New Address' });
  const pincode = form.getByLabel('Pincode');
  const city = form.getByLabel(/^City/);
  const state = form.getByLabel('State');

  await pincode.fill('400001');
  await expect(city).toHaveValue('Mumbai');
  await expect(state).toHaveValue('Maharashtra');
  await city.fill('Fort, Mumbai');

  await pincode.fill('999999');
  await expect(form.getByText('We could not find this pincode.')).toBeVisible();
  await expect(pincode).toHaveAttribute('aria-invalid', 'true');
  await expect(city).toHaveValue('Fort, Mumbai');

  // The server refuses a state that is not the pincode's, under the state field.
  await pincode.fill('560001');
  await expect(state).toHaveValue('Karnataka');
  await expect(form.getByText('We could not find this pincode.')).toHaveCount(0);
  await state.fill('Kerala');
  await form.getByLabel('Full name').fill('Farah Khan');
  await form.getByLabel('Phone number').fill('9876543210');
  await form.getByLabel('Locality').fill('Shivajinagar');
  await form.getByLabel(/^Address/).fill('3, Infantry Road');
  await form.getByRole('button', { name: 'Save Address' }).click();
  await expect(form.locator('#address-state-error')).toHaveText('This pincode is in Karnataka.');
  await state.fill('Karnataka');
  await form.getByRole('button', { name: 'Save Address' }).click();
  await expect(form).toBeHidden();
  await expect(page.locator('.address-card')).toContainText('560001');
  expect(shopper.mobile).toMatch(/^\d{10}$/);
});

test("the product page's 'Check delivery' answers the date and cash on delivery, and remembers the pincode", async ({
  page,
}) => {
  const { active } = await fetchProducts(page.request);
  await open(page, `/product/${active[0]!.slug}`);
  const box = page.getByRole('region', { name: 'Check delivery' });
  await expect(box).toBeVisible();
  await box.getByLabel('Pincode').fill('400001');
  await box.getByRole('button', { name: 'Check' }).click();
  await expect(box.getByText(/^Delivery by/)).toHaveText(DELIVERY_BY);
  await expect(box.getByText('Cash on delivery available')).toBeVisible();
  await expect(box).toContainText('to Mumbai, Maharashtra');

  // The North-East: delivered, without cash on delivery, and the reason says so.
  await box.getByLabel('Pincode').fill('781001');
  await box.getByRole('button', { name: 'Check' }).click();
  await expect(box.getByText('Cash on delivery is not available for this pincode.')).toBeVisible();
  await expect(box.getByText(/^Delivery by/)).toHaveText(DELIVERY_BY);

  await box.getByLabel('Pincode').fill('999999');
  await box.getByRole('button', { name: 'Check' }).click();
  await expect(box.getByText('We could not find this pincode.')).toBeVisible();
  await box.getByLabel('Pincode').fill('1234');
  await box.getByRole('button', { name: 'Check' }).click();
  await expect(box.getByText('Please enter the valid pincode.')).toBeVisible();

  // The last pincode that answered is remembered on the next product page.
  await open(page, `/product/${active[1]!.slug}`);
  await expect(page.getByLabel('Pincode')).toHaveValue('781001');
  await expect(page.getByText('Cash on delivery is not available for this pincode.')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test("a logged-in shopper's 'Check delivery' starts from the default address, and the checkout shows its estimate", async ({
  page,
}) => {
  const shopper = await signUpThroughApi(page.request, { firstName: 'Gautam' });
  await addAddressThroughApi(page.request, shopper.mobile, {
    pincode: '110001',
    city: 'New Delhi',
    state: 'Delhi',
  });
  const { active } = await fetchProducts(page.request);
  const product = active.find((p) => p.variants.some((v) => v.stock > 5))!;
  await open(page, `/product/${product.slug}`);
  const box = page.getByRole('region', { name: 'Check delivery' });
  await expect(box.getByLabel('Pincode')).toHaveValue('110001');
  await expect(box.getByText(/^Delivery by/)).toHaveText(DELIVERY_BY);
  await expect(box).toContainText('to Delhi, Delhi');

  const variant = product.variants.find((v) => v.stock > 5)!;
  await addToCartThroughApi(page.request, shopper.mobile, { productId: product.id, variant: variant.weight });
  await open(page, '/checkout');
  const address = page.getByRole('region', { name: 'Delivery Address' });
  await expect(address.locator('.delivery-estimate')).toHaveText(DELIVERY_BY);
});
