// Shoppers for the journeys, made through the real API. `request` may be a page's own request
// context (it shares the page's cookies, so the page is then logged in) or a fresh one.
import { type APIRequestContext, expect } from '@playwright/test';

/** A 10-digit mobile starting with 7 that no other journey uses. */
export function randomMobile(): string {
  return `7${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
}

export async function latestCode(request: APIRequestContext, to: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
      const [message] = (await res.json()) as { code?: string }[];
      code = message?.code ?? '';
      return code;
    })
    .not.toBe('');
  return code;
}

/** Signs a new shopper up (login code, e-mail code, account) and leaves the context logged in. */
export async function signUpThroughApi(
  request: APIRequestContext,
  options: { firstName: string; lastName?: string; mobile?: string },
): Promise<{ mobile: string; email: string; firstName: string; lastName: string }> {
  const mobile = options.mobile ?? randomMobile();
  const email = `${options.firstName.toLowerCase()}.${mobile}@example.in`;
  const lastName = options.lastName ?? '';
  const ok = async (res: Promise<{ ok(): boolean; status(): number; text(): Promise<string> }>) => {
    const r = await res;
    expect(r.ok(), `${r.status()} ${await r.text()}`).toBe(true);
  };
  await ok(request.post('/api/auth/otp/send', { data: { mobile } }));
  await ok(
    request.post('/api/auth/otp/verify', { data: { mobile, otp: await latestCode(request, mobile) } }),
  );
  await ok(request.post('/api/email/send-otp', { data: { email } }));
  await ok(request.post('/api/email/verify-otp', { data: { email, otp: await latestCode(request, email) } }));
  await ok(
    request.post('/api/user/create', { data: { firstName: options.firstName, lastName, mobile, email } }),
  );
  return { mobile, email, firstName: options.firstName, lastName };
}

/** Adds a delivery address for the logged-in shopper; returns its id. */
export async function addAddressThroughApi(
  request: APIRequestContext,
  mobile: string,
  address: Partial<
    Record<'name' | 'phone' | 'pincode' | 'locality' | 'addressLine' | 'city' | 'state', string>
  > = {},
): Promise<number> {
  const res = await request.post(`/api/addresses/${mobile}`, {
    data: {
      name: 'Meera Nair',
      phone: '9123456780',
      pincode: '682001',
      locality: 'Fort Kochi',
      addressLine: '7, Princess Street',
      city: 'Kochi',
      state: 'Kerala',
      ...address,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const list = (await res.json()) as { id: number }[];
  return Math.max(...list.map((a) => a.id));
}

/** Puts `quantity` of a product's variant (by weight, e.g. '100g') in the shopper's cart. */
export async function addToCartThroughApi(
  request: APIRequestContext,
  mobile: string,
  line: { productId: number; variant: string; quantity?: number },
): Promise<void> {
  const res = await request.post('/api/cart', {
    data: {
      productId: line.productId,
      variant: line.variant,
      quantity: line.quantity ?? 1,
      phoneNumber: `+91${mobile}`,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** Holds the shopper's cart for payment as the checkout page does: the total probed, then the payment order. */
export async function holdCheckoutThroughApi(
  request: APIRequestContext,
  addressId: number,
): Promise<{ orderId: string; amount: number }> {
  const probe = await request.post('/api/payment/create-razorpay-order', { data: { amount: 1, addressId } });
  const { amount } = (await probe.json()) as { amount: number };
  const created = await request.post('/api/payment/create-razorpay-order', { data: { amount, addressId } });
  expect(created.ok(), await created.text()).toBe(true);
  return { orderId: ((await created.json()) as { orderId: string }).orderId, amount };
}

/** Pays a held checkout in the simulated gateway: what the gateway hands the page. */
export async function paySimulatedThroughApi(
  request: APIRequestContext,
  orderId: string,
): Promise<Record<string, string>> {
  const paid = await request.post(`/api/payment/simulated/${orderId}/pay`);
  expect(paid.ok(), await paid.text()).toBe(true);
  return (await paid.json()) as Record<string, string>;
}

/** Sends a payment to be placed as an order, as the checkout page does after the gateway. */
export const placeWithPaymentThroughApi = (request: APIRequestContext, payment: Record<string, string>) =>
  request.post('/api/orders/place', { data: { payment: { mode: 'RAZORPAY', ...payment } } });

/**
 * Places an order through the API exactly as the checkout page does (simulated gateway): a new
 * address, one Garam Masala in the cart, paid. Returns the order number.
 */
export async function placeOrderThroughApi(request: APIRequestContext, mobile: string): Promise<string> {
  const addressId = await addAddressThroughApi(request, mobile);
  const products = (await (await request.get('/api/products')).json()) as {
    id: number;
    slug: string;
    variants: { weight: string }[];
  }[];
  const product = products.find((p) => p.slug === 'garam-masala')!;
  await addToCartThroughApi(request, mobile, { productId: product.id, variant: product.variants[0]!.weight });
  const { orderId } = await holdCheckoutThroughApi(request, addressId);
  const placed = await placeWithPaymentThroughApi(request, await paySimulatedThroughApi(request, orderId));
  expect(placed.ok(), await placed.text()).toBe(true);
  return ((await placed.json()) as { orderNumber: string }).orderNumber;
}
