// The store team (issue 41) through the real API: the owner invites by mobile and name, the
// invitee signs in with the usual OTP and is staff with the role's permissions; a role change
// applies at once; removal ends every session; the last owner stays (409); the audit log names
// who acted and in what role; a packer's order answers carry no money and no contact details;
// support's refunds stop at the owner's limit.
import { AdminOrderDetail } from '@spice/shared/contracts/admin';
import { ProductList } from '@spice/shared/contracts/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../seed/demo-seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addAddress, addToCart, createPaymentOrder, payAndPlace } from '../../test/commerce.ts';
import { signUp, verifyMobile } from '../../test/shoppers.ts';

let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await createTestApp({ env: { OTP_SENDS_PER_IP_PER_HOUR: '100000' } });
  owner = (await verifyMobile(t.app, DEMO_ADMIN.mobile)).cookie;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const as = (cookie: string) => (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

let n = 0;
const nextMobile = () => `98720${String(10000 + n++).slice(-5)}`;

async function invite(role: string, mobile = nextMobile()) {
  const res = await as(owner)('POST', '/api/admin/staff', { mobile, name: 'Ravi Kumar', role });
  expect(res.statusCode, res.body).toBe(201);
  return { mobile, userId: res.json().userId as number };
}

async function paidOrder() {
  const garam = ProductList.parse((await t.app.inject('/api/products')).json()).find(
    (p) => p.slug === 'garam-masala',
  )!;
  const s = await signUp(t.app, nextMobile());
  const address = await addAddress(s);
  await addToCart(s, garam.id, garam.variants[0]!.weight, 2);
  const created = await createPaymentOrder(s, address);
  expect(created.statusCode, created.body).toBe(200);
  const { placed } = await payAndPlace(s, created.json().orderId);
  expect(placed.statusCode, placed.body).toBe(200);
  return placed.json().orderNumber as string;
}

describe('staff', () => {
  it('invites a new number: the invitee signs in with the usual OTP and is staff with the role', async () => {
    const { mobile, userId } = await invite('PACKER');
    const { cookie } = await verifyMobile(t.app, mobile);
    const me = await as(cookie)('GET', '/api/auth/me');
    expect(me.json()).toMatchObject({ id: userId, role: 'PACKER', firstName: 'Ravi' });
    expect((await as(cookie)('GET', '/api/admin/orders')).statusCode).toBe(200);
    expect((await as(cookie)('GET', '/api/admin/payments')).statusCode).toBe(403);
    expect((await as(cookie)('GET', '/api/admin/staff')).statusCode).toBe(403);
    const list = (await as(owner)('GET', '/api/admin/staff')).json();
    expect(list.content).toContainEqual(expect.objectContaining({ userId, mobile, role: 'PACKER' }));
    // A second invite of the same number is refused.
    const again = await as(owner)('POST', '/api/admin/staff', { mobile, name: 'Ravi', role: 'SUPPORT' });
    expect(again.statusCode).toBe(409);
  });

  it("makes an existing shopper staff, changes the role at once, and removal ends the member's sessions", async () => {
    const s = await signUp(t.app, nextMobile());
    const { userId } = await invite('SUPPORT', s.mobile);
    expect(userId).toBe(s.id);
    expect((await s.request({ url: '/api/admin/customers' })).statusCode).toBe(200);
    expect((await s.request({ url: '/api/admin/stock' })).statusCode).toBe(403);
    const changed = await as(owner)('PUT', `/api/admin/staff/${userId}`, { role: 'MANAGER' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().role).toBe('MANAGER');
    expect((await s.request({ url: '/api/admin/stock' })).statusCode).toBe(200);
    const removed = await as(owner)('DELETE', `/api/admin/staff/${userId}`);
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await s.request({ url: '/api/auth/me' })).statusCode).toBe(401);
    expect((await s.request({ url: '/api/admin/orders' })).statusCode).toBe(401);
    // Signing in again, the account is a shopper's.
    const back = await verifyMobile(t.app, s.mobile);
    expect((await as(back.cookie)('GET', '/api/auth/me')).json().role).toBe('customer');
    expect((await as(back.cookie)('GET', '/api/admin/orders')).statusCode).toBe(403);
    expect((await as(owner)('DELETE', `/api/admin/staff/${userId}`)).statusCode).toBe(404);
  });

  it('keeps the last owner: neither demoted nor removed (409), until another owner exists', async () => {
    const me = (await as(owner)('GET', '/api/auth/me')).json();
    const demote = await as(owner)('PUT', `/api/admin/staff/${me.id}`, { role: 'MANAGER' });
    expect(demote.statusCode, demote.body).toBe(409);
    expect((await as(owner)('DELETE', `/api/admin/staff/${me.id}`)).statusCode).toBe(409);
    const second = await invite('OWNER');
    const secondCookie = (await verifyMobile(t.app, second.mobile)).cookie;
    // Two owners demoting each other at once: one of them stays an owner.
    const both = await Promise.all([
      as(owner)('PUT', `/api/admin/staff/${second.userId}`, { role: 'MANAGER' }),
      as(secondCookie)('PUT', `/api/admin/staff/${me.id}`, { role: 'MANAGER' }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409].sort());
    const owners = (await t.app.services.staff.list()).content.filter((m) => m.role === 'OWNER');
    expect(owners).toHaveLength(1);
    // Put the demo owner back for the other tests.
    const [left] = owners;
    if (left!.userId !== me.id) {
      const c = left!.userId === second.userId ? secondCookie : owner;
      expect((await as(c)('PUT', `/api/admin/staff/${me.id}`, { role: 'OWNER' })).statusCode).toBe(200);
    }
  });

  it('names the staff member and the role in the audit log for every change', async () => {
    const { userId } = await invite('SUPPORT');
    await as(owner)('PUT', `/api/admin/staff/${userId}`, { role: 'PACKER' });
    const audit = (await as(owner)('GET', '/api/admin/audit?size=5')).json().content as {
      action: string;
      actorName: string;
      actorRole: string;
      entityId: string;
    }[];
    const change = audit.find((e) => e.action === 'staff.role' && e.entityId === String(userId));
    expect(change).toMatchObject({ actorName: 'Shop Admin', actorRole: 'OWNER' });
    expect(audit.find((e) => e.action === 'staff.invite' && e.entityId === String(userId))?.actorRole).toBe(
      'OWNER',
    );
  });

  it('gives a packer orders without money or contact details, and lets the packer ship them', async () => {
    const orderNumber = await paidOrder();
    const packer = await invite('PACKER');
    const cookie = (await verifyMobile(t.app, packer.mobile)).cookie;
    const list = (await as(cookie)('GET', '/api/admin/orders')).json();
    const row = list.content.find((r: { orderNumber: string }) => r.orderNumber === orderNumber);
    expect(row).toBeDefined();
    expect(row).not.toHaveProperty('totalAmount');
    expect(row).not.toHaveProperty('mobile');
    const detail = await as(cookie)('GET', `/api/admin/orders/${orderNumber}`);
    expect(detail.statusCode).toBe(200);
    const body = detail.json();
    for (const key of ['totals', 'payment', 'refunds', 'creditNotes']) expect(body).not.toHaveProperty(key);
    expect(body.customer).toEqual({ name: expect.any(String) });
    expect(body.items[0]).not.toHaveProperty('price');
    expect(body.address.fullAddress).toBeTruthy();
    expect(JSON.stringify(body)).not.toMatch(/@example\.in/);
    // The owner sees it in full, and confirms it; the packer packs and ships it.
    const full = AdminOrderDetail.parse((await as(owner)('GET', `/api/admin/orders/${orderNumber}`)).json());
    expect(full.totals.total).toBeGreaterThan(0);
    const confirmed = await as(owner)('PUT', `/api/admin/orders/${orderNumber}/status`, {
      status: 'CONFIRMED',
      version: full.version,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // Cancelling is not the packer's.
    const cancel = await as(cookie)('PUT', `/api/admin/orders/${orderNumber}/status`, {
      status: 'CANCELLED',
      version: confirmed.json().version,
    });
    expect(cancel.statusCode).toBe(403);
    const packed = await as(cookie)('PUT', `/api/admin/orders/${orderNumber}/status`, {
      status: 'PACKED',
      version: confirmed.json().version,
    });
    expect(packed.statusCode, packed.body).toBe(200);
    expect(packed.json()).not.toHaveProperty('totals');
    const shipped = await as(cookie)('PUT', `/api/admin/orders/${orderNumber}/status`, {
      status: 'SHIPPED',
      trackingId: 'AWB123456',
      courier: 'other',
      version: packed.json().version,
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json().status).toBe('SHIPPED');
    expect(shipped.json()).not.toHaveProperty('payment');
  });

  it("stops support's refunds at the owner's limit, checked on the server", async () => {
    const orderNumber = await paidOrder();
    const support = await invite('SUPPORT');
    const cookie = (await verifyMobile(t.app, support.mobile)).cookie;
    const order = AdminOrderDetail.parse(
      (await as(cookie)('GET', `/api/admin/orders/${orderNumber}`)).json(),
    );
    const line = order.items[0]!;
    const refund = (version: number) =>
      as(cookie)('POST', `/api/admin/orders/${orderNumber}/refunds`, {
        version,
        lines: [{ itemId: line.id, quantity: 1 }],
      });
    // No limit set: support refunds nothing alone.
    const refused = await refund(order.version);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(
      (await as(cookie)('PUT', '/api/admin/staff-settings', { supportRefundLimit: 10_000 })).statusCode,
    ).toBe(403);
    // A limit under the refund's share: still refused.
    expect((await as(owner)('PUT', '/api/admin/staff-settings', { supportRefundLimit: 1 })).statusCode).toBe(
      200,
    );
    expect((await refund(order.version)).statusCode).toBe(403);
    const set = await as(owner)('PUT', '/api/admin/staff-settings', {
      supportRefundLimit: order.totals.total,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await as(owner)('GET', '/api/admin/staff')).json().supportRefundLimit).toBe(order.totals.total);
    const done = await refund(order.version);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().refunds).toHaveLength(1);
  });
});
