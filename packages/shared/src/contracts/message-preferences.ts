// The shopper's choice of channels for order messages (issue 16), at GET/PUT
// /api/user/message-preferences. E-mail is on by default; WhatsApp needs an explicit opt-in, whose
// time (and the opt-out's) is recorded because WhatsApp requires it. Transactional SMS (order
// placed, shipped, delivered…) needs no opt-in in India's DLT rules, so it has no switch.
import { MarketingChoices } from './marketing.ts';
import * as z from './zod.ts';

export const MessagePreferencesInput = z.object({
  email: z.boolean(),
  whatsapp: z.boolean(),
  /** Marketing (issue 37), per channel; left out, the choices stay as they are. */
  marketing: MarketingChoices.optional(),
});

export const MessagePreferences = MessagePreferencesInput.extend({
  whatsappOptedInAt: z.string().nullable(),
  whatsappOptedOutAt: z.string().nullable(),
  /** Offers and reminders, each channel off until the shopper turns it on (consent records). */
  marketing: MarketingChoices,
});

export type MessagePreferencesInputDto = z.infer<typeof MessagePreferencesInput>;
export type MessagePreferencesDto = z.infer<typeof MessagePreferences>;
/** The order-message part (the accounts module's table); marketing comes from the consents. */
export type OrderMessagePreferencesDto = Omit<MessagePreferencesDto, 'marketing'>;

export const PREFERENCE_TEXTS = {
  heading: 'Order messages',
  email: 'E-mail updates about my orders',
  whatsapp: 'WhatsApp updates about my orders',
  whatsappNote: 'We send WhatsApp messages only after you opt in here. You can opt out at any time.',
  smsNote:
    'Order updates by SMS (placed, shipped, delivered) are transactional and are always sent to your mobile; they need no opt-in.',
  saved: 'Your message preferences are saved.',
  saveFailed: 'Could not save your message preferences. Please try again.',
} as const;
