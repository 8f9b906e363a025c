// COD confirmation (issue 34): the link's API under /api/cod-confirmations/{token}. Rupees here.
import { COD_CONFIRMATION_STATUSES } from '../cod-confirmation.ts';
import { PayNowOfferDto } from './cod.ts';
import { Rupees } from './rupees.ts';
import * as z from './zod.ts';

export const CodConfirmationState = z.enum([...COD_CONFIRMATION_STATUSES, 'NOT_REQUIRED']);

export const CodConfirmationTokenParam = z.object({ token: z.string().max(200) });

export const CodConfirmationView = z
  .object({
    orderNumber: z.string(),
    status: z.enum(COD_CONFIRMATION_STATUSES),
    confirmBy: z.string(),
    /** The order's language: the page and its messages follow it. */
    language: z.enum(['en', 'hi']),
    items: z.array(
      z.object({
        productName: z.string(),
        variant: z.string(),
        productNameHi: z.string().nullable(),
        variantHi: z.string().nullable(),
        quantity: z.number().int(),
        price: Rupees,
      }),
    ),
    /** The cash to pay on delivery (what was paid, once `paidOnline`). */
    totalAmount: Rupees,
    /** Paid online meanwhile ('Pay now and save ₹X'): nothing to pay on delivery. */
    paidOnline: z.boolean(),
    address: z.object({
      name: z.string(),
      phone: z.string(),
      type: z.enum(['Home', 'Work']),
      fullAddress: z.string(),
      pincode: z.string(),
    }),
    /** 'Pay now and save ₹X' (decision 0016); null when the order cannot be paid online. */
    payNow: PayNowOfferDto.nullable(),
  })
  .meta({ id: 'CodConfirmationView' });

export const CodConfirmationResult = z
  .object({ orderNumber: z.string(), codConfirmation: CodConfirmationState })
  .meta({ id: 'CodConfirmationResult' });

export type CodConfirmationViewDto = z.infer<typeof CodConfirmationView>;
export type CodConfirmationResultDto = z.infer<typeof CodConfirmationResult>;
