// The back office's view of the payments ledger: every payment the shop learned of, newest first.

import { PAYMENT_STATUSES } from '../payments.ts';
import { Rupees } from './rupees.ts';
import * as z from './zod.ts';

export const AdminPaymentsQuery = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(20),
  /** true: only the payments that need the owner (refund pending or failed). */
  attention: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .default(false),
});
export type AdminPaymentsQueryInput = z.infer<typeof AdminPaymentsQuery>;

export const AdminPayment = z.object({
  paymentId: z.string(),
  /** Rupees, like every amount at the API edge. */
  amount: Rupees,
  status: z.enum(PAYMENT_STATUSES),
  orderNumber: z.string().nullable(),
  /** Why the payment did not become an order, in the owner's words; null when it did. */
  reason: z.string().nullable(),
  createdAt: z.string(),
});

export const AdminPaymentPage = z.object({
  content: z.array(AdminPayment),
  page: z.number().int(),
  size: z.number().int(),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
  /** Payments needing attention overall, whatever the filter (for the nav badge and the tab). */
  attentionCount: z.number().int(),
});
export type AdminPaymentPageDto = z.infer<typeof AdminPaymentPage>;
