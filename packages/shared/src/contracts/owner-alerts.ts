// The owner's alerts (issue 41, decision 0050): one staff member's own alert preference, as the
// back office reads and saves it.
import { ALERT_CHANNELS, ALERT_KINDS, DIGEST_MINUTES } from '../owner-alerts.ts';
import * as z from './zod.ts';

export const ALERT_KIND_LABELS: Record<(typeof ALERT_KINDS)[number], string> = {
  new_order: 'New orders',
  low_stock: 'Low stock',
  payment: 'Payments that need attention',
  failed_job: 'Failed jobs',
  grievance: 'Grievances near their deadline',
  daily_summary: 'Daily summary at 09:00 IST',
};

export const ALERT_CHANNEL_LABELS: Record<(typeof ALERT_CHANNELS)[number], string> = {
  email: 'E-mail',
  whatsapp: 'WhatsApp',
  sms: 'SMS',
};

const digestError = `Choose one of ${DIGEST_MINUTES.join(', ')} minutes.`;

export const AlertPreferenceInput = z.object({
  channels: z.array(z.enum(ALERT_CHANNELS)).max(ALERT_CHANNELS.length),
  language: z.enum(['en', 'hi'], { error: 'Choose English or Hindi.' }),
  kinds: z.array(z.enum(ALERT_KINDS)).max(ALERT_KINDS.length),
  digestMinutes: z.coerce
    .number()
    .int()
    .refine((n) => (DIGEST_MINUTES as readonly number[]).includes(n), digestError),
});
export type AlertPreferenceInputDto = z.infer<typeof AlertPreferenceInput>;

export const AlertPreference = z
  .object({
    channels: z.array(z.enum(ALERT_CHANNELS)),
    language: z.enum(['en', 'hi']),
    kinds: z.array(z.enum(ALERT_KINDS)),
    digestMinutes: z.number().int(),
    /** False until the staff member saves one: the defaults apply. */
    saved: z.boolean(),
    /** Channels the shop can send on now (WhatsApp is off without its keys outside demo mode). */
    available: z.array(z.enum(ALERT_CHANNELS)),
    /** The shop's quiet hours (marketing settings) that WhatsApp alerts wait out; null: none. */
    quietHours: z.object({ from: z.string(), to: z.string() }).nullable(),
  })
  .meta({ id: 'AlertPreference' });
export type AlertPreferenceDto = z.infer<typeof AlertPreference>;
