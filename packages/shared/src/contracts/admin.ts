// Back-office contracts: the audit log and the owner's view of orders.

import { rupeesToPaise } from '../money.ts';
import { ORDER_STATUSES } from '../order-status.ts';
import { POLICY_KINDS } from '../policy.ts';
import { RTO_RISK_LEVELS, RTO_RISK_REASONS } from '../rto-risk.ts';
import { COURIER_CODES } from '../shipping.ts';
import {
  AdminCodSettings,
  CodSettingsEdit,
  PAYMENT_MODES,
  PAYMENT_STATUSES,
  PrepaidDiscountEdit,
  PrepaidDiscountSettings,
} from './cod.ts';
import { CodConfirmationState } from './cod-confirmation.ts';
import { OrderCreditNote, OrderRefund } from './commerce.ts';
import { hindiText } from './common.ts';
import { Rupees, RupeesInput } from './rupees.ts';
import { OrderAttribution } from './sales-sources.ts';
import { Tracking } from './shipping.ts';
import * as z from './zod.ts';

export const PageQuery = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

export const AuditEntry = z
  .object({
    id: z.number().int(),
    actorUserId: z.number().int().nullable(),
    actorName: z.string().nullable(),
    /** The staff role the actor held when making the change (issue 41); null when no person acted. */
    actorRole: z.string().nullable(),
    actorMobile: z.string().nullable(),
    action: z.string(),
    entity: z.string(),
    entityId: z.string(),
    before: z.unknown(),
    after: z.unknown(),
    createdAt: z.string(),
  })
  .meta({ id: 'AuditEntry' });

export const AuditPage = z.object({
  content: z.array(AuditEntry),
  page: z.number().int(),
  size: z.number().int(),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
});

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31.')
  .refine((s) => !Number.isNaN(Date.parse(s)), 'Use a date like 2026-01-31.');

/** Dates are calendar days in India (IST); `to` includes the whole day. */
export const AdminOrdersQuery = PageQuery.extend({
  status: z.enum(ORDER_STATUSES).optional(),
  paymentMode: z.enum(PAYMENT_MODES).optional(),
  /** 'Awaiting confirmation': COD orders whose shopper has not confirmed yet (issue 34). */
  codConfirmation: z.enum(['PENDING']).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  /** The delivery address's state, as the GST state list names it (issue 41). */
  state: z.string().trim().max(60).optional(),
  /** Part of the order number, mobile, customer name, AWB or invoice number. */
  q: z.string().trim().max(40).optional(),
});
export type AdminOrdersQueryInput = z.infer<typeof AdminOrdersQuery>;

export const OrdersCsvQuery = z.object({ from: isoDate.optional(), to: isoDate.optional() });

/** A COD order's RTO risk from placement (shared/rto-risk.ts); null on orders paid online or older. */
export const OrderRtoRisk = z
  .object({ level: z.enum(RTO_RISK_LEVELS), reasons: z.array(z.enum(RTO_RISK_REASONS)) })
  .meta({ id: 'OrderRtoRisk' });

export const AdminOrderRow = z
  .object({
    orderNumber: z.string(),
    status: z.enum(ORDER_STATUSES),
    paymentMode: z.enum(PAYMENT_MODES),
    paymentStatus: z.enum(PAYMENT_STATUSES),
    customerName: z.string(),
    mobile: z.string(),
    totalAmount: Rupees,
    itemCount: z.number().int(),
    createdAt: z.string(),
    rtoRisk: OrderRtoRisk.nullable(),
    codConfirmation: CodConfirmationState,
    confirmBy: z.string().nullable(),
  })
  .meta({ id: 'AdminOrderRow' });

export const AdminOrderPage = z.object({
  content: z.array(AdminOrderRow),
  page: z.number().int(),
  size: z.number().int(),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
});

/** The batches a line's units were packed from (FEFO, issue 39); empty until packed. */
export const LineBatches = z.array(
  z.object({ batchNumber: z.string(), bestBefore: z.string(), quantity: z.number().int() }),
);

export const AdminOrderDetail = z
  .object({
    orderNumber: z.string(),
    status: z.enum(ORDER_STATUSES),
    nextStatuses: z.array(z.enum(ORDER_STATUSES)),
    version: z.number().int(),
    /** COD confirmation (issue 34): PENDING holds the order at PLACED; how and by whom it ended. */
    codConfirmation: CodConfirmationState,
    confirmBy: z.string().nullable(),
    codConfirmationVia: z.string().nullable(),
    codConfirmedByName: z.string().nullable(),
    trackingId: z.string().nullable(),
    invoiceNumber: z.string().nullable(),
    /** Courier, AWB, tracking link and events; null before shipping. */
    tracking: Tracking.nullable(),
    customer: z.object({ name: z.string(), mobile: z.string(), email: z.string() }),
    address: z.object({
      name: z.string(),
      phone: z.string(),
      type: z.enum(['Home', 'Work']),
      fullAddress: z.string(),
      pincode: z.string(),
    }),
    items: z.array(
      z.object({
        /** The line's id, as a partial refund names it. */
        id: z.number().int(),
        productName: z.string(),
        variant: z.string(),
        quantity: z.number().int(),
        /** Units of this line in refunds asked for (pending or processed); the rest ship. */
        refundedQuantity: z.number().int(),
        /** The batches its units were packed from (FEFO, issue 39); empty until packed. */
        batches: LineBatches,
        price: Rupees,
        mrp: Rupees,
      }),
    ),
    refunds: z.array(OrderRefund),
    creditNotes: z.array(OrderCreditNote),
    totals: z.object({
      totalMrp: Rupees,
      subtotal: Rupees,
      couponCode: z.string().nullable(),
      couponDiscount: Rupees,
      delivery: Rupees,
      platformFee: Rupees,
      /** Cash on delivery fee (0 when paid online). */
      codFee: Rupees,
      /** Discount for paying online (0 when none). */
      prepaidDiscount: Rupees,
      total: Rupees,
    }),
    payment: z.object({
      mode: z.string(),
      status: z.enum(PAYMENT_STATUSES),
      providerOrderId: z.string(),
      providerPaymentId: z.string(),
      /** A COD order's cash, recorded when it was marked delivered. */
      cashCollected: z
        .object({
          amount: Rupees,
          at: z.string(),
          byUserId: z.number().int().nullable(),
          byName: z.string().nullable(),
        })
        .nullable(),
    }),
    createdAt: z.string(),
    updatedAt: z.string(),
    rtoRisk: OrderRtoRisk.nullable(),
    /** 'ABANDONED_CART' when the order followed a recovery reminder within 7 days (issue 37). */
    recoveredFrom: z.enum(['ABANDONED_CART']).nullable(),
    /** Where the shopper came from: first and last touch (issue 38); null when none was kept. */
    attribution: OrderAttribution.nullable(),
  })
  .meta({ id: 'AdminOrderDetail' });
export type AdminOrderDetailDto = z.infer<typeof AdminOrderDetail>;

export const TRACKING_REQUIRED = 'Please enter the tracking id to mark this order shipped.';

export const OrderStatusChange = z
  .object({
    status: z.enum(ORDER_STATUSES),
    /** The AWB number when shipping (kept under its first name for existing clients). */
    trackingId: z.string().trim().max(60).optional(),
    /**
     * Shipping only: a courier from the shared list (default 'other'), or 'auto' to let the
     * configured courier API (Shiprocket) book the parcel and assign the AWB itself.
     */
    courier: z.enum([...COURIER_CODES, 'auto']).optional(),
    version: z.coerce.number().int().positive().max(z.INT4_MAX, z.OUT_OF_RANGE),
  })
  .refine((v) => v.status !== 'SHIPPED' || v.courier === 'auto' || !!v.trackingId, {
    message: TRACKING_REQUIRED,
    path: ['trackingId'],
  });
export type OrderStatusChangeInput = z.infer<typeof OrderStatusChange>;

/** A partial refund: some units of some lines, at the version of the order the page showed. */
export const OrderLinesRefund = z.object({
  version: z.coerce.number().int().positive().max(z.INT4_MAX, z.OUT_OF_RANGE),
  lines: z
    .array(
      z.object({
        itemId: z.number().int().positive().max(z.INT4_MAX, z.OUT_OF_RANGE),
        quantity: z.number().int().positive().max(z.INT4_MAX, z.OUT_OF_RANGE),
      }),
    )
    .min(1, 'Choose at least one line to refund.')
    .max(100),
});
export type OrderLinesRefundInput = z.infer<typeof OrderLinesRefund>;

export const OrderNumberParam = z.object({ orderNumber: z.string().min(1).max(40) });

export const AdminReviewsQuery = PageQuery.extend({
  filter: z.enum(['all', 'unreplied', 'replied', 'hidden']).default('all'),
});

export const AdminReview = z
  .object({
    id: z.number().int(),
    productId: z.number().int(),
    productName: z.string(),
    productSlug: z.string().nullable(),
    name: z.string(),
    email: z.string(),
    rating: z.number().int(),
    title: z.string().nullable(),
    description: z.string(),
    adminReply: z.string().nullable(),
    adminReplyAt: z.string().nullable(),
    hidden: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AdminReview' });

export const AdminReviewPage = z.object({
  content: z.array(AdminReview),
  page: z.number().int(),
  size: z.number().int(),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
});

export const ContactInboxQuery = PageQuery.extend({
  unread: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

export const CONTACT_REPLY_LIMIT = 4000;

/** The owner's reply, e-mailed to the shopper (emailedAt null: the e-mail could not be sent). */
export const ContactReply = z
  .object({
    id: z.number().int(),
    body: z.string(),
    language: z.enum(['en', 'hi']),
    sentByName: z.string().nullable(),
    createdAt: z.string(),
    emailedAt: z.string().nullable(),
  })
  .meta({ id: 'ContactReply' });

export const ContactReplyInput = z.object({
  body: z
    .string({ error: 'Write the reply.' })
    .trim()
    .min(1, 'Write the reply.')
    .max(CONTACT_REPLY_LIMIT, `A reply is at most ${CONTACT_REPLY_LIMIT} characters.`),
  /** The e-mail's greeting and subject: English or Hindi. */
  language: z.enum(['en', 'hi'], { error: 'Choose English or Hindi.' }).default('en'),
});
export type ContactReplyInputValues = z.infer<typeof ContactReplyInput>;

export const ContactMessage = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    message: z.string(),
    read: z.boolean(),
    readAt: z.string().nullable(),
    createdAt: z.string(),
    replies: z.array(ContactReply),
    /** The shop account with this mobile (or else this e-mail), if any. */
    customer: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    /** That account's latest orders, newest first (at most five). */
    orders: z.array(z.object({ orderNumber: z.string(), status: z.string(), createdAt: z.string() })),
  })
  .meta({ id: 'ContactMessage' });

export const ContactInboxPage = z.object({
  content: z.array(ContactMessage),
  page: z.number().int(),
  size: z.number().int(),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
});

export const ContactReadInput = z.object({ read: z.boolean() });

/** A record changed by someone else since the page loaded (versions differ). */
export const CHANGED_MEANWHILE = 'This was changed meanwhile by someone else. Reload and try again.';

export const AdminPolicy = z
  .object({
    kind: z.enum(POLICY_KINDS),
    title: z.string(),
    body: z.string(),
    titleHi: z.string(),
    bodyHi: z.string(),
    version: z.number().int(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AdminPolicy' });

export const PolicyEdit = z.object({
  title: z.string().trim().min(1, 'Please enter a title.').max(120, 'Title must be at most 120 characters.'),
  body: z
    .string()
    .trim()
    .min(1, 'Please enter the policy text.')
    .max(50_000, 'The text must be at most 50,000 characters.'),
  titleHi: hindiText('title', 120),
  bodyHi: hindiText('text', 50_000),
  version: z.coerce.number().int().positive().max(z.INT4_MAX, z.OUT_OF_RANGE),
});
export type PolicyEditInput = z.infer<typeof PolicyEdit>;

export const AdminSettings = z
  .object({
    storeName: z.string(),
    title: z.string(),
    description: z.string(),
    storeNameHi: z.string(),
    titleHi: z.string(),
    descriptionHi: z.string(),
    version: z.number().int(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AdminSettings' });

export const SettingsEdit = z.object({
  storeName: z
    .string()
    .trim()
    .min(1, 'Please enter the store name.')
    .max(80, 'Store name must be at most 80 characters.'),
  title: z
    .string()
    .trim()
    .min(1, 'Please enter the page title.')
    .max(160, 'Title must be at most 160 characters.'),
  description: z
    .string()
    .trim()
    .min(1, 'Please enter a description.')
    .max(320, 'Description must be at most 320 characters.'),
  storeNameHi: hindiText('store name', 80),
  titleHi: hindiText('title', 160),
  descriptionHi: hindiText('description', 320),
  version: z.coerce.number().int().positive().max(z.INT4_MAX, z.OUT_OF_RANGE),
});
export type SettingsEditInput = z.infer<typeof SettingsEdit>;

export const StockVariant = z
  .object({
    variantId: z.number().int(),
    productId: z.number().int(),
    productName: z.string(),
    productActive: z.boolean(),
    weight: z.string(),
    sku: z.string(),
    stock: z.number().int(),
    /** Units on the shelf in every batch, sellable or not (issue 39). */
    onHand: z.number().int(),
    reorderLevel: z.number().int(),
    /** A combo: its stock is derived from its parts' and cannot be adjusted (decision 0040). */
    combo: z.boolean(),
  })
  .meta({ id: 'StockVariant' });

export const STOCK_TOO_LOW = 'Stock cannot go below zero.';

/** A change of stock by a number of units (+ received, − damaged or counted short), with why. */
export const StockAdjustment = z.object({
  change: z.coerce
    .number({ error: 'Enter a whole number of units, like 12 or -3.' })
    .int('Enter a whole number of units, like 12 or -3.')
    .min(-100_000, 'That is too large a change.')
    .max(100_000, 'That is too large a change.')
    .refine((n) => n !== 0, 'Enter a change other than 0.'),
  reason: z
    .string()
    .trim()
    .min(1, 'Please say why the stock changes.')
    .max(200, 'Reason must be at most 200 characters.'),
});
export type StockAdjustmentInput = z.infer<typeof StockAdjustment>;

/** The RTO risk rules' settings (shared/rto-risk.ts); decision record 0034. */
export const RtoRiskSettings = z.object({
  /** HIGH-risk orders cannot be paid on delivery (off by default). */
  requirePrepaidForHigh: z.boolean(),
  /** A pincode or its area whose COD parcels came back more often than this (percent, 90 days) is a reason. */
  areaRtoPercent: z.number().int().min(1, 'Use 1 to 100 percent.').max(100, 'Use 1 to 100 percent.'),
  /** Street addresses shorter than this (characters) are a reason. */
  minAddressLength: z.number().int().min(0).max(200, 'At most 200 characters.'),
});

export const CheckoutSettingsEdit = z.object({
  platformFee: RupeesInput,
  milestones: z
    .array(z.object({ minCartValue: RupeesInput, shippingCharge: RupeesInput }))
    .min(1, 'Add at least one shipping milestone.')
    .max(10, 'At most 10 shipping milestones.')
    .superRefine((list, ctx) => {
      const mins = list.map((m) => rupeesToPaise(m.minCartValue));
      if (!mins.includes(0))
        ctx.addIssue({
          code: 'custom',
          message: 'One milestone must start at ₹0 so every cart has a delivery charge.',
        });
      if (new Set(mins).size !== mins.length)
        ctx.addIssue({ code: 'custom', message: 'Two milestones cannot start at the same cart value.' });
    }),
  /** Left out: the COD rules and prepaid discount stay as they are. */
  cod: CodSettingsEdit.optional(),
  prepaidDiscount: PrepaidDiscountEdit.nullable().optional(),
  /** Left out: the RTO risk settings stay as they are. */
  rtoRisk: RtoRiskSettings.optional(),
  version: z.coerce.number().int().positive().max(z.INT4_MAX, z.OUT_OF_RANGE),
});
export type CheckoutSettingsEditInput = z.infer<typeof CheckoutSettingsEdit>;

export const AdminCheckoutSettings = z
  .object({
    platformFee: Rupees,
    milestones: z.array(z.object({ minCartValue: Rupees, shippingCharge: Rupees })),
    cod: AdminCodSettings,
    prepaidDiscount: PrepaidDiscountSettings.nullable(),
    rtoRisk: RtoRiskSettings,
    version: z.number().int(),
  })
  .meta({ id: 'AdminCheckoutSettings' });
export type AdminCheckoutSettingsDto = z.infer<typeof AdminCheckoutSettings>;
