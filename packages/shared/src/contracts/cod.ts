// Cash on delivery contracts (issue 12): the public settings, the back office's edit and the
// COD placement. Rupees at this edge, paise inside.

import { COD_CONFIRMATION_HOURS, COD_CONFIRMATION_MESSAGES } from '../cod-confirmation.ts';
import { OptionalGstin } from './invoices.ts';
import { Rupees, RupeesInput } from './rupees.ts';
import * as z from './zod.ts';

export const CodSettings = z
  .object({
    enabled: z.boolean(),
    fee: Rupees,
    minOrderValue: Rupees,
    maxOrderValue: Rupees.nullable(),
  })
  .meta({ id: 'CodSettings' });

/** PERCENT: value is a percent and maxDiscount a cap in rupees (or null); FLAT: value in rupees. */
export const PrepaidDiscountSettings = z
  .object({
    type: z.enum(['PERCENT', 'FLAT']),
    value: z.number(),
    maxDiscount: Rupees.nullable(),
  })
  .meta({ id: 'PrepaidDiscountSettings' });

/** `cod.confirmation` (issue 34): COD orders wait for the shopper's confirmation this many hours. */
export const CodConfirmationSettings = z.object({
  required: z.boolean(),
  withinHours: z.number().int(),
});

export const AdminCodSettings = CodSettings.extend({
  blockedPincodes: z.array(z.string()),
  rtoLimit: z.number().int(),
  confirmation: CodConfirmationSettings,
});

export const CodConfirmationEdit = z.object({
  required: z.boolean(),
  withinHours: z.coerce
    .number({ error: COD_CONFIRMATION_MESSAGES.hours })
    .int(COD_CONFIRMATION_MESSAGES.hours)
    .min(COD_CONFIRMATION_HOURS.min, COD_CONFIRMATION_MESSAGES.hours)
    .max(COD_CONFIRMATION_HOURS.max, COD_CONFIRMATION_MESSAGES.hours),
});

export const CodSettingsEdit = z
  .object({
    enabled: z.boolean(),
    fee: RupeesInput,
    minOrderValue: RupeesInput,
    maxOrderValue: RupeesInput.nullable(),
    blockedPincodes: z
      .array(
        z
          .string()
          .trim()
          .regex(/^[1-9][0-9]{0,5}$/, 'Enter pincodes or their first digits, like 110001 or 7901.'),
      )
      .max(500, 'At most 500 blocked pincodes.'),
    rtoLimit: z.coerce.number().int().min(1, 'The return limit is at least 1.').max(100),
    /** Left out: the confirmation setting stays as it is. */
    confirmation: CodConfirmationEdit.optional(),
  })
  .refine((c) => c.maxOrderValue === null || c.maxOrderValue >= c.minOrderValue, {
    message: 'The maximum order value for cash on delivery must not be below the minimum.',
    path: ['maxOrderValue'],
  });

export const PrepaidDiscountEdit = z
  .object({
    type: z.enum(['PERCENT', 'FLAT']),
    value: RupeesInput,
    maxDiscount: RupeesInput.nullable(),
  })
  .refine((d) => d.type === 'FLAT' || (d.value > 0 && d.value <= 50 && Number.isInteger(d.value)), {
    message: 'A prepaid percent is a whole number from 1 to 50.',
    path: ['value'],
  })
  .refine((d) => d.value > 0, { message: 'Enter the prepaid discount.', path: ['value'] });

export const PlaceCodOrderBody = z.object({
  addressId: z.coerce.number().int().positive().max(z.INT4_MAX, z.OUT_OF_RANGE),
  couponCode: z.string().trim().max(40).nullish(),
  /** The total in paise the page shows, COD fee included. */
  amount: z.number().int().nonnegative().max(z.INT4_MAX, z.OUT_OF_RANGE),
  gstin: OptionalGstin,
});

export const PlacedCodOrder = z
  .object({ orderNumber: z.string(), amount: z.number().int(), paymentMode: z.literal('COD') })
  .meta({ id: 'PlacedCodOrder' });

export const PAYMENT_MODES = ['RAZORPAY', 'COD'] as const;
/** PARTIALLY_REFUNDED: some of what was paid online has been refunded; REFUNDED: all of it (processed). */
export const PAYMENT_STATUSES = [
  'PAID',
  'COD_PENDING',
  'COD_COLLECTED',
  'PARTIALLY_REFUNDED',
  'REFUNDED',
] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Paying a COD order online instead (rupees): what to pay now and what that saves. */
export const PayNowOfferDto = z
  .object({
    amount: Rupees,
    saving: Rupees,
    codFeeWaived: Rupees,
    prepaidDiscount: Rupees,
  })
  .meta({ id: 'PayNowOffer' });

/** `amount`: the total in paise the order page shows for paying online now. */
export const PayNowBody = z.object({
  amount: z.number().int().nonnegative().max(z.INT4_MAX, z.OUT_OF_RANGE),
});

export const PayNowVerifyBody = z.object({
  razorpayOrderId: z.string().min(1).max(100),
  razorpayPaymentId: z.string().min(1).max(100),
  razorpaySignature: z.string().min(1).max(200),
});

export const PaidNow = z
  .object({
    orderNumber: z.string(),
    paymentMode: z.literal('RAZORPAY'),
    paymentStatus: z.literal('PAID'),
    totalAmount: Rupees,
  })
  .meta({ id: 'PaidNow' });

/** Before placing (issue 34): the cart to this address, with this coupon, as COD. */
export const CodRiskQuery = z.object({
  addressId: z.coerce.number().int().positive().max(z.INT4_MAX, z.OUT_OF_RANGE),
  couponCode: z.string().trim().max(40).optional(),
});

/**
 * Whether cash on delivery is refused for it (a HIGH RTO risk while the shop requires prepaid
 * then), with what paying online saves (rupees): only the outcome, never the risk's reasons.
 */
export const CodRiskAnswer = z
  .object({ prepaidRequired: z.boolean(), saving: Rupees, message: z.string().nullable() })
  .meta({ id: 'CodRiskAnswer' });
