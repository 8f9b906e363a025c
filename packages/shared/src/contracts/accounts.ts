// Contracts of login, signup, profile and addresses, with the spec's messages (section 8).

import { MESSAGES } from '../messages.ts';
import { USER_ROLES } from '../staff.ts';
import {
  EMAIL_PATTERN,
  MOBILE_PATTERN,
  nationalMobile,
  OTP_PATTERN,
  PINCODE_PATTERN,
} from '../validators.ts';
import { ErrorBody } from './common.ts';
import * as z from './zod.ts';

// A mobile is normalised the way the inputs do it (+91 98765 01235 → 9876501235) before the check.
const mobile = z
  .string({ error: MESSAGES.invalidMobile })
  .transform((v) => nationalMobile(v) ?? v)
  .pipe(z.string().regex(MOBILE_PATTERN, MESSAGES.invalidMobile));
const otp = z.string({ error: MESSAGES.invalidOtp }).trim().regex(OTP_PATTERN, MESSAGES.invalidOtp);
const email = z
  .string({ error: MESSAGES.invalidEmail })
  .trim()
  .max(254, MESSAGES.invalidEmail)
  .regex(EMAIL_PATTERN, MESSAGES.invalidEmail)
  .transform((v) => v.toLowerCase());

export const MobileBody = z.object({ mobile });
export const OtpVerifyBody = z.object({ mobile, otp });
export const OtpSent = z.object({ resendAfterSeconds: z.number().int(), resendsLeft: z.number().int() });
/**
 * A send refused for a while (429). `codeSent` only when a code went to this number within the
 * resend wait, so it is on its way and the login asks for it; any other refusal (too many sends)
 * has no code behind it.
 */
export const OtpSendRefused = ErrorBody.extend({
  retryAfterSeconds: z.number().int().positive(),
  codeSent: z.literal(true).optional(),
}).meta({ id: 'OtpSendRefused' });

export const EmailBody = z.object({ email });
export const EmailVerifyBody = z.object({ email, otp });
export const EmailParam = z.object({ email });

export const User = z
  .object({
    id: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    mobile: z.string(),
    phoneNumber: z.string(),
    email: z.string(),
    role: z.enum(USER_ROLES),
  })
  .meta({ id: 'User' });

export const CheckUserResult = z
  .object({ exists: z.boolean(), user: User.nullable() })
  .meta({ id: 'CheckUserResult' });

const required = MESSAGES.signupRequired;
export const SignupBody = z.object({
  firstName: z.string({ error: required }).trim().min(1, required).max(60, 'First name is too long.'),
  lastName: z.string().trim().max(60, 'Last name is too long.').default(''),
  mobile,
  email: z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(254, MESSAGES.invalidEmail)
    .regex(EMAIL_PATTERN, MESSAGES.invalidEmail)
    .transform((v) => v.toLowerCase()),
  /** The form's WhatsApp opt-in (off unless ticked): recorded as a consent with its words (DPDP s.6). */
  whatsapp: z.boolean().default(false),
});

const mandatory = MESSAGES.addressRequired;
const text = (max: number) =>
  z.string({ error: mandatory }).trim().min(1, mandatory).max(max, `Must be at most ${max} characters.`);
const phone = z
  .string({ error: mandatory })
  .trim()
  .min(1, mandatory)
  .transform((v) => nationalMobile(v) ?? v)
  .pipe(z.string().regex(MOBILE_PATTERN, MESSAGES.addressPhone));
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters.`)
    .nullish()
    .transform((v) => v || null);

export const AddressInput = z.object({
  name: text(80),
  phone,
  pincode: z
    .string({ error: mandatory })
    .trim()
    .min(1, mandatory)
    .regex(PINCODE_PATTERN, MESSAGES.addressPincode),
  locality: text(120),
  addressLine: text(250),
  city: text(80),
  state: text(80),
  landmark: optionalText(120),
  alternatePhone: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? (nationalMobile(v) ?? v) : null))
    .refine((v) => v === null || MOBILE_PATTERN.test(v), MESSAGES.addressPhone),
  addressType: z.enum(['Home', 'Work'], { error: 'Address type must be Home or Work.' }).default('Home'),
  isDefault: z.boolean().default(false),
});

export const Address = z
  .object({
    id: z.number().int(),
    name: z.string(),
    phone: z.string(),
    pincode: z.string(),
    locality: z.string(),
    addressLine: z.string(),
    city: z.string(),
    state: z.string(),
    landmark: z.string().nullable(),
    alternatePhone: z.string().nullable(),
    addressType: z.enum(['Home', 'Work']),
    isDefault: z.boolean(),
    default: z.boolean(),
  })
  .meta({ id: 'Address' });

export const MobileParam = z.object({ mobile: z.string().regex(/^\+?\d{10,13}$/, MESSAGES.invalidMobile) });

export type UserDto = z.infer<typeof User>;
export type AddressDto = z.infer<typeof Address>;
export type AddressInputDto = z.input<typeof AddressInput>;
