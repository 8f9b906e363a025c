// Contracts of the cart, coupons, checkout, payment and orders (spec sections 3, 4 and 7).

import { MESSAGES } from '../messages.ts';
import { ORDER_STATUSES } from '../order-status.ts';
import { REFUND_STATUSES } from '../refunds.ts';
import { SELF_CANCEL_MESSAGES, SELF_CANCEL_REASON_MAX } from '../self-cancel.ts';
import { PAYMENT_MODES, PAYMENT_STATUSES, PayNowOfferDto } from './cod.ts';
import { CodConfirmationState } from './cod-confirmation.ts';
import { UnitPrice } from './declarations.ts';
import { OptionalGstin } from './invoices.ts';
import { Rupees } from './rupees.ts';
import { Tracking } from './shipping.ts';
import * as z from './zod.ts';

export const CartItem = z
  .object({
    id: z.number().int(),
    productId: z.number().int(),
    variantId: z.number().int(),
    slug: z.string(),
    productName: z.string(),
    /** The weight, as the spec reads it (a plain string). */
    variant: z.string(),
    price: Rupees,
    mrp: Rupees,
    quantity: z.number().int(),
    stock: z.number().int(),
    available: z.boolean(),
    phoneNumber: z.string(),
    image: z.string(),
    /** The price per 100 g, 100 ml or piece (decision 0035); null without a net quantity. */
    unitPrice: UnitPrice.nullable(),
  })
  .meta({ id: 'CartItem' });

/** The spec's add-to-cart payload. Price, MRP, name and image are ignored: the catalogue decides. */
export const AddToCartBody = z.object({
  productId: z.coerce
    .number({ error: 'Choose a product.' })
    .int()
    .positive('Choose a product.')
    .max(z.INT4_MAX, z.OUT_OF_RANGE),
  variant: z
    .union([z.string(), z.object({ weight: z.string() }).transform((v) => v.weight)], {
      error: 'Choose a weight.',
    })
    .optional(),
  variantId: z.coerce.number().int().positive().max(z.INT4_MAX, z.OUT_OF_RANGE).optional(),
  quantity: z.coerce
    .number({ error: 'Quantity must be a whole number.' })
    .int('Quantity must be a whole number.')
    .default(1),
  phoneNumber: z.string().optional(),
  slug: z.string().optional(),
  productName: z.string().optional(),
  price: z.unknown().optional(),
  mrp: z.unknown().optional(),
  image: z.string().optional(),
});

export const QuantityQuery = z.object({
  quantity: z.coerce
    .number({ error: 'Quantity must be a whole number.' })
    .int('Quantity must be a whole number.'),
});

export const ValidateCouponBody = z.object({
  code: z.string({ error: 'Enter a coupon code.' }).trim().min(1, 'Enter a coupon code.').max(40),
  // Rupees; no cart comes near a crore, and paise of it stay far inside an integer column.
  cartAmount: z.coerce
    .number({ error: 'Your cart is empty.' })
    .positive('Your cart is empty.')
    .max(10_000_000, MESSAGES.numberOutOfRange),
});
export const CouponApplied = z
  .object({ code: z.string(), discountAmount: Rupees })
  .meta({ id: 'CouponApplied' });

export const CreatePaymentOrderBody = z.object({
  /** Paise (not `Rupees`, like Razorpay's order amount): the total the page showed. */
  amount: z.coerce.number({ error: 'Amount is required.' }).int('Amount must be in whole paise.').positive(),
  addressId: z.coerce
    .number({ error: 'Please select a delivery address.' })
    .int()
    .positive()
    .max(z.INT4_MAX, z.OUT_OF_RANGE),
  couponCode: z.string().trim().max(40).nullish(),
  /** 'Have a GSTIN? Add it for a business invoice' (issue 13). */
  gstin: OptionalGstin,
});
export const PaymentOrder = z
  .object({
    /** Paise, as Razorpay takes it. */
    amount: z.number().int(),
    currency: z.literal('INR'),
    orderId: z.string(),
    keyId: z.string(),
    provider: z.enum(['razorpay', 'simulated']),
  })
  .meta({ id: 'PaymentOrder' });

export const SimulatedPayment = z.object({
  razorpayOrderId: z.string(),
  razorpayPaymentId: z.string(),
  razorpaySignature: z.string(),
});

/** The spec's placement payload. Only `payment` is trusted (and verified); the rest is ignored. */
export const PlaceOrderBody = z
  .object({
    payment: z.object({
      mode: z.literal('RAZORPAY', { error: "Payment mode must be 'RAZORPAY'." }),
      razorpayOrderId: z.string().min(1).max(100),
      razorpayPaymentId: z.string().min(1).max(100),
      razorpaySignature: z.string().min(1).max(200),
    }),
  })
  .loose();
export const PlacedOrder = z
  .object({ orderNumber: z.string(), totalAmount: Rupees })
  .meta({ id: 'PlacedOrder' });

export const OrderRefund = z
  .object({
    id: z.string(),
    amount: Rupees,
    status: z.enum(REFUND_STATUSES),
    createdAt: z.string(),
  })
  .meta({ id: 'OrderRefund' });

/** A GST credit note issued for a refund of the order (its PDF: /api/orders/{n}/credit-notes/{number}). */
export const OrderCreditNote = z
  .object({ number: z.string(), amount: Rupees, issuedAt: z.string() })
  .meta({ id: 'OrderCreditNote' });

export const OrderSummary = z
  .object({
    orderNumber: z.string(),
    orderStatus: z.enum(ORDER_STATUSES),
    items: z.array(
      z.object({
        productName: z.string(),
        variant: z.string(),
        /** The catalogue's Hindi name and weight when ordered; null when it had none. */
        productNameHi: z.string().nullable(),
        variantHi: z.string().nullable(),
        quantity: z.number().int(),
        price: Rupees,
      }),
    ),
    totalAmount: Rupees,
    createdAt: z.string(),
    trackingId: z.string().nullable(),
    /** Courier, AWB, tracking link and events; null before shipping. */
    tracking: Tracking.nullable(),
    paymentMode: z.enum(PAYMENT_MODES),
    paymentStatus: z.enum(PAYMENT_STATUSES),
    /** The GST invoice's number; null until one is issued (prepaid: at placement; COD: when shipped). */
    invoiceNumber: z.string().nullable(),
    /** A COD order waiting for (or past) the shopper's confirmation (issue 34); NOT_REQUIRED otherwise. */
    codConfirmation: CodConfirmationState,
    /** When a pending confirmation expires (ISO); null when none was asked for. */
    confirmBy: z.string().nullable(),
  })
  .meta({ id: 'OrderSummary' });

/**
 * One order in full for its shopper: the list view's fields, plus what the order page shows.
 * Prices are the ones charged at checkout (rupees), never today's catalogue prices.
 */
export const OrderDetail = OrderSummary.extend({
  items: z.array(
    z.object({
      productId: z.number().int(),
      /** Null when the variant has since been deleted from the catalogue. */
      variantId: z.number().int().nullable(),
      productName: z.string(),
      variant: z.string(),
      /** The catalogue's Hindi name and weight when ordered; null when it had none. */
      productNameHi: z.string().nullable(),
      variantHi: z.string().nullable(),
      quantity: z.number().int(),
      /** Units of this line in refunds asked for (pending or processed). */
      refundedQuantity: z.number().int(),
      price: Rupees,
      mrp: Rupees,
      image: z.string(),
      /** Where 'Rate this product' and the product link go; null once the product is gone. */
      slug: z.string().nullable(),
      /** Whether 'Buy again' can add this variant now (active, in stock). */
      buyable: z.boolean(),
      /** A free gift's line (issue 36): price 0, given by an offer. */
      gift: z.boolean(),
    }),
  ),
  deliveryAddress: z.object({
    name: z.string(),
    phone: z.string(),
    type: z.enum(['Home', 'Work']),
    fullAddress: z.string(),
    pincode: z.string(),
  }),
  priceDetails: z.object({
    totalMrp: Rupees,
    /** Discount on MRP: MRP total minus the selling total. */
    discount: Rupees,
    appliedCouponCode: z.string().nullable(),
    couponDiscount: Rupees,
    subtotal: Rupees,
    deliveryCharges: Rupees,
    platformFee: Rupees,
    /** Cash on delivery fee (0 for an order paid online). */
    codFee: Rupees,
    /** Discount for paying online (0 when none). */
    prepaidDiscount: Rupees,
    /** Automatic offers' money off, together (issue 36). */
    offerDiscount: Rupees,
    /** Each offer applied, by name (a free gift's at 0). */
    offers: z.array(z.object({ name: z.string(), nameHi: z.string(), amount: Rupees })),
    finalAmount: Rupees,
  }),
  paymentId: z.string(),
  /**
   * The delivery window promised at placement ('YYYY-MM-DD', IST) from the delivery rules then;
   * null on orders placed before the shop kept it.
   */
  estimatedDelivery: z.object({ from: z.string(), to: z.string() }).nullable(),
  /** A COD order not yet shipped may be paid online instead ('Pay now and save ₹X'); else null. */
  payNow: PayNowOfferDto.nullable(),
  /** `reason` when the shop gave one ('Not confirmed in time'). */
  statusHistory: z.array(
    z.object({ status: z.enum(ORDER_STATUSES), at: z.string(), reason: z.string().optional() }),
  ),
  /**
   * Payments made for this order that were refunded instead of applied (a 'Pay now' that arrived
   * after the order shipped), oldest first: the order stays as it was (a COD order still COD).
   */
  returnedPayments: z.array(
    z.object({
      amount: Rupees,
      status: z.enum(['pending', 'refunded']),
      /** Why (REFUND_REASONS), e.g. 'order_shipped'. */
      reason: z.string().nullable(),
      at: z.string(),
    }),
  ),
  /** Money given back through the gateway, oldest first (amount in rupees). */
  refunds: z.array(OrderRefund),
  /** One GST credit note per processed refund of an invoiced order, oldest first. */
  creditNotes: z.array(OrderCreditNote),
}).meta({ id: 'OrderDetail' });

export type CartItemDto = z.infer<typeof CartItem>;
export type OrderSummaryDto = z.infer<typeof OrderSummary>;
export type OrderDetailDto = z.infer<typeof OrderDetail>;
export type PaymentOrderDto = z.infer<typeof PaymentOrder>;

/** A shopper's own cancel: why, in their words (or a reason they picked). */
export const CancelOwnOrderBody = z.object({
  reason: z
    .string({ error: SELF_CANCEL_MESSAGES.reason })
    .trim()
    .min(1, SELF_CANCEL_MESSAGES.reason)
    .max(SELF_CANCEL_REASON_MAX, `Must be at most ${SELF_CANCEL_REASON_MAX} characters.`),
});
