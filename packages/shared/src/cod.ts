// Cash on delivery rules (issue 12): when COD is offered, its fee and the prepaid discount that
// nudges shoppers to pay online. Pure and integer paise, so the page and the server agree.
import { formatRupees } from './money.ts';
import { orderTotal } from './pricing.ts';

export interface CodRules {
  enabled: boolean;
  feePaise: number;
  /** Order value (before the COD fee) below which COD is off; 0 means no minimum. */
  minOrderPaise: number;
  /** Order value above which COD is off; null means no maximum. */
  maxOrderPaise: number | null;
  /** Six-digit pincodes or shorter prefixes where COD is off. */
  blockedPincodes: readonly string[];
  /** A shopper with this many COD orders returned undelivered (RTO) loses COD. */
  rtoLimit: number;
}

export type PrepaidDiscount =
  | { type: 'PERCENT'; percent: number; maxDiscountPaise: number | null }
  | { type: 'FLAT'; amountPaise: number };

export const COD_MESSAGES = {
  off: 'Cash on delivery is not available right now.',
  pincode: 'Cash on delivery is not available for this pincode.',
  rto: 'Cash on delivery is not available for your account.',
} as const;

export const codAboveMax = (maxPaise: number) =>
  `Cash on delivery is not available above ${formatRupees(maxPaise)}.`;
export const codBelowMin = (minPaise: number) =>
  `Cash on delivery is available on orders of ${formatRupees(minPaise)} or more.`;
export const saveByPayingOnline = (paise: number) => `Save ${formatRupees(paise)} by paying online`;
export const placeCodOrderLabel = (totalPaise: number) =>
  `Place Order (Pay ${formatRupees(totalPaise)} on delivery)`;
export const payOnDeliveryNotice = (totalPaise: number) =>
  `Pay ${formatRupees(totalPaise)} in cash or UPI when your order arrives.`;

export type CodAvailability = { available: true } | { available: false; reason: string };

/** True when the pincode equals a blocked entry or starts with a blocked prefix. */
export function pincodeBlocked(blocked: readonly string[], pincode: string): boolean {
  const pin = pincode.trim();
  return blocked.some((entry) => entry.length > 0 && pin.startsWith(entry.trim()));
}

/**
 * Whether this order may be paid on delivery. Checked in a fixed order so the shopper sees the most
 * useful reason: switched off, then the shopper's record, then the pincode, then the order value.
 */
export function codAvailability(input: {
  rules: CodRules;
  orderValuePaise: number;
  pincode: string | null;
  rtoCount: number;
  /** False when the pincode's delivery zone takes no cash on delivery (issue 14). */
  zoneAllowsCod?: boolean;
}): CodAvailability {
  const { rules } = input;
  if (!rules.enabled) return { available: false, reason: COD_MESSAGES.off };
  if (input.rtoCount >= rules.rtoLimit) return { available: false, reason: COD_MESSAGES.rto };
  const blocked = input.pincode !== null && pincodeBlocked(rules.blockedPincodes, input.pincode);
  if (blocked || input.zoneAllowsCod === false) {
    return { available: false, reason: COD_MESSAGES.pincode };
  }
  if (rules.maxOrderPaise !== null && input.orderValuePaise > rules.maxOrderPaise) {
    return { available: false, reason: codAboveMax(rules.maxOrderPaise) };
  }
  if (input.orderValuePaise < rules.minOrderPaise) {
    return { available: false, reason: codBelowMin(rules.minOrderPaise) };
  }
  return { available: true };
}

/**
 * The prepaid discount on the goods after the coupon: a percent rounded down to the paisa and
 * capped, or a flat amount; never more than the goods themselves.
 */
export function prepaidDiscountPaise(discount: PrepaidDiscount | null, goodsPaise: number): number {
  if (!discount || goodsPaise <= 0) return 0;
  const raw =
    discount.type === 'FLAT' ? discount.amountPaise : Math.floor((goodsPaise * discount.percent) / 100);
  const capped =
    discount.type === 'PERCENT' && discount.maxDiscountPaise !== null
      ? Math.min(raw, discount.maxDiscountPaise)
      : raw;
  return Math.max(0, Math.min(capped, goodsPaise));
}

export const paymentModeLabel = (mode: 'RAZORPAY' | 'COD') =>
  mode === 'COD' ? 'Cash on delivery' : 'Online (Razorpay)';

export const PAYMENT_STATUS_LABELS = {
  PAID: 'Paid',
  COD_PENDING: 'To pay on delivery',
  COD_COLLECTED: 'Paid in cash on delivery',
  PARTIALLY_REFUNDED: 'Partly refunded',
  REFUNDED: 'Refunded',
} as const;

/**
 * What the back office calls an order's grand total: a COD order's cash is not paid until the
 * courier collects it, so until then it is the amount to collect (or, once the order can no
 * longer be delivered, an order total nobody owes).
 */
export function orderTotalLabel(order: { paymentStatus: string; status: string }): string {
  if (order.paymentStatus === 'COD_PENDING') {
    return ['CANCELLED', 'RTO'].includes(order.status)
      ? 'Order total (not collected)'
      : 'To collect on delivery';
  }
  if (order.paymentStatus === 'COD_COLLECTED') return 'Collected in cash';
  return 'Total paid';
}

/** A percent with one decimal for the dashboard, or null when there is nothing to divide by. */
export function percentOf(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part * 1000) / whole) / 10 : null;
}

export const percentLabel = (percent: number | null) => (percent === null ? '–' : `${percent}%`);

/** Order statuses in which a COD order may still be paid online instead (not yet handed over). */
export const PAYABLE_ONLINE_STATUSES = ['PLACED', 'CONFIRMED', 'PACKED'] as const;

export interface PayNowOffer {
  /** What the shopper pays online now. */
  totalPaise: number;
  /** The COD fee no longer charged. */
  codFeeWaivedPaise: number;
  /** The prepaid discount, by today's rule, on the same base the checkout uses (goods after coupon). */
  prepaidDiscountPaise: number;
  /** The saving against paying on delivery: the fee waived plus the prepaid discount. */
  savingPaise: number;
}

/**
 * Paying a not yet shipped COD order online: the COD fee goes and the prepaid discount comes, as
 * if the shopper had paid online at checkout. Null when the order cannot be paid online.
 */
export function payNowOffer(
  order: {
    status: string;
    paymentMode: 'RAZORPAY' | 'COD';
    subtotalPaise: number;
    couponDiscountPaise: number;
    deliveryPaise: number;
    platformFeePaise: number;
    codFeePaise: number;
    /** Automatic offers' discount (issue 36); absent on orders before them. */
    offerDiscountPaise?: number;
  },
  discount: PrepaidDiscount | null,
): PayNowOffer | null {
  if (order.paymentMode !== 'COD') return null;
  if (!(PAYABLE_ONLINE_STATUSES as readonly string[]).includes(order.status)) return null;
  // The offers' discount counts with the coupon's, as in priceCart.
  const discounts = order.couponDiscountPaise + (order.offerDiscountPaise ?? 0);
  const prepaid = prepaidDiscountPaise(discount, order.subtotalPaise - discounts);
  const totalPaise = orderTotal({
    subtotal: order.subtotalPaise,
    couponDiscount: discounts,
    deliveryCharge: order.deliveryPaise,
    platformFee: order.platformFeePaise,
    prepaidDiscount: prepaid,
  });
  // Razorpay takes no payment under ₹1: such an order stays cash on delivery.
  if (totalPaise < 100) return null;
  return {
    totalPaise,
    codFeeWaivedPaise: order.codFeePaise,
    prepaidDiscountPaise: prepaid,
    savingPaise: order.codFeePaise + prepaid,
  };
}

/** The order page's button: the saving when there is one. */
/** The button names its amount, as the COD button does: 'Pay ₹361 now and save ₹29'. */
export const payNowLabel = (savingPaise: number, totalPaise: number) =>
  savingPaise > 0
    ? `Pay ${formatRupees(totalPaise)} now and save ${formatRupees(savingPaise)}`
    : `Pay ${formatRupees(totalPaise)} now`;

export const PAY_NOW_MESSAGES = {
  notPayable: 'This order can no longer be paid online.',
  totalChanged: 'The amount to pay has changed. Please review it and pay again.',
  paid: 'Payment received. Your order is now paid online.',
} as const;
