// Helpers for cart and checkout tests: a shopper with an address and a cart, paying through the
// simulated gateway exactly as the checkout page does.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { CatalogService, StockLevel } from '../modules/catalog/service.ts';
import type { Shopper } from './shoppers.ts';

export const ADDRESS = {
  name: 'Asha Rao',
  phone: '9876543210',
  pincode: '560001',
  locality: 'Indiranagar',
  addressLine: '12, 4th Cross',
  city: 'Bengaluru',
  state: 'Karnataka',
};

export async function addAddress(s: Shopper): Promise<number> {
  const res = await s.request({ method: 'POST', url: `/api/addresses/${s.mobile}`, payload: ADDRESS });
  expect(res.statusCode, res.body).toBe(201);
  return res.json()[0].id;
}

export async function addToCart(s: Shopper, productId: number, variant: string, quantity = 1) {
  const res = await s.request({
    method: 'POST',
    url: '/api/cart',
    payload: { productId, variant, quantity, phoneNumber: `+91${s.mobile}` },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Asks for the payment order at the total the server quotes (as the page would show it). */
export async function createPaymentOrder(s: Shopper, addressId: number, couponCode?: string) {
  const probe = await s.request({
    method: 'POST',
    url: '/api/payment/create-razorpay-order',
    payload: { amount: 1, addressId, couponCode },
  });
  if (probe.statusCode !== 409 || typeof probe.json().amount !== 'number') return probe;
  return s.request({
    method: 'POST',
    url: '/api/payment/create-razorpay-order',
    payload: { amount: probe.json().amount, addressId, couponCode },
  });
}

export function placementPayload(payment: {
  razorpayOrderId: string;
  razorpayPaymentId: string;
  razorpaySignature: string;
}) {
  return {
    userName: 'Asha Rao',
    userMobile: '+919876543210',
    userEmail: 'asha@example.in',
    deliveryAddress: { name: 'Asha Rao', phone: '9876543210', type: 'Home', fullAddress: 'Somewhere' },
    // Deliberately absurd: the server must ignore all of this in favour of the pending checkout.
    orderItems: [
      { productId: 1, productName: 'Garam Masala', variant: '50g', quantity: 100, sellingPrice: 1, mrp: 1 },
    ],
    priceDetails: {
      totalMrp: 1,
      appliedCouponCode: 'NONE',
      discount: 0,
      subtotal: 1,
      deliveryCharges: 0,
      platformFee: 0,
      finalAmount: 1,
    },
    payment: { mode: 'RAZORPAY', ...payment },
  };
}

export async function payAndPlace(s: Shopper, orderId: string) {
  const paid = await s.request({ method: 'POST', url: `/api/payment/simulated/${orderId}/pay` });
  expect(paid.statusCode, paid.body).toBe(200);
  const placed = await s.request({
    method: 'POST',
    url: '/api/orders/place',
    payload: placementPayload(paid.json()),
  });
  return { payment: paid.json(), placed };
}

/** What `act` answers, and the stock levels it sends to the catalogue (passed on as before). */
export async function levelsSent<T>(catalog: Pick<CatalogService, 'stockChanged'>, act: () => Promise<T>) {
  const send = catalog.stockChanged;
  const sent: (readonly StockLevel[] | undefined)[] = [];
  catalog.stockChanged = (levels) => {
    sent.push(levels);
    send(levels);
  };
  try {
    return { answer: await act(), sent };
  } finally {
    catalog.stockChanged = send;
  }
}

/** A level as a stock UPDATE answers it: with its stamp (catalog/levels.ts). */
export const stamped = (variantId: number, stock: number) => ({
  variantId,
  stock,
  stamp: expect.stringMatching(/^\d{20}$/),
});

/**
 * 'Confirmed by phone' (issue 34): the demo shop asks COD shoppers to confirm before it packs, so a
 * test moving a COD order past PLACED confirms it as the owner does after calling the shopper.
 */
export async function confirmCodByPhone(app: FastifyInstance, adminCookie: string, orderNumber: string) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderNumber}/cod-confirmation`,
    headers: { cookie: adminCookie },
  });
  expect(res.statusCode, res.body).toBe(200);
}
