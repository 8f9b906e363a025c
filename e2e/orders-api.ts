// Orders placed through the API for journeys that start after the purchase. Not a spec file.
import type { APIRequestContext } from '@playwright/test';
import {
  addAddressThroughApi,
  addToCartThroughApi,
  holdCheckoutThroughApi,
  paySimulatedThroughApi,
  placeWithPaymentThroughApi,
} from './shoppers.ts';
import { expect, fetchProducts } from './support.ts';

export const ADDRESS = {
  name: 'Nandini Rao',
  phone: '9123456780',
  pincode: '411001',
  locality: 'Camp',
  addressLine: '21, East Street',
  city: 'Pune',
  state: 'Maharashtra',
};

/** Places an order of two Garam Masala (second size) through the API, as the checkout page does. */
export async function placeOrder(request: APIRequestContext, mobile: string) {
  const addressId = await addAddressThroughApi(request, mobile, ADDRESS);
  const garam = (await fetchProducts(request)).active.find((p) => p.slug === 'garam-masala')!;
  const weight = garam.variants[1]!.weight;
  await addToCartThroughApi(request, mobile, { productId: garam.id, variant: weight, quantity: 2 });
  const { orderId } = await holdCheckoutThroughApi(request, addressId);
  const payment = await paySimulatedThroughApi(request, orderId);
  const placed = await placeWithPaymentThroughApi(request, payment);
  expect(placed.ok(), await placed.text()).toBe(true);
  const order = (await placed.json()) as { orderNumber: string; totalAmount: number };
  return { ...order, paymentId: payment.razorpayPaymentId!, garam, weight };
}
