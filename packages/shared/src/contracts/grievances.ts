// Grievances (issue 35; Consumer Protection (E-Commerce) Rules 2020 rule 4; decision 0036): what a
// shopper files, what they get back, the ticket as they and the back office see it.
import { GRIEVANCE_CATEGORIES, GRIEVANCE_STATUSES } from '../grievances.ts';
import { EMAIL_PATTERN, nationalMobile } from '../validators.ts';
import * as z from './zod.ts';

export const GRIEVANCE_TEXTS = {
  description: 'Describe your complaint.',
  descriptionTooLong: 'Keep the description within 4000 characters.',
  name: 'Enter your name.',
  mobile: 'Please enter a valid 10-digit mobile number.',
  email: 'Please enter a valid email address.',
  notYourOrder: 'We could not find that order on your account.',
  notFound: 'Grievance not found.',
  badMove: 'This grievance cannot move to that status.',
  replyRequired: 'Write the reply the shopper will read.',
  month: 'month is YYYY-MM',
} as const;

export const GrievanceInput = z.object({
  orderNumber: z
    .string()
    .trim()
    .max(40)
    .optional()
    .transform((v) => (v ? v : undefined)),
  category: z.enum(GRIEVANCE_CATEGORIES),
  description: z
    .string()
    .trim()
    .min(1, GRIEVANCE_TEXTS.description)
    .max(4000, GRIEVANCE_TEXTS.descriptionTooLong),
  contact: z
    .object({
      name: z.string().trim().max(100).optional().default(''),
      mobile: z.string().trim().optional().default(''),
      email: z
        .string()
        .trim()
        .max(254)
        .optional()
        .transform((v) => (v ? v.toLowerCase() : undefined))
        .refine((v) => v === undefined || EMAIL_PATTERN.test(v), GRIEVANCE_TEXTS.email),
    })
    .optional()
    .default({ name: '', mobile: '', email: undefined }),
});
export type GrievanceInputValues = z.infer<typeof GrievanceInput>;

/** A signed-out filer must give a name and a mobile (the account's are used when signed in). */
export function signedOutContact(c: GrievanceInputValues['contact']): Record<string, string> | null {
  const errors: Record<string, string> = {};
  if (!c.name) errors['contact.name'] = GRIEVANCE_TEXTS.name;
  if (!nationalMobile(c.mobile)) errors['contact.mobile'] = GRIEVANCE_TEXTS.mobile;
  return Object.keys(errors).length > 0 ? errors : null;
}

export const GrievanceFiled = z.object({
  ticketNumber: z.string(),
  acknowledgeBy: z.string(),
  resolveBy: z.string(),
});

export const GrievanceReply = z.object({
  body: z.string(),
  status: z.enum(GRIEVANCE_STATUSES),
  createdAt: z.string(),
});

export const GrievanceView = z.object({
  ticketNumber: z.string(),
  category: z.enum(GRIEVANCE_CATEGORIES),
  orderNumber: z.string().nullable(),
  description: z.string(),
  status: z.enum(GRIEVANCE_STATUSES),
  filedAt: z.string(),
  acknowledgeBy: z.string(),
  resolveBy: z.string(),
  acknowledgedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  replies: z.array(GrievanceReply),
});
export type GrievanceViewDto = z.infer<typeof GrievanceView>;

export const TicketParam = z.object({ ticketNumber: z.string().max(20) });
export const TicketTokenQuery = z.object({ token: z.string().max(64).optional() });

export const AdminGrievance = GrievanceView.extend({
  id: z.number(),
  contactName: z.string(),
  contactMobile: z.string(),
  contactEmail: z.string().nullable(),
  language: z.enum(['en', 'hi']),
  overdue: z.boolean(),
  dueAt: z.string(),
});
export type AdminGrievanceDto = z.infer<typeof AdminGrievance>;

export const GrievanceStatusInput = z.object({
  status: z.enum(['ACKNOWLEDGED', 'RESOLVED', 'REJECTED']),
  reply: z.string().trim().min(1, GRIEVANCE_TEXTS.replyRequired).max(4000),
});

export const GrievanceReportQuery = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, GRIEVANCE_TEXTS.month),
});

export const GrievanceOfficer = z.object({
  name: z.string().trim().min(1).max(100),
  designation: z.string().trim().min(1).max(100),
  phone: z.string().trim().min(1).max(30),
  email: z.string().trim().regex(EMAIL_PATTERN, GRIEVANCE_TEXTS.email),
  address: z.string().trim().min(1).max(500),
});
export type GrievanceOfficerDto = z.infer<typeof GrievanceOfficer>;
