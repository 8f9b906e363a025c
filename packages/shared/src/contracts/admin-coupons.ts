// Back-office coupon contracts: every rule of a coupon as the owner types it (percent with up to
// two decimals, rupees with up to two decimals, IST times), checked the same way by the API and
// the admin form. The server stores percent as basis points and rupees as paise.

import { COUPON_STATUSES, normaliseCouponCode } from '../coupons.ts';
import { isWholePaise } from '../money.ts';
import { END_AFTER_START, endsAfterStart, formBoolean, istDateTime, version } from './admin-site.ts';
import { hindiText } from './common.ts';
import { Rupees, RupeesInput } from './rupees.ts';
import * as z from './zod.ts';

export const COUPON_CODE_MESSAGE = 'Use 3 to 30 letters, digits, - or _ (no spaces), like DIWALI20.';
export const PERCENT_MESSAGE =
  'Enter a percent above 0 and at most 100, with up to two decimals, like 10 or 12.5.';
export const CAP_ONLY_FOR_PERCENT = 'A maximum discount applies to percent coupons only; leave it empty.';
export const PER_USER_ABOVE_TOTAL = 'The per-shopper limit cannot be above the total limit.';
export const LIMIT_MESSAGE = 'Enter a whole number above 0, or leave it empty for no limit.';

const blankToNull = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v;

const limit = z.preprocess(
  blankToNull,
  z.coerce
    .number({ error: LIMIT_MESSAGE })
    .int(LIMIT_MESSAGE)
    .positive(LIMIT_MESSAGE)
    .max(10_000_000, LIMIT_MESSAGE)
    .nullable(),
);

const couponFields = z.object({
  code: z
    .string({ error: COUPON_CODE_MESSAGE })
    .transform(normaliseCouponCode)
    .pipe(z.string().regex(/^[A-Z0-9_-]{3,30}$/, COUPON_CODE_MESSAGE)),
  description: z
    .string({ error: 'Please describe the offer for shoppers.' })
    .trim()
    .min(1, 'Please describe the offer for shoppers.')
    .max(200, 'Keep it to 200 characters at most.'),
  descriptionHi: hindiText('description', 200),
  discountType: z.enum(['PERCENT', 'FLAT'], { error: 'Choose a percent or a flat amount off.' }),
  /** Percent (PERCENT) or rupees (FLAT), up to two decimals. */
  discountValue: z.preprocess(
    blankToNull,
    z.coerce
      .number({ error: 'Enter the discount.' })
      .positive('Enter a discount above 0.')
      .max(1_000_000, 'That amount is too large.')
      .refine(isWholePaise, 'Use at most two decimals.'),
  ),
  /** Rupees; the most a percent coupon takes off. */
  maxDiscount: z.preprocess(
    blankToNull,
    RupeesInput.refine((v) => v > 0, 'Enter an amount above 0, or leave it empty for no cap.').nullable(),
  ),
  /** Rupees; the smallest cart (subtotal) the coupon applies to. */
  minCartValue: z.preprocess((v) => blankToNull(v) ?? 0, RupeesInput),
  validFrom: z.preprocess(blankToNull, istDateTime.nullable()),
  validUntil: z.preprocess(blankToNull, istDateTime.nullable()),
  usageLimit: limit,
  perUserLimit: limit,
  /** Only for a shopper's first order (none earlier that was not cancelled). */
  firstOrderOnly: formBoolean.default(false),
  active: formBoolean.default(true),
});

type CouponFields = z.infer<typeof couponFields>;

function couponRules(v: CouponFields, ctx: z.RefinementCtx) {
  if (v.discountType === 'PERCENT' && v.discountValue > 100) {
    ctx.addIssue({ code: 'custom', message: PERCENT_MESSAGE, path: ['discountValue'] });
  }
  if (v.discountType === 'FLAT' && v.maxDiscount !== null) {
    ctx.addIssue({ code: 'custom', message: CAP_ONLY_FOR_PERCENT, path: ['maxDiscount'] });
  }
  if (!endsAfterStart(v.validFrom, v.validUntil)) {
    ctx.addIssue({ code: 'custom', message: END_AFTER_START, path: ['validUntil'] });
  }
  if (v.usageLimit !== null && v.usageLimit > 0 && v.perUserLimit !== null && v.perUserLimit > v.usageLimit) {
    ctx.addIssue({ code: 'custom', message: PER_USER_ABOVE_TOTAL, path: ['perUserLimit'] });
  }
}

export const CouponCreate = couponFields.superRefine(couponRules);
export type CouponCreateInput = z.infer<typeof CouponCreate>;
export const CouponUpdate = couponFields.extend({ version }).superRefine(couponRules);
export type CouponUpdateInput = z.infer<typeof CouponUpdate>;

export const CouponActiveChange = z.object({ active: formBoolean, version });
export type CouponActiveChangeInput = z.infer<typeof CouponActiveChange>;

export const AdminCoupon = z
  .object({
    id: z.number().int(),
    code: z.string(),
    description: z.string(),
    descriptionHi: z.string(),
    discountType: z.enum(['PERCENT', 'FLAT']),
    /** Percent for PERCENT, rupees for FLAT. */
    discountValue: z.number(),
    maxDiscount: Rupees.nullable(),
    minCartValue: Rupees,
    validFrom: z.string().nullable(),
    validUntil: z.string().nullable(),
    usageLimit: z.number().int().nullable(),
    perUserLimit: z.number().int().nullable(),
    firstOrderOnly: z.boolean(),
    active: z.boolean(),
    /** Uses taken: paid orders plus checkouts awaiting payment that hold one. */
    usedCount: z.number().int(),
    /** Paid orders that used the coupon. */
    redemptions: z.number().int(),
    status: z.enum(COUPON_STATUSES),
    version: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: 'AdminCoupon' });
export type AdminCouponDto = z.infer<typeof AdminCoupon>;
