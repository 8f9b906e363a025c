// A payment that cannot become an order: the checkout page says it will be refunded. Here the
// same checkout is paid from another tab first, so the window's payment is a second one.
import {
  addAddressThroughApi,
  addToCartThroughApi,
  holdCheckoutThroughApi,
  paySimulatedThroughApi,
  placeWithPaymentThroughApi,
  signUpThroughApi,
} from './shoppers.ts';
import { expect, fetchProducts, open, test } from './support.ts';

test('a second payment for a checkout already paid is refused on the page with a refund notice', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await open(page, '/');
  const { mobile } = await signUpThroughApi(page.request, { firstName: 'Kavya' });
  const api = page.request;
  const addressId = await addAddressThroughApi(api, mobile, {
    name: 'Kavya Iyer',
    phone: '9123456789',
    pincode: '600004',
    locality: 'Mylapore',
    addressLine: '7, Kutchery Road',
    city: 'Chennai',
    state: 'Tamil Nadu',
  });
  const product = (await fetchProducts(api)).active.find((p) => p.slug === 'garam-masala')!;
  await addToCartThroughApi(api, mobile, { productId: product.id, variant: product.variants[0]!.weight });

  await open(page, '/checkout');
  const pay = page.getByRole('button', { name: 'Pay Now' });
  await expect(pay).toBeEnabled();
  await pay.click();
  const gateway = page.getByRole('dialog', { name: 'Razorpay (test mode)' });
  await expect(gateway).toBeVisible();

  // Another tab pays the same checkout (the same cart answers the same payment order) and places it.
  const { orderId, amount } = await holdCheckoutThroughApi(api, addressId);
  const placed = await placeWithPaymentThroughApi(api, await paySimulatedThroughApi(api, orderId));
  expect(placed.ok(), await placed.text()).toBe(true);

  await gateway.getByRole('button', { name: /^Pay ₹/ }).click();
  const rupees = `₹${(amount / 100).toLocaleString('en-IN')}`;
  await expect(page.getByRole('alert')).toHaveText(
    `This order was already paid with another payment. Your payment of ${rupees} will be refunded to your account in 5–7 working days.`,
  );
  await expect(page).toHaveURL(/\/checkout$/);
});
