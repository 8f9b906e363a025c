// Automatic offers (issue 36): the back office's offer as the owner types it (rupees, whole
// percents, IST or ISO times), checked the same way by the API and the admin form, and what the
// checkout's quote answers. Products and variants that must exist are checked by the server.
import { OFFER_TYPES } from '../offers.ts';
import { END_AFTER_START, endsAfterStart, formBoolean, istDateTime, version } from './admin-site.ts';
import { hindiText } from './common.ts';
import { Rupees, RupeesInput } from './rupees.ts';
import * as z from './zod.ts';

export const TIERS_RISING = 'Each tier must start at a higher cart value than the one before.';
export const TIER_PERCENT = 'Enter a percent from 1 to 90.';
export const CAP_ONLY_FOR_PERCENT_TIER = 'A maximum discount applies to percent tiers only; leave it empty.';
export const RULES_FOR_TYPE = 'Fill in the rules of this type of offer.';
export const WHOLE_NUMBER = 'Enter a whole number from 1 to 100.';

const blankToNull = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v;
const count = z.coerce
  .number({ error: WHOLE_NUMBER })
  .int(WHOLE_NUMBER)
  .min(1, WHOLE_NUMBER)
  .max(100, WHOLE_NUMBER);
const id = z.coerce.number().int().positive().max(z.INT4_MAX, z.OUT_OF_RANGE);

export const OfferTier = z.object({
  /** Rupees: the subtotal (before discounts) the tier starts at. */
  minCartValue: RupeesInput,
  type: z.enum(['PERCENT', 'FLAT'], { error: 'Choose a percent or a flat amount off.' }),
  /** A whole percent (1–90) for PERCENT; rupees for FLAT. */
  value: z.coerce.number({ error: 'Enter the discount.' }).positive('Enter a discount above 0.'),
  maxDiscount: z.preprocess(
    blankToNull,
    RupeesInput.refine((v) => v > 0, 'Enter an amount above 0, or leave it empty for no cap.').nullable(),
  ),
});

const offerFields = z.object({
  name: z
    .string({ error: 'Please name the offer for shoppers.' })
    .trim()
    .min(1, 'Please name the offer for shoppers.')
    .max(80, 'Keep it to 80 characters at most.'),
  nameHi: hindiText('name', 80),
  type: z.enum(OFFER_TYPES, { error: 'Choose the type of offer.' }),
  active: formBoolean.default(true),
  startsAt: z.preprocess(blankToNull, istDateTime.nullable()).default(null),
  endsAt: z.preprocess(blankToNull, istDateTime.nullable()).default(null),
  combinesWithCoupons: formBoolean.default(false),
  tiers: z.array(OfferTier).max(5, 'At most 5 tiers.').optional(),
  buy: z
    .object({ productIds: z.array(id).min(1, 'Choose at least one product.').max(200), quantity: count })
    .optional(),
  get: z
    .object({
      quantity: count,
      percentOff: z.coerce
        .number({ error: 'Enter a percent from 1 to 100 (100 = free).' })
        .int('Enter a whole percent.')
        .min(1, 'Enter a percent from 1 to 100 (100 = free).')
        .max(100, 'Enter a percent from 1 to 100 (100 = free).'),
    })
    .optional(),
  gift: z.object({ variantId: id, minCartValue: RupeesInput }).optional(),
});

type OfferFields = z.infer<typeof offerFields>;

function offerRules(v: OfferFields, ctx: z.RefinementCtx) {
  const issue = (path: (string | number)[], message: string) =>
    ctx.addIssue({ code: 'custom', message, path });
  if (!endsAfterStart(v.startsAt, v.endsAt)) issue(['endsAt'], END_AFTER_START);
  if (v.type === 'SPEND_THRESHOLD') {
    if (!v.tiers || v.tiers.length === 0) return issue(['tiers'], 'Add at least one tier.');
    v.tiers.forEach((t, i) => {
      if (t.type === 'PERCENT' && (!Number.isInteger(t.value) || t.value < 1 || t.value > 90))
        issue(['tiers', i, 'value'], TIER_PERCENT);
      if (t.type === 'FLAT' && Math.round(t.value * 100) !== t.value * 100)
        issue(['tiers', i, 'value'], 'Use at most two decimals.');
      if (t.type === 'FLAT' && t.maxDiscount !== null)
        issue(['tiers', i, 'maxDiscount'], CAP_ONLY_FOR_PERCENT_TIER);
      const before = v.tiers![i - 1];
      if (before && t.minCartValue <= before.minCartValue) issue(['tiers', i, 'minCartValue'], TIERS_RISING);
    });
  }
  if (v.type === 'BUY_X_GET_Y') {
    if (!v.buy) issue(['buy'], RULES_FOR_TYPE);
    if (!v.get) issue(['get'], RULES_FOR_TYPE);
  }
  if (v.type === 'FREE_GIFT' && !v.gift) issue(['gift'], RULES_FOR_TYPE);
}

export const OfferCreate = offerFields.superRefine(offerRules);
export type OfferCreateInput = z.infer<typeof OfferCreate>;
export const OfferUpdate = offerFields.extend({ version }).superRefine(offerRules);
export type OfferUpdateInput = z.infer<typeof OfferUpdate>;

export const AdminOffer = z
  .object({
    id: z.number().int(),
    name: z.string(),
    nameHi: z.string(),
    type: z.enum(OFFER_TYPES),
    active: z.boolean(),
    startsAt: z.string().nullable(),
    endsAt: z.string().nullable(),
    combinesWithCoupons: z.boolean(),
    tiers: z
      .array(
        z.object({
          minCartValue: Rupees,
          type: z.enum(['PERCENT', 'FLAT']),
          value: z.number(),
          maxDiscount: Rupees.nullable(),
        }),
      )
      .optional(),
    buy: z.object({ productIds: z.array(z.number().int()), quantity: z.number().int() }).optional(),
    get: z.object({ quantity: z.number().int(), percentOff: z.number().int() }).optional(),
    gift: z.object({ variantId: z.number().int(), minCartValue: Rupees }).optional(),
    /** In force now: active and within its dates. */
    running: z.boolean(),
    version: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: 'AdminOffer' });
export type AdminOfferDto = z.infer<typeof AdminOffer>;

/** One line of the checkout's quote (rupees); a gift line is marked. */
export const QuoteLine = z.object({
  productId: z.number().int(),
  variantId: z.number().int(),
  productName: z.string(),
  variant: z.string(),
  quantity: z.number().int(),
  price: Rupees,
  mrp: Rupees,
  gift: z.boolean(),
});

export const OfferNudgeDto = z.object({
  kind: z.enum(['SPEND_THRESHOLD', 'FREE_GIFT']),
  offerId: z.number().int(),
  amountToGo: Rupees,
  /** The shopper's sentence in the request's language ('Add ₹212 more to get 10% off'). */
  text: z.string(),
});

export const CheckoutQuoteQuery = z.object({
  couponCode: z.string().trim().max(30).optional(),
  paymentMode: z.enum(['COD', 'RAZORPAY']).default('RAZORPAY'),
});

export const CheckoutQuote = z
  .object({
    lines: z.array(QuoteLine),
    priceDetails: z.object({
      totalMrp: Rupees,
      discount: Rupees,
      appliedCouponCode: z.string().nullable(),
      couponDiscount: Rupees,
      offerDiscount: Rupees,
      offers: z.array(z.object({ name: z.string(), nameHi: z.string(), amount: Rupees })),
      subtotal: Rupees,
      deliveryCharges: Rupees,
      platformFee: Rupees,
      codFee: Rupees,
      prepaidDiscount: Rupees,
      finalAmount: Rupees,
    }),
    offers: z.array(z.object({ id: z.number().int(), name: z.string(), amount: Rupees })),
    nudges: z.array(OfferNudgeDto),
    couponApplied: z.boolean(),
    /** 'Offer applied instead of coupon KESAR10: it saves you more.', or null. */
    couponNotice: z.string().nullable(),
  })
  .meta({ id: 'CheckoutQuote' });
export type CheckoutQuoteDto = z.infer<typeof CheckoutQuote>;
