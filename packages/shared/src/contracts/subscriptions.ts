// Subscribe and save (issue 43): the shopper's API and the back office's. Rupees at this edge.
import {
  CYCLE_STATUSES,
  MAX_PAUSE_CYCLES,
  MAX_SUBSCRIPTION_QUANTITY,
  SUBSCRIPTION_MESSAGES,
  SUBSCRIPTION_STATUSES,
} from '../subscriptions.ts';
import { Rupees } from './rupees.ts';
import * as z from './zod.ts';

const id = z.coerce.number().int().positive().max(z.INT4_MAX, z.OUT_OF_RANGE);
const quantity = z.coerce
  .number({ error: `Choose a quantity from 1 to ${MAX_SUBSCRIPTION_QUANTITY}.` })
  .int(`Choose a quantity from 1 to ${MAX_SUBSCRIPTION_QUANTITY}.`)
  .min(1, `Choose a quantity from 1 to ${MAX_SUBSCRIPTION_QUANTITY}.`)
  .max(MAX_SUBSCRIPTION_QUANTITY, `Choose a quantity from 1 to ${MAX_SUBSCRIPTION_QUANTITY}.`);
const frequency = z.coerce
  .number({ error: SUBSCRIPTION_MESSAGES.badFrequency })
  .int(SUBSCRIPTION_MESSAGES.badFrequency)
  .min(1, SUBSCRIPTION_MESSAGES.badFrequency)
  .max(3, SUBSCRIPTION_MESSAGES.badFrequency);

export const NewSubscription = z
  .object({ variantId: id, quantity, frequency, addressId: id })
  .meta({ id: 'NewSubscription' });
export type NewSubscriptionInput = z.infer<typeof NewSubscription>;

export const SubscriptionChange = z
  .object({ quantity: quantity.optional(), frequency: frequency.optional(), addressId: id.optional() })
  .meta({ id: 'SubscriptionChange' });
export type SubscriptionChangeInput = z.infer<typeof SubscriptionChange>;

export const SubscriptionPause = z
  .object({
    cycles: z.coerce
      .number({ error: SUBSCRIPTION_MESSAGES.badPause })
      .int(SUBSCRIPTION_MESSAGES.badPause)
      .min(1, SUBSCRIPTION_MESSAGES.badPause)
      .max(MAX_PAUSE_CYCLES, SUBSCRIPTION_MESSAGES.badPause),
  })
  .meta({ id: 'SubscriptionPause' });

export const SubscriptionCancel = z
  .object({ reason: z.string().trim().max(500, 'Keep it to 500 characters at most.').default('') })
  .meta({ id: 'SubscriptionCancel' });

/** The simulated gateway's next charge (demo mode): `fail` reports a failed attempt, `halt` the gateway giving up. */
export const SimulatedCharge = z
  .object({ fail: z.boolean().optional(), halt: z.boolean().optional() })
  .meta({ id: 'SimulatedSubscriptionCharge' });

export const SubscriptionCycle = z
  .object({
    number: z.number().int(),
    dueAt: z.string(),
    status: z.enum(CYCLE_STATUSES),
    amount: Rupees,
    paymentId: z.string().nullable(),
    orderNumber: z.string().nullable(),
    reason: z.string().nullable(),
  })
  .meta({ id: 'SubscriptionCycle' });

export const Subscription = z
  .object({
    id: z.number().int(),
    status: z.enum(SUBSCRIPTION_STATUSES),
    /** What Razorpay Checkout needs to authorise the mandate. */
    gatewaySubscriptionId: z.string(),
    provider: z.enum(['razorpay', 'simulated']),
    keyId: z.string(),
    /** Razorpay's hosted page for the mandate ('Update payment method' after a halt); null when simulated. */
    shortUrl: z.string().nullable(),
    productId: z.number().int(),
    productName: z.string(),
    productNameHi: z.string(),
    slug: z.string(),
    image: z.string().nullable(),
    variantId: z.number().int(),
    weight: z.string(),
    weightHi: z.string(),
    quantity: z.number().int(),
    frequency: z.number().int(),
    discountPercent: z.number().int(),
    /** Per unit and per delivery at the price in force. */
    unitPrice: Rupees,
    amount: Rupees,
    chargeDay: z.number().int(),
    nextChargeAt: z.string().nullable(),
    /** '₹423 today, then ₹423 every month on the 12th until you cancel' (and in Hindi). */
    schedule: z.string(),
    scheduleHi: z.string(),
    skipNext: z.boolean(),
    pausedCycles: z.number().int(),
    paymentFailed: z.boolean(),
    addressId: z.number().int().nullable(),
    address: z.object({ name: z.string(), fullAddress: z.string(), pincode: z.string() }),
    cancelReason: z.string().nullable(),
    cancelledAt: z.string().nullable(),
    createdAt: z.string(),
    cycles: z.array(SubscriptionCycle),
  })
  .meta({ id: 'Subscription' });
export type SubscriptionDto = z.infer<typeof Subscription>;

export const SubscriptionList = z.array(Subscription).meta({ id: 'SubscriptionList' });

export const SubscriptionPlansQuery = z.object({ productId: id });
export const SubscriptionPlans = z
  .object({
    productId: z.number().int(),
    discountPercent: z.number().int(),
    frequencies: z.array(z.number().int()),
    variants: z.array(
      z.object({
        variantId: z.number().int(),
        price: Rupees,
        subscriptionPrice: Rupees,
      }),
    ),
  })
  .meta({ id: 'SubscriptionPlans' });
export type SubscriptionPlansDto = z.infer<typeof SubscriptionPlans>;

export const AdminSubscriptionsQuery = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(20),
  status: z.enum(SUBSCRIPTION_STATUSES).optional(),
  /** A shopper's mobile or name, or a product's name. */
  q: z.string().trim().max(100).optional(),
});
export type AdminSubscriptionsQueryInput = z.infer<typeof AdminSubscriptionsQuery>;

export const AdminSubscription = Subscription.extend({
  userId: z.number().int(),
  userName: z.string(),
  userMobile: z.string(),
  cancelledBy: z.string().nullable(),
}).meta({ id: 'AdminSubscription' });
export type AdminSubscriptionDto = z.infer<typeof AdminSubscription>;

export const AdminSubscriptionPage = z
  .object({
    content: z.array(AdminSubscription),
    page: z.number().int(),
    size: z.number().int(),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
  })
  .meta({ id: 'AdminSubscriptionPage' });

export const AdminSubscriptionMetrics = z
  .object({
    active: z.number().int(),
    paused: z.number().int(),
    halted: z.number().int(),
    /** Monthly recurring revenue of the live subscriptions, in rupees. */
    mrr: Rupees,
    churn: z.array(
      z.object({
        month: z.string(),
        liveAtStart: z.number().int(),
        cancelled: z.number().int(),
        /** Percent, one decimal; null for a month that started with none live. */
        churnPercent: z.number().nullable(),
      }),
    ),
  })
  .meta({ id: 'AdminSubscriptionMetrics' });
export type AdminSubscriptionMetricsDto = z.infer<typeof AdminSubscriptionMetrics>;
