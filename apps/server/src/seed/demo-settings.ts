// The demo shop's rules: checkout fee and COD, GST registration, shipping milestones, delivery
// zones and holidays, and three coupons (one live, one with an end date, one expired).
import type { Tx } from '../db/client.ts';
import { checkoutSettings, shippingMilestones } from '../modules/checkout/schema.ts';
import { coupons } from '../modules/coupons/schema.ts';
import { deliverySettings } from '../modules/delivery/schema.ts';
import { DEFAULT_DELIVERY_RULES, rulesToRow } from '../modules/delivery/service.ts';
import { invoiceSettings } from '../modules/invoices/schema.ts';
import { type DaysFromNow, DEMO_BRAND, hindiOf, rupees } from './demo-common.ts';
import { DEMO_COUPONS_HI } from './demo-hindi.ts';

export async function insertDemoShopSettings(tx: Tx, daysFromNow: DaysFromNow): Promise<void> {
  // Checkout: ₹9 platform fee; delivery ₹90 below ₹299, ₹49 from ₹299, free from ₹499.
  // Cash on delivery on with a ₹29 fee up to ₹3,000, no prepaid discount (issue 12).
  await tx.insert(checkoutSettings).values({
    id: 1,
    platformFeePaise: rupees(9),
    codEnabled: true,
    codFeePaise: rupees(29),
    codMaxOrderPaise: rupees(3000),
    // Every COD order is confirmed by the shopper within 24 hours before it is packed (issue 34).
    codConfirmationRequired: true,
    codConfirmationHours: 24,
  });
  // GST registration (issue 13): Maharashtra (27), a made-up GSTIN whose check digit is right.
  await tx.insert(invoiceSettings).values({
    id: 1,
    legalName: 'Kesar Chakki Foods Private Limited',
    tradeName: DEMO_BRAND,
    gstin: '27AAKCK1234M1ZB',
    address: 'Unit 4, Shree Ganesh Industrial Estate, LBS Marg, Vikhroli West, Mumbai 400083',
    stateCode: '27',
    fssai: '11521999000123',
    seriesPrefix: 'KC',
  });
  await tx.insert(shippingMilestones).values([
    { minCartValuePaise: 0, shippingChargePaise: rupees(90) },
    { minCartValuePaise: rupees(299), shippingChargePaise: rupees(49) },
    { minCartValuePaise: rupees(499), shippingChargePaise: 0 },
  ]);

  // Delivery (issue 14): ships from Mumbai (400001), orders by 14:00 IST leave the same working
  // day; the default zones (Mumbai 1–2 days, Maharashtra and the metros 2–4, the rest 4–7, the
  // North-East, islands, J&K and Ladakh 6–10 without COD); national holidays.
  await tx.insert(deliverySettings).values(
    rulesToRow({
      ...DEFAULT_DELIVERY_RULES,
      holidays: ['2026-01-26', '2026-08-15', '2026-10-02', '2026-11-09', '2026-12-25', '2027-01-26'],
      warehousePincode: '400001',
    }),
  );

  await tx.insert(coupons).values([
    {
      code: 'WELCOME10',
      description: '10% off your first order, up to ₹100, on carts of ₹299 or more',
      descriptionHi: hindiOf(DEMO_COUPONS_HI, 'WELCOME10'),
      discountType: 'PERCENT',
      discountValue: 1000,
      maxDiscountPaise: rupees(100),
      minCartValuePaise: rupees(299),
      validFrom: daysFromNow(-30),
      validUntil: null,
      usageLimit: null,
      perUserLimit: 1,
      firstOrderOnly: true,
    },
    {
      code: 'FLAT50',
      description: 'Flat ₹50 off on orders of ₹499 or more',
      descriptionHi: hindiOf(DEMO_COUPONS_HI, 'FLAT50'),
      discountType: 'FLAT',
      discountValue: rupees(50),
      maxDiscountPaise: null,
      minCartValuePaise: rupees(499),
      validFrom: daysFromNow(-30),
      validUntil: daysFromNow(180),
      usageLimit: 500,
      perUserLimit: null,
    },
    {
      code: 'FESTIVE20',
      description: 'Diwali special: 20% off up to ₹200 on orders of ₹599 or more',
      descriptionHi: hindiOf(DEMO_COUPONS_HI, 'FESTIVE20'),
      discountType: 'PERCENT',
      discountValue: 2000,
      maxDiscountPaise: rupees(200),
      minCartValuePaise: rupees(599),
      validFrom: daysFromNow(-200),
      validUntil: daysFromNow(-185),
      usageLimit: 1000,
      perUserLimit: 1,
      usedCount: 312,
    },
  ]);
}
