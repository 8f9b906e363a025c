// Every figure of the checkout's Price Details, in paise, from one function: the server's quote
// prices a payment with it and the checkout page shows what it returns (spec section 9).
import { type PrepaidDiscount, prepaidDiscountPaise } from './cod.ts';
import { baseShippingCharge, orderTotal, type ShippingMilestone, shippingCharge } from './pricing.ts';

export interface PricedLine {
  pricePaise: number;
  mrpPaise: number;
  quantity: number;
}

export interface CartPriceInput {
  lines: readonly PricedLine[];
  /** Minimum cart value and charge, both in paise. */
  milestones: readonly ShippingMilestone[];
  /** The applied coupon's discount, worked out on `cartSubtotalPaise(lines)`. */
  couponDiscountPaise: number;
  platformFeePaise: number;
  prepaidDiscount: PrepaidDiscount | null;
  codFeePaise: number;
}

export interface CartPrice {
  /** What the goods would cost at MRP (a line priced above its MRP counts at its price). */
  mrpTotalPaise: number;
  subtotalPaise: number;
  couponDiscountPaise: number;
  deliveryPaise: number;
  /** The highest delivery charge, shown struck through when the actual one is lower. */
  baseDeliveryPaise: number;
  platformFeePaise: number;
  /** Taken off an online payment only. */
  prepaidDiscountPaise: number;
  /** Before the COD fee or prepaid discount: what the COD limits compare. */
  orderValuePaise: number;
  /** Paid online. */
  totalPaise: number;
  codFeePaise: number;
  /** Paid on delivery. */
  codTotalPaise: number;
}

export function cartSubtotalPaise(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, l) => sum + l.pricePaise * l.quantity, 0);
}

export function priceCart(input: CartPriceInput): CartPrice {
  const { lines, milestones, couponDiscountPaise, platformFeePaise, codFeePaise } = input;
  const subtotalPaise = cartSubtotalPaise(lines);
  const mrpTotalPaise = lines.reduce((sum, l) => sum + Math.max(l.mrpPaise, l.pricePaise) * l.quantity, 0);
  const deliveryPaise = shippingCharge(milestones, subtotalPaise);
  const parts = {
    subtotal: subtotalPaise,
    couponDiscount: couponDiscountPaise,
    deliveryCharge: deliveryPaise,
    platformFee: platformFeePaise,
  };
  const prepaid = prepaidDiscountPaise(input.prepaidDiscount, subtotalPaise - couponDiscountPaise);
  return {
    mrpTotalPaise,
    subtotalPaise,
    couponDiscountPaise,
    deliveryPaise,
    baseDeliveryPaise: baseShippingCharge(milestones),
    platformFeePaise,
    prepaidDiscountPaise: prepaid,
    orderValuePaise: orderTotal(parts),
    totalPaise: orderTotal({ ...parts, prepaidDiscount: prepaid }),
    codFeePaise,
    codTotalPaise: orderTotal({ ...parts, codFee: codFeePaise }),
  };
}
