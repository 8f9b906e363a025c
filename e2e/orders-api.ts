// Orders placed through the API for journeys that start after the purchase. Not a spec file.
import { type APIRequestContext, expect } from '@playwright/test';

export const ADDRESS = {
  name: 'Nandini Rao',
  phone: '9123456780',
  pincode: '411001',
  locality: 'Camp',
  addressLine: '21, East Street',
  city: 'Pune',
  state: 'Maharashtra',
};

/** Places an order through the API exactly as the checkout page does (simulated gateway). */
export async function placeOrder(request: APIRequestContext, mobile: string) {
  const ok = async <T>(
    res: Promise<{ ok(): boolean; status(): number; text(): Promise<string>; json(): Promise<T> }>,
  ) => {
    const r = await res;
    expect(r.ok(), `${r.status()} ${await r.text()}`).toBe(true);
    return r.json();
  };
  const [address] = await ok<{ id: number }[]>(request.post(`/api/addresses/${mobile}`, { data: ADDRESS }));
  const products = await ok<{ id: number; slug: string; variants: { weight: string }[] }[]>(
    request.get('/api/products'),
  );
  const garam = products.find((p) => p.slug === 'garam-masala')!;
  await ok(
    request.post('/api/cart', {
      data: { productId: garam.id, variant: garam.variants[1]!.weight, quantity: 2 },
    }),
  );
  const probe = await request.post('/api/payment/create-razorpay-order', {
    data: { amount: 1, addressId: address!.id },
  });
  const { amount } = (await probe.json()) as { amount: number };
  const created = await ok<{ orderId: string }>(
    request.post('/api/payment/create-razorpay-order', { data: { amount, addressId: address!.id } }),
  );
  const payment = await ok<Record<string, string>>(
    request.post(`/api/payment/simulated/${created.orderId}/pay`),
  );
  const placed = await ok<{ orderNumber: string; totalAmount: number }>(
    request.post('/api/orders/place', { data: { payment: { mode: 'RAZORPAY', ...payment } } }),
  );
  return { ...placed, paymentId: payment.razorpayPaymentId!, garam, weight: garam.variants[1]!.weight };
}
