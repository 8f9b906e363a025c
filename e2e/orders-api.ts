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

/** Places a cash on delivery order of one Garam Masala (smallest size) through the API, as the checkout does. */
export async function placeCodOrder(request: APIRequestContext, mobile: string) {
  const addressId = await addAddressThroughApi(request, mobile, ADDRESS);
  const garam = (await fetchProducts(request)).active.find((p) => p.slug === 'garam-masala')!;
  await addToCartThroughApi(request, mobile, { productId: garam.id, variant: garam.variants[0]!.weight });
  const place = (amount: number) => request.post('/api/orders/place-cod', { data: { addressId, amount } });
  const probe = await place(0);
  expect(probe.status(), await probe.text()).toBe(409);
  const placed = await place(((await probe.json()) as { amount: number }).amount);
  expect(placed.status(), await placed.text()).toBe(201);
  return (await placed.json()) as { orderNumber: string; amount: number };
}

/** 'Confirmed by phone' (issue 34): the owner confirms a COD order still waiting for its shopper. */
export async function confirmCodThroughApi(admin: APIRequestContext, orderNumber: string) {
  const res = await admin.post(`/api/admin/orders/${orderNumber}/cod-confirmation`);
  expect(res.ok(), await res.text()).toBe(true);
}

/**
 * The back office moves an order through these statuses (as the admin order page does). Each
 * order ships under an AWB of its own: an AWB already on another order is refused. A COD order
 * still waiting for its shopper's confirmation (the demo asks for it) is first confirmed by phone,
 * as the owner does before packing.
 */
export async function moveOrderThroughApi(admin: APIRequestContext, orderNumber: string, statuses: string[]) {
  const awb = `DTDC${orderNumber.replace(/[^0-9A-Za-z]/g, '').toUpperCase()}`;
  const { codConfirmation } = (await (await admin.get(`/api/admin/orders/${orderNumber}`)).json()) as {
    codConfirmation: string;
  };
  if (codConfirmation === 'PENDING') await confirmCodThroughApi(admin, orderNumber);
  for (const status of statuses) {
    const { version } = (await (await admin.get(`/api/admin/orders/${orderNumber}`)).json()) as {
      version: number;
    };
    const res = await admin.put(`/api/admin/orders/${orderNumber}/status`, {
      data: { status, version, trackingId: status === 'SHIPPED' ? awb : undefined },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
}
