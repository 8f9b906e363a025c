// Checkouts (pending payments with reserved stock), orders and their items (coupon redemptions
// are the coupons module's).
// Money in integer paise. A pending checkout is stored under the payment provider's order id;
// placing the order consumes it exactly once.

import type { Attribution } from '@spice/shared/attribution';
import { CHECKOUT_STATUSES } from '@spice/shared/checkout-status';
import { COD_CONFIRMATION_STATUSES } from '@spice/shared/cod-confirmation';
import { PAYMENT_STATUSES } from '@spice/shared/contracts/cod';
import type { DeliveryWindow } from '@spice/shared/delivery';
import { PREPAYMENT_STATUSES } from '@spice/shared/prepayment-status';
import type { RtoRisk } from '@spice/shared/rto-risk';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { addresses, users } from '../accounts/schema.ts';
import { productVariants } from '../catalog/schema.ts';
import { coupons } from '../coupons/schema.ts';

export interface CheckoutLine {
  productId: number;
  variantId: number;
  productName: string;
  /** The catalogue's Hindi name and weight at checkout ('' or absent when it had none). */
  productNameHi?: string;
  weightHi?: string;
  slug: string;
  weight: string;
  image: string;
  quantity: number;
  pricePaise: number;
  mrpPaise: number;
  /** A free gift's line (issue 36): one unit at ₹0, added by the offer, never by the shopper. */
  gift?: true;
}

/** An offer an order got, as Price Details names it (issue 36). */
export interface OrderOffer {
  id: number;
  name: string;
  nameHi: string;
  amountPaise: number;
}

export interface AddressSnapshot {
  name: string;
  phone: string;
  type: 'Home' | 'Work';
  fullAddress: string;
  pincode: string;
  /** The state as typed, for the GST place of supply; absent on orders placed before issue 13. */
  state?: string;
}

/** The price columns a checkout and its order share, in paise (prepared inserts name them). */
export const PRICE_COLUMNS = [
  'couponCode',
  'mrpTotalPaise',
  'subtotalPaise',
  'couponDiscountPaise',
  'deliveryPaise',
  'platformFeePaise',
  'offerDiscountPaise',
  'offers',
] as const;

/** What every new checkout names, online or cash on delivery (each adds its own). */
export const NEW_CHECKOUT_COLUMNS = [
  'providerOrderId',
  'provider',
  'userId',
  'addressId',
  'address',
  'lines',
  'couponId',
  ...PRICE_COLUMNS,
  'totalPaise',
  'buyerGstin',
  'language',
  'estimatedDelivery',
  'attribution',
  'expiresAt',
] as const;

export const checkouts = pgTable(
  'checkouts',
  {
    id: serial('id').primaryKey(),
    /** The payment provider's order id (Razorpay `order_…`, or `order_sim_…` when simulated). */
    providerOrderId: text('provider_order_id').notNull(),
    provider: text('provider', { enum: ['razorpay', 'simulated', 'cod'] }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addressId: integer('address_id').references(() => addresses.id, { onDelete: 'set null' }),
    address: jsonb('address').$type<AddressSnapshot>().notNull(),
    lines: jsonb('lines').$type<CheckoutLine[]>().notNull(),
    couponId: integer('coupon_id').references(() => coupons.id),
    couponCode: text('coupon_code'),
    mrpTotalPaise: integer('mrp_total_paise').notNull(),
    subtotalPaise: integer('subtotal_paise').notNull(),
    couponDiscountPaise: integer('coupon_discount_paise').notNull(),
    deliveryPaise: integer('delivery_paise').notNull(),
    platformFeePaise: integer('platform_fee_paise').notNull(),
    codFeePaise: integer('cod_fee_paise').notNull().default(0),
    prepaidDiscountPaise: integer('prepaid_discount_paise').notNull().default(0),
    /** Automatic offers (issue 36): their money off together, and each by name. */
    offerDiscountPaise: integer('offer_discount_paise').notNull().default(0),
    offers: jsonb('offers').$type<OrderOffer[]>().notNull().default([]),
    totalPaise: integer('total_paise').notNull(),
    /** The buyer's GSTIN for a business invoice (validated at checkout); null for a consumer. */
    buyerGstin: text('buyer_gstin'),
    /** The shopper's language when checkout began (Accept-Language): the order takes it over. */
    language: text('language', { enum: ['en', 'hi'] })
      .notNull()
      .default('en'),
    /** The delivery window promised when the checkout began (delivery rules then); the order keeps it. */
    estimatedDelivery: jsonb('estimated_delivery').$type<DeliveryWindow>(),
    /** Where the shopper came from (first and last touch, shared/attribution.ts); the order takes it over. */
    attribution: jsonb('attribution').$type<Attribution>(),
    /** A COD placement's Idempotency-Key: a repeat finds this checkout and its order. */
    idempotencyKey: text('idempotency_key'),
    /** sha256 of the request the key was first used for (lib/request-fingerprint.ts). */
    idempotencyFingerprint: text('idempotency_fingerprint'),
    /** The transition table: packages/shared/src/checkout-status.ts (moves: ./checkout-status.ts). */
    status: text('status', { enum: CHECKOUT_STATUSES }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('checkouts_provider_order_key').on(t.providerOrderId),
    // One checkout awaiting payment per shopper, whatever races the service's lock misses.
    uniqueIndex('checkouts_one_pending_per_user').on(t.userId).where(sql`${t.status} = 'pending'`),
    index('checkouts_status_expires_idx').on(t.status, t.expiresAt),
    uniqueIndex('checkouts_idempotency_key').on(t.userId, t.idempotencyKey),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNumber: text('order_number').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    checkoutId: integer('checkout_id')
      .notNull()
      .references(() => checkouts.id),
    /** Kept so the address cannot be deleted while an order names it ('linked to existing orders'). */
    addressId: integer('address_id').references(() => addresses.id, { onDelete: 'restrict' }),
    status: text('status', {
      enum: ['PLACED', 'CONFIRMED', 'PACKED', 'SHIPPED', 'DELIVERED', 'CANCELLED', 'RTO'],
    })
      .notNull()
      .default('PLACED'),
    userName: text('user_name').notNull(),
    userMobile: text('user_mobile').notNull(),
    userEmail: text('user_email').notNull(),
    address: jsonb('address').$type<AddressSnapshot>().notNull(),
    couponCode: text('coupon_code'),
    mrpTotalPaise: integer('mrp_total_paise').notNull(),
    subtotalPaise: integer('subtotal_paise').notNull(),
    couponDiscountPaise: integer('coupon_discount_paise').notNull(),
    deliveryPaise: integer('delivery_paise').notNull(),
    platformFeePaise: integer('platform_fee_paise').notNull(),
    codFeePaise: integer('cod_fee_paise').notNull().default(0),
    prepaidDiscountPaise: integer('prepaid_discount_paise').notNull().default(0),
    /** Automatic offers (issue 36): their money off together, and each by name. */
    offerDiscountPaise: integer('offer_discount_paise').notNull().default(0),
    offers: jsonb('offers').$type<OrderOffer[]>().notNull().default([]),
    totalPaise: integer('total_paise').notNull(),
    paymentMode: text('payment_mode', { enum: ['RAZORPAY', 'COD'] })
      .notNull()
      .default('RAZORPAY'),
    paymentStatus: text('payment_status', { enum: PAYMENT_STATUSES }).notNull().default('PAID'),
    /** Cash collected for a COD order: recorded when the back office marks it DELIVERED. */
    codCollectedPaise: integer('cod_collected_paise'),
    codCollectedAt: timestamp('cod_collected_at', { withTimezone: true }),
    codCollectedBy: integer('cod_collected_by').references(() => users.id),
    /** The courier paid the collected cash over to the shop: set once, by a conditional UPDATE. */
    codRemittedAt: timestamp('cod_remitted_at', { withTimezone: true }),
    codRemittedBy: integer('cod_remitted_by').references(() => users.id),
    /** The courier's remittance id or bank UTR, as the owner typed it. */
    codRemittanceRef: text('cod_remittance_ref'),
    providerOrderId: text('provider_order_id').notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    providerSignature: text('provider_signature').notNull(),
    trackingId: text('tracking_id'),
    buyerGstin: text('buyer_gstin'),
    /** The language of the order's messages and links (decision 0019): the placing request's. */
    language: text('language', { enum: ['en', 'hi'] })
      .notNull()
      .default('en'),
    /** The delivery window promised at placement ('YYYY-MM-DD' IST); null on orders placed before it. */
    estimatedDelivery: jsonb('estimated_delivery').$type<DeliveryWindow>(),
    /** Stamped by the invoices module in the transaction that issues the invoice; null until then. */
    invoiceNumber: text('invoice_number'),
    /** A COD order's risk of coming back, decided at placement (shared/rto-risk.ts); null otherwise. */
    rtoRisk: jsonb('rto_risk').$type<RtoRisk>(),
    /** 'ABANDONED_CART' when the order followed a recovery message within 7 days (issue 37). */
    recoveredFrom: text('recovered_from', { enum: ['ABANDONED_CART'] }),
    /** The first and last touch of the visits before the order (issue 38); null when none was kept. */
    attribution: jsonb('attribution').$type<Attribution>(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_number_key').on(t.orderNumber),
    uniqueIndex('orders_checkout_key').on(t.checkoutId),
    uniqueIndex('orders_payment_key').on(t.providerPaymentId),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_status_idx').on(t.status, t.createdAt),
    // The owner's analytics read orders by placement time (issue 40).
    index('orders_created_idx').on(t.createdAt),
    index('orders_cod_collected_idx').on(t.codCollectedAt).where(sql`${t.paymentStatus} = 'COD_COLLECTED'`),
  ],
);

/**
 * A COD order paid online before it ships ('Pay now and save ₹X'): the gateway order made for it,
 * with the totals it converts the order to. Stored under the gateway's order id, so the browser's
 * verify and a late webhook find it; the payments ledger records what became of each payment.
 */
export const orderPrepayments = pgTable(
  'order_prepayments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerOrderId: text('provider_order_id').notNull(),
    provider: text('provider', { enum: ['razorpay', 'simulated'] }).notNull(),
    /** The new order total (what the gateway order asks for). */
    totalPaise: integer('total_paise').notNull(),
    prepaidDiscountPaise: integer('prepaid_discount_paise').notNull(),
    /** The transition table: packages/shared/src/prepayment-status.ts. */
    status: text('status', { enum: PREPAYMENT_STATUSES }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('order_prepayments_provider_order_key').on(t.providerOrderId),
    index('order_prepayments_order_idx').on(t.orderId),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    variant: text('variant').notNull(),
    /** The catalogue's Hindi name and weight when ordered; null when it had none (or before issue 32). */
    productNameHi: text('product_name_hi'),
    variantHi: text('variant_hi'),
    quantity: integer('quantity').notNull(),
    pricePaise: integer('price_paise').notNull(),
    mrpPaise: integer('mrp_paise').notNull(),
    /** A free gift's line (issue 36): price 0, given by an offer. */
    gift: boolean('gift').notNull().default(false),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    check('order_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/**
 * Every status an order has had, with when: written in the same transaction as the order row
 * (placement, and each back-office status change), so the shopper's timeline never disagrees
 * with the order's status.
 */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', {
      enum: ['PLACED', 'CONFIRMED', 'PACKED', 'SHIPPED', 'DELIVERED', 'CANCELLED', 'RTO'],
    }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Why, when the shop gives one ('Not confirmed in time'); null otherwise. */
    reason: text('reason'),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId, t.at)],
);

/**
 * A COD order asked to be confirmed by the shopper (issue 34, decision 0033): one row per such
 * order (none: NOT_REQUIRED). Moves by conditional UPDATEs from PENDING; `via` says how it ended.
 */
export const codConfirmations = pgTable(
  'cod_confirmations',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: COD_CONFIRMATION_STATUSES }).notNull().default('PENDING'),
    confirmBy: timestamp('confirm_by', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    via: text('via', { enum: ['link', 'whatsapp', 'phone', 'address', 'expiry', 'prepaid'] }),
    /** The admin who confirmed it by phone. */
    decidedBy: integer('decided_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cod_confirmations_pending_idx').on(t.status, t.confirmBy)],
);

/**
 * The links sent for a confirmation: only the SHA-256 of each token (lib/link-token.ts). Each
 * message mints its own, all valid until the confirmation's confirmBy.
 */
export const codConfirmationLinks = pgTable(
  'cod_confirmation_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cod_confirmation_links_order_idx').on(t.orderId)],
);

/** Payment webhook events already handled, so a repeated delivery does nothing. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
