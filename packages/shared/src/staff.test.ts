// The store team's rules (issue 41): each role's permissions as the issue words them, and a
// limited order view that never carries money or contact details, whatever the order holds.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AdminOrderDetailDto } from './contracts/admin.ts';
import { LimitedOrderDetail } from './contracts/staff.ts';
import {
  can,
  PERMISSIONS,
  permissionsOf,
  ROLE_PERMISSIONS,
  STAFF_ROLES,
  statusChangePermission,
  USER_ROLES,
} from './staff.ts';
import { orderDetailFor, orderRowFor, seesOrdersInFull } from './staff-view.ts';

describe('roles', () => {
  it('lets a shopper, an unknown role or no one do nothing', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PERMISSIONS),
        fc.constantFrom('customer', 'admin', '', null, undefined),
        (p, r) => {
          expect(can(r, p)).toBe(false);
        },
      ),
    );
  });

  it('answers can() as the role table says, and a manager has everything an owner has but staff and legal settings', () => {
    fc.assert(
      fc.property(fc.constantFrom(...STAFF_ROLES), fc.constantFrom(...PERMISSIONS), (role, p) => {
        expect(can(role, p)).toBe(ROLE_PERMISSIONS[role].has(p));
        expect(can('OWNER', p)).toBe(true);
        expect(can('MANAGER', p)).toBe(p !== 'staff.manage' && p !== 'settings.legal');
        if (can(role, p)) expect(permissionsOf(role)).toContain(p);
      }),
    );
  });

  it.each([
    ['PACKER', ['orders.view', 'orders.fulfil', 'stock.adjust']],
    [
      'SUPPORT',
      [
        'orders.view',
        'orders.cancel',
        'refunds.issue',
        'money.view',
        'customers.view',
        'reviews.moderate',
        'messages.handle',
        'grievances.handle',
      ],
    ],
  ] as const)('gives %s exactly what the issue lists', (role, expected) => {
    expect(permissionsOf(role).sort()).toEqual([...expected].sort());
  });

  it.each([
    ['PACKED', 'orders.fulfil'],
    ['SHIPPED', 'orders.fulfil'],
    ['DELIVERED', 'orders.fulfil'],
    ['RTO', 'orders.fulfil'],
    ['CANCELLED', 'orders.cancel'],
    ['CONFIRMED', 'orders.manage'],
    ['PLACED', 'orders.manage'],
  ])('needs the right permission to move an order to %s', (status, permission) => {
    expect(statusChangePermission(status)).toBe(permission);
  });

  it('knows every stored role', () => {
    expect(USER_ROLES).toEqual(['customer', 'OWNER', 'MANAGER', 'PACKER', 'SUPPORT']);
  });
});

const rupees = fc.integer({ min: 0, max: 10_000_000 }).map((p) => p / 100);

const anOrder = fc.record({
  price: rupees,
  total: rupees,
  mobile: fc.constantFrom('9876543210', '9123456780'),
  email: fc.emailAddress(),
});

function order(o: { price: number; total: number; mobile: string; email: string }): AdminOrderDetailDto {
  const zero = { totalMrp: 0, subtotal: 0, couponCode: null, couponDiscount: 0, delivery: 0 };
  return {
    orderNumber: 'KC1',
    status: 'CONFIRMED',
    nextStatuses: ['PACKED'],
    version: 1,
    codConfirmation: 'NOT_REQUIRED',
    confirmBy: null,
    codConfirmationVia: null,
    codConfirmedByName: null,
    trackingId: null,
    invoiceNumber: null,
    tracking: null,
    customer: { name: 'Asha Rao', mobile: o.mobile, email: o.email },
    address: {
      name: 'Asha Rao',
      phone: '9000000000',
      type: 'Home',
      fullAddress: '21, East Street',
      pincode: '411001',
    },
    items: [
      {
        id: 1,
        productName: 'Garam Masala',
        variant: '100g',
        quantity: 2,
        refundedQuantity: 0,
        batches: [{ batchNumber: 'B-1', bestBefore: '2027-06-30', quantity: 2 }],
        price: o.price,
        mrp: o.price,
      },
    ],
    refunds: [],
    creditNotes: [],
    totals: { ...zero, platformFee: 0, codFee: 0, prepaidDiscount: 0, total: o.total },
    payment: {
      mode: 'RAZORPAY',
      status: 'PAID',
      providerOrderId: 'order_1',
      providerPaymentId: 'pay_1',
      cashCollected: null,
    },
    createdAt: '2026-11-29T00:00:00.000Z',
    updatedAt: '2026-11-29T00:00:00.000Z',
    rtoRisk: null,
    recoveredFrom: null,
    attribution: null,
  } as AdminOrderDetailDto;
}

describe('what a packer sees of an order', () => {
  it('carries no money, mobile or e-mail, and keeps the shipping address', () => {
    fc.assert(
      fc.property(anOrder, (o) => {
        const seen = orderDetailFor({ role: 'PACKER' }, order(o));
        expect(LimitedOrderDetail.safeParse(seen).success).toBe(true);
        const text = JSON.stringify(seen);
        expect(text).not.toContain(o.email);
        expect(text).not.toMatch(/"(price|mrp|total|totals|payment|refunds|creditNotes|mobile|email)"/);
        expect(seen.address.fullAddress).toBe('21, East Street');
        // What to pack from stays (issue 39).
        expect(seen.items[0]!.batches).toEqual([
          { batchNumber: 'B-1', bestBefore: '2027-06-30', quantity: 2 },
        ]);
      }),
    );
  });

  it('is the whole order for roles that see money and contacts', () => {
    fc.assert(
      fc.property(anOrder, fc.constantFrom('OWNER', 'MANAGER', 'SUPPORT'), (o, role) => {
        const full = order(o);
        expect(seesOrdersInFull({ role })).toBe(true);
        expect(orderDetailFor({ role }, full)).toBe(full);
      }),
    );
  });

  it('cuts the list row too', () => {
    const row = { orderNumber: 'KC1', totalAmount: 120, mobile: '9876543210', paymentStatus: 'PAID' };
    expect(orderRowFor({ role: 'PACKER' }, row)).toEqual({ orderNumber: 'KC1' });
    expect(orderRowFor({ role: 'SUPPORT' }, row)).toBe(row);
  });
});
