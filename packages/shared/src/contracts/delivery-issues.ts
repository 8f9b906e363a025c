// Failed deliveries (NDR, issue 34): the shopper's page under a link token, and the back office's
// NDR queue. Decision record 0034.
import { DELIVERY_ISSUE_TEXTS } from '../delivery-issue.ts';
import { nationalMobile } from '../validators.ts';
import * as z from './zod.ts';

export const DeliveryIssueTokenParam = z.object({ token: z.string().min(1).max(100) });

export const DELIVERY_ISSUE_ANSWERS = ['REATTEMPT', 'CANCEL'] as const;

export const DeliveryIssueAnswer = z.object({
  action: z.enum(DELIVERY_ISSUE_ANSWERS),
  /** REATTEMPT: the day asked for ('YYYY-MM-DD'). */
  date: z.string().nullable(),
  landmark: z.string().nullable(),
  alternatePhone: z.string().nullable(),
  at: z.string(),
});

export const DeliveryIssue = z
  .object({
    orderNumber: z.string(),
    /** OPEN: waiting for the shopper; ANSWERED: the shopper chose; CLOSED: the back office acted. */
    status: z.enum(['OPEN', 'ANSWERED', 'CLOSED']),
    /** The courier's words for why it did not deliver. */
    reason: z.string(),
    failedAt: z.string(),
    /** Failed attempts on this parcel so far, this one included. */
    attempts: z.number().int(),
    courier: z.string(),
    awb: z.string(),
    /** The days the shopper may choose for the next attempt. */
    dates: z.array(z.string()),
    address: z.object({ name: z.string(), fullAddress: z.string(), pincode: z.string() }),
    /** The amount to pay at the door (rupees), 0 when paid online. */
    codAmount: z.number(),
    answer: DeliveryIssueAnswer.nullable(),
    expiresAt: z.string(),
  })
  .meta({ id: 'DeliveryIssue' });
export type DeliveryIssueDto = z.infer<typeof DeliveryIssue>;

/** Another mobile for the courier to call: blank means none. */
const phone = z
  .string({ error: DELIVERY_ISSUE_TEXTS.badPhone })
  .max(20, DELIVERY_ISSUE_TEXTS.badPhone)
  .transform((v, ctx) => {
    if (v.trim() === '') return undefined;
    const n = nationalMobile(v);
    if (!n || !/^[6-9]\d{9}$/.test(n)) {
      ctx.addIssue({ code: 'custom', message: DELIVERY_ISSUE_TEXTS.badPhone });
      return z.NEVER;
    }
    return n;
  });

export const DeliveryIssueAction = z.discriminatedUnion(
  'action',
  [
    z.object({
      action: z.literal('REATTEMPT'),
      date: z
        .string({ error: DELIVERY_ISSUE_TEXTS.badDate })
        .regex(/^\d{4}-\d{2}-\d{2}$/, DELIVERY_ISSUE_TEXTS.badDate),
      landmark: z
        .string()
        .trim()
        .max(120, 'The landmark must be at most 120 characters.')
        .optional()
        .transform((v) => v || undefined),
      alternatePhone: phone.optional(),
    }),
    z.object({ action: z.literal('CANCEL') }),
  ],
  { error: "action must be 'REATTEMPT' or 'CANCEL'." },
);
export type DeliveryIssueActionInput = z.infer<typeof DeliveryIssueAction>;

export const NdrRow = z
  .object({
    orderNumber: z.string(),
    customerName: z.string(),
    mobile: z.string(),
    courier: z.string(),
    awb: z.string(),
    reason: z.string(),
    failedAt: z.string(),
    /** Hours since the latest failed attempt. */
    ageHours: z.number().int(),
    attempts: z.number().int(),
    paymentMode: z.enum(['RAZORPAY', 'COD']),
    answer: DeliveryIssueAnswer.nullable(),
  })
  .meta({ id: 'NdrRow' });
export const NdrQueue = z.object({ content: z.array(NdrRow) });
export type NdrRowDto = z.infer<typeof NdrRow>;

/** The back office's answer: another attempt (on a day, optional) or return to origin. */
export const NdrAdminAction = z.discriminatedUnion(
  'action',
  [
    z.object({
      action: z.literal('REATTEMPT'),
      date: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31.')
        .optional(),
    }),
    z.object({ action: z.literal('RTO') }),
  ],
  { error: "action must be 'REATTEMPT' or 'RTO'." },
);

export const DeliveryFailedInput = z.object({
  reason: z.string().trim().min(1, 'Say why the courier could not deliver.').max(200),
});
