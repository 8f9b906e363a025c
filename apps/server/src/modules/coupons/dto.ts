// The coupons module's API edge: coupons hold basis points and paise; the contracts show percent
// and rupees (`Rupees` fields), and the back office's form sends them back the same way.
import type { CouponCreateInput } from '@spice/shared/contracts/admin-coupons';
import type { CouponDto } from '@spice/shared/contracts/content';
import { type CouponBlock, percentToBasisPoints } from '@spice/shared/coupons';
import type { Lang } from '@spice/shared/lang';
import { pick } from '@spice/shared/localized';
import { toPaise, toRupees } from '@spice/shared/money';
import type { coupons } from './schema.ts';

type CouponRow = typeof coupons.$inferSelect;

/** A coupon as the API shows it: percent or rupees, ISO times, the description in the language. */
export function couponDto(c: CouponRow, lang: Lang = 'en'): CouponDto {
  return {
    id: c.id,
    code: c.code,
    description: pick(c.description, c.descriptionHi, lang),
    discountType: c.discountType,
    discountValue: c.discountType === 'PERCENT' ? c.discountValue / 100 : toRupees(c.discountValue),
    maxDiscount: c.maxDiscountPaise === null ? null : toRupees(c.maxDiscountPaise),
    minCartValue: toRupees(c.minCartValuePaise),
    validFrom: c.validFrom?.toISOString() ?? null,
    validUntil: c.validUntil?.toISOString() ?? null,
  };
}

/** Rupees more the cart needs, when a too-small cart is why a coupon cannot be used now. */
export function amountToGoDto(block: CouponBlock | null): number | null {
  return block?.reason === 'cart-too-small' ? toRupees(block.amountToGoPaise) : null;
}

/** The form's percent or rupees as stored: basis points or paise. */
export function couponMoneyColumns(input: CouponCreateInput) {
  return {
    discountValue:
      input.discountType === 'PERCENT'
        ? percentToBasisPoints(input.discountValue)
        : toPaise(input.discountValue),
    maxDiscountPaise: input.maxDiscount === null ? null : toPaise(input.maxDiscount),
    minCartValuePaise: toPaise(input.minCartValue),
  };
}

/** The discount a coupon gives, in rupees (`CouponApplied.discountAmount`). */
export function couponAppliedDto(code: string, discountPaise: number) {
  return { code, discountAmount: toRupees(discountPaise) };
}
