import type { CartItemDto } from '@spice/shared/contracts/commerce';
import { describe, expect, it } from 'vitest';
import { checkoutTotals } from './use-checkout-totals';

const line = (price: number, mrp: number, quantity: number): CartItemDto => ({
  id: price,
  productId: 1,
  variantId: 1,
  slug: 'garam-masala',
  productName: 'Garam Masala',
  variant: '100g',
  price,
  mrp,
  quantity,
  stock: 10,
  available: true,
  phoneNumber: '+919876543210',
  image: '',
  unitPrice: null,
});
// Delivery ₹90 below ₹299, ₹49 from ₹299, free from ₹499.
const milestones = [
  { id: 1, minCartValue: 0, shippingCharge: 90 },
  { id: 2, minCartValue: 299, shippingCharge: 49 },
  { id: 3, minCartValue: 499, shippingCharge: 0 },
];

describe('checkoutTotals', () => {
  it('adds delivery, fee and COD fee, takes the coupon and the prepaid discount off, in paise', () => {
    const totals = checkoutTotals({
      items: [line(70, 80, 2), line(120, 120, 1)],
      milestones,
      coupon: { code: 'SAVE10', discount: 10 },
      platformFee: 9,
      prepaidDiscount: { type: 'PERCENT', percent: 5, maxDiscountPaise: null },
      codFeePaise: 2900,
    });
    expect(totals.subtotalPaise).toBe(26_000);
    expect(totals.mrpTotalPaise).toBe(28_000);
    expect(totals.deliveryPaise).toBe(9_000);
    expect(totals.couponDiscountPaise).toBe(1_000);
    expect(totals.platformFeePaise).toBe(900);
    // 5% of the goods after the coupon (₹250): ₹12.50.
    expect(totals.prepaidDiscountPaise).toBe(1_250);
    expect(totals.orderValuePaise).toBe(26_000 - 1_000 + 9_000 + 900);
    expect(totals.totalPaise).toBe(totals.orderValuePaise - 1_250);
    expect(totals.codTotalPaise).toBe(totals.orderValuePaise + 2_900);
  });

  it('gives free delivery at the top milestone and no prepaid discount without one', () => {
    const totals = checkoutTotals({
      items: [line(500, 500, 1)],
      milestones,
      coupon: null,
      platformFee: 0,
      prepaidDiscount: null,
      codFeePaise: 0,
    });
    expect(totals.deliveryPaise).toBe(0);
    expect(totals.baseDeliveryPaise).toBe(9_000);
    expect(totals.prepaidDiscountPaise).toBe(0);
    expect(totals.totalPaise).toBe(50_000);
    expect(totals.codTotalPaise).toBe(50_000);
  });
});
