// Personal data (issue 35; DPDP Act 2023 ss. 6, 11–13; decision 0036): the erasure request and the
// consents a shopper gives and withdraws.
import { OTP_PATTERN } from '../validators.ts';
import * as z from './zod.ts';

export const PRIVACY_TEXTS = {
  orderInProgress: 'You have an order in progress. You can erase your account after it is delivered.',
  wrongCode: 'Enter the 6-digit code we sent to your mobile.',
} as const;

export const ErasureInput = z
  .object({ otp: z.string().regex(OTP_PATTERN, PRIVACY_TEXTS.wrongCode).optional() })
  .default({});

export const ErasureCodeSent = z.object({ codeSent: z.literal(true) });
export const Erased = z.object({ erased: z.literal(true) });

export const CONSENT_PURPOSES = ['whatsapp', 'marketing', 'tracking'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];
export const CONSENT_SOURCES = ['profile', 'signup', 'checkout', 'banner'] as const;
/** Where else a consent changes: a WhatsApp 'STOP' reply, an unsubscribe link (issue 37). */
export const CONSENT_SOURCES_RECORDED = [...CONSENT_SOURCES, 'whatsapp-stop', 'unsubscribe-link'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES_RECORDED)[number];

/** A marketing consent's channel (issue 37); none recorded means SMS and e-mail (the first form). */
export const CONSENT_CHANNELS = ['whatsapp', 'sms', 'email'] as const;
export type ConsentChannel = (typeof CONSENT_CHANNELS)[number];

/**
 * Marketing here, for every channel or one (`channel`), and the measurement/advertising tags (the
 * cookie banner, issue 38); WhatsApp order messages are chosen with the order-message preferences,
 * which record it the same way.
 */
export const ConsentInput = z.object({
  purpose: z.enum(['marketing', 'tracking']),
  given: z.boolean(),
  channel: z.enum(CONSENT_CHANNELS).optional(),
  source: z.enum(CONSENT_SOURCES).default('profile'),
});

export const ConsentRecord = z.object({
  purpose: z.enum(CONSENT_PURPOSES),
  channel: z.enum(CONSENT_CHANNELS).nullable(),
  given: z.boolean(),
  textShown: z.string(),
  language: z.enum(['en', 'hi']),
  source: z.string(),
  at: z.string(),
});
export type ConsentRecordDto = z.infer<typeof ConsentRecord>;

export const ConsentState = z.object({
  /** Marketing on at least one channel. */
  marketing: z.boolean(),
  marketingChannels: z.object({ whatsapp: z.boolean(), sms: z.boolean(), email: z.boolean() }),
  /** Analytics and advertising tags accepted (the banner's 'Accept'). */
  tracking: z.boolean(),
  history: z.array(ConsentRecord),
});
