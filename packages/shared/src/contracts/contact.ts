// The contact message (spec sections 3, 5 and 8): name and message required, e-mail by pattern,
// phone exactly 10 digits, accepted with or without +91 and passed on with it. Any missing field
// gives the spec's one message; otherwise each field says what is wrong with it.

import { MESSAGES } from '../messages.ts';
import { EMAIL_PATTERN, nationalMobile, withCountryCode } from '../validators.ts';
import * as z from './zod.ts';

export const CONTACT_LIMITS = { name: 100, email: 254, message: 2000 } as const;

export const CONTACT_TEXTS = {
  email: 'Please enter a valid email address.',
  phone: 'Please enter a valid 10-digit phone number.',
  nameTooLong: `Name must be at most ${CONTACT_LIMITS.name} characters.`,
  messageTooLong: `Message must be at most ${CONTACT_LIMITS.message} characters.`,
  tooMany: 'Too many messages from this network. Please try again later.',
} as const;

export const CONTACT_FIELDS = ['name', 'email', 'phone', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** The 10 digits of a phone typed as 98765 43210, +91 98765-43210 or 919876543210; else null. */
export function contactPhoneDigits(phone: string): string | null {
  return nationalMobile(phone);
}

const field = z.string({ error: MESSAGES.contactRequired }).trim().default('');

export const ContactInput = z
  .object({ name: field, email: field, phone: field, message: field })
  .superRefine((v, ctx) => {
    const missing = CONTACT_FIELDS.filter((f) => v[f] === '' || (f === 'phone' && v.phone === '+91'));
    if (missing.length > 0) {
      for (const f of missing) ctx.addIssue({ code: 'custom', path: [f], message: MESSAGES.contactRequired });
      return;
    }
    if (v.name.length > CONTACT_LIMITS.name)
      ctx.addIssue({ code: 'custom', path: ['name'], message: CONTACT_TEXTS.nameTooLong });
    if (v.email.length > CONTACT_LIMITS.email || !EMAIL_PATTERN.test(v.email))
      ctx.addIssue({ code: 'custom', path: ['email'], message: CONTACT_TEXTS.email });
    if (contactPhoneDigits(v.phone) === null)
      ctx.addIssue({ code: 'custom', path: ['phone'], message: CONTACT_TEXTS.phone });
    if (v.message.length > CONTACT_LIMITS.message)
      ctx.addIssue({ code: 'custom', path: ['message'], message: CONTACT_TEXTS.messageTooLong });
  })
  .transform((v) => ({
    name: v.name,
    email: v.email,
    phone: withCountryCode(contactPhoneDigits(v.phone) ?? v.phone),
    message: v.message,
  }));

export const ContactSent = z.object({ message: z.string() });

export type ContactValues = z.output<typeof ContactInput>;

/** Field errors and the message to show from a failed parse: the first problem's text. */
export function contactProblems(error: z.ZodError): {
  message: string;
  errors: Partial<Record<ContactField, string>>;
} {
  const errors: Partial<Record<ContactField, string>> = {};
  for (const issue of error.issues) {
    const f = issue.path[0] as ContactField;
    if (CONTACT_FIELDS.includes(f) && !errors[f]) errors[f] = issue.message;
  }
  return { message: error.issues[0]?.message ?? MESSAGES.contactRequired, errors };
}
