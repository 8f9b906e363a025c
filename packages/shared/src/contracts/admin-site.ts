// Back-office contracts for the storefront's managed content: banners, footer fields, marketplace
// links ('Also available on:') and the About page's sections. The API routes use them as their
// schemas and the admin forms check with them before sending, so both sides say the same thing.

import { BANNER_STATUSES } from '../banner.ts';
import { parseIstDateTime } from '../ist.ts';
import { EMAIL_PATTERN } from '../validators.ts';
import { hindiText } from './common.ts';
import * as z from './zod.ts';

export const IMAGE_URL_MESSAGE = 'Enter an https:// address or a path on this site starting with /.';
export const LINK_URL_MESSAGE = 'Enter an https:// address or a path on this site starting with /.';
export const HTTPS_URL_MESSAGE = 'Enter a full address starting with https://.';
export const IST_DATETIME_MESSAGE = 'Enter a date and time, like 31 Jan 2026, 6:30 PM.';
export const END_AFTER_START = 'The end must be after the start.';

const SITE_ORIGIN = 'https://site.invalid';

/**
 * A path on this site, as a browser resolves it: '/images/a.webp' stays, but '//evil.example',
 * '/\evil.example' (browsers read the backslash as a slash) and paths with spaces or control
 * characters (which browsers strip, turning '/\t/evil.example' into '//evil.example') do not.
 */
export function isSitePath(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\s\p{Cc}]/u.test(value)) return false;
  try {
    return new URL(value, SITE_ORIGIN).origin === SITE_ORIGIN;
  } catch {
    return false;
  }
}

function isHttpsUrl(value: string): boolean {
  if (!/^https:\/\//i.test(value) || /\s/.test(value)) return false;
  try {
    return new URL(value).hostname.includes('.');
  } catch {
    return false;
  }
}

/** An image or link the shop may use: https on another host, or a path on this site ('/images/…'). */
export function isSiteOrHttpsUrl(value: string): boolean {
  return isSitePath(value) || isHttpsUrl(value);
}

/** Empty text (a blank form field) and absent values mean 'none'. */
function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v),
    schema.nullable(),
  );
}

const text = (label: string, max: number) =>
  z
    .string({ error: `Please enter ${label}.` })
    .trim()
    .min(1, `Please enter ${label}.`)
    .max(max, `Keep it to ${max} characters at most.`);

export const imageUrl = z
  .string({ error: 'Please enter the image address.' })
  .trim()
  .min(1, 'Please enter the image address.')
  .max(500, 'That address is too long (500 characters at most).')
  .refine(isSiteOrHttpsUrl, IMAGE_URL_MESSAGE);

export const linkUrl = z
  .string()
  .trim()
  .max(500, 'That address is too long (500 characters at most).')
  .refine(isSiteOrHttpsUrl, LINK_URL_MESSAGE);

export const httpsUrl = z
  .string()
  .trim()
  .max(500, 'That address is too long (500 characters at most).')
  .refine(isHttpsUrl, HTTPS_URL_MESSAGE);

/** A time typed in IST (datetime-local) or an ISO instant with its zone; out as a UTC ISO string. */
export const istDateTime = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const at = parseIstDateTime(value);
    if (!at) {
      ctx.addIssue({ code: 'custom', message: IST_DATETIME_MESSAGE });
      return z.NEVER;
    }
    return at.toISOString();
  });

/** A checkbox: forms send 'true'/'on' (or a hidden 'false' when unticked); JSON sends a boolean. */
export const formBoolean = z.preprocess(
  (v) => (v === 'true' || v === 'on' ? true : v === 'false' ? false : v),
  z.boolean({ error: 'Choose yes or no.' }),
);

export const version = z.coerce.number().int().positive().max(z.INT4_MAX, z.OUT_OF_RANGE);

export const VersionQuery = z.object({ version });

export const endsAfterStart = (start: string | null, end: string | null) =>
  !start || !end || Date.parse(end) > Date.parse(start);

/**
 * A new order for a whole list (banners, marketplace links, sections): every item once, each with
 * the version the page showed, so a reorder over a list someone changed meanwhile is refused.
 */
export const ReorderInput = z.object({
  order: z
    .array(z.object({ id: z.coerce.number().int().positive().max(z.INT4_MAX, z.OUT_OF_RANGE), version }))
    .min(1, 'Nothing to reorder.')
    .max(200, 'Too many items.')
    .refine((list) => new Set(list.map((i) => i.id)).size === list.length, 'An item appears twice.'),
});
export type ReorderInputData = z.infer<typeof ReorderInput>;

// ---- Banners -------------------------------------------------------------------------------------

/**
 * The Hindi image of a banner: blank clears it (the form always sends the field), absent keeps
 * what is stored (an API client that knows no Hindi does not wipe it).
 */
const hindiImageUrl = z
  .preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? null : v),
    imageUrl.nullable(),
  )
  .optional();

const bannerFields = z.object({
  imageUrl,
  imageUrlHi: hindiImageUrl,
  alt: text('a short description of the banner for people who cannot see it', 200),
  altHi: hindiText('description of the banner', 200),
  linkUrl: optional(linkUrl),
  visible: formBoolean.default(true),
  startTime: optional(istDateTime),
  endTime: optional(istDateTime),
});
const bannerWindow = (v: { startTime: string | null; endTime: string | null }) =>
  endsAfterStart(v.startTime, v.endTime);

export const BannerCreate = bannerFields.refine(bannerWindow, {
  message: END_AFTER_START,
  path: ['endTime'],
});
export type BannerCreateInput = z.infer<typeof BannerCreate>;
export const BannerUpdate = bannerFields
  .extend({ version })
  .refine(bannerWindow, { message: END_AFTER_START, path: ['endTime'] });
export type BannerUpdateInput = z.infer<typeof BannerUpdate>;

export const AdminBanner = z
  .object({
    id: z.number().int(),
    imageUrl: z.string(),
    /** Shown on Hindi pages instead of imageUrl; null: Hindi pages show imageUrl. */
    imageUrlHi: z.string().nullable(),
    alt: z.string(),
    altHi: z.string(),
    linkUrl: z.string().nullable(),
    visible: z.boolean(),
    startTime: z.string().nullable(),
    endTime: z.string().nullable(),
    position: z.number().int(),
    version: z.number().int(),
    updatedAt: z.string(),
    /** By the storefront's own rule, now. */
    status: z.enum(BANNER_STATUSES),
    /** The one banner the home page shows now (the first live one). */
    onHomePage: z.boolean(),
  })
  .meta({ id: 'AdminBanner' });
export type AdminBannerDto = z.infer<typeof AdminBanner>;

// ---- Footer --------------------------------------------------------------------------------------

export const FOOTER_LINKS_MAX = 8;

export const FooterEdit = z.object({
  facebookUrl: optional(httpsUrl),
  instagramUrl: optional(httpsUrl),
  phoneNumber: optional(
    z
      .string()
      .trim()
      .regex(/^\+?[\d\s-]{8,20}$/, 'Enter a phone number like +91 98123 45670.')
      .refine((v) => v.replace(/\D/g, '').length >= 8, 'Enter a phone number like +91 98123 45670.'),
  ),
  email: optional(
    z
      .string()
      .trim()
      .max(120, 'Keep it to 120 characters at most.')
      .regex(EMAIL_PATTERN, 'Enter an e-mail address like care@example.in.'),
  ),
  logoUrl: optional(imageUrl),
  links: z
    .array(z.object({ label: text('the link text', 40), labelHi: hindiText('link text', 40), url: linkUrl }))
    .max(FOOTER_LINKS_MAX, `At most ${FOOTER_LINKS_MAX} footer links.`)
    .default([]),
  version,
});
export type FooterEditInput = z.infer<typeof FooterEdit>;

export const AdminFooter = z
  .object({
    facebookUrl: z.string().nullable(),
    instagramUrl: z.string().nullable(),
    phoneNumber: z.string().nullable(),
    email: z.string().nullable(),
    logoUrl: z.string().nullable(),
    links: z.array(z.object({ label: z.string(), labelHi: z.string(), url: z.string() })),
    version: z.number().int(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AdminFooter' });
export type AdminFooterDto = z.infer<typeof AdminFooter>;

// ---- Marketplace links ('Also available on:') ----------------------------------------------------

const marketplaceFields = z.object({
  name: text('the marketplace name', 60),
  url: httpsUrl,
  logoUrl: imageUrl,
});
export const MarketplaceLinkCreate = marketplaceFields;
export type MarketplaceLinkCreateInput = z.infer<typeof MarketplaceLinkCreate>;
export const MarketplaceLinkUpdate = marketplaceFields.extend({ version });
export type MarketplaceLinkUpdateInput = z.infer<typeof MarketplaceLinkUpdate>;

export const AdminMarketplaceLink = z
  .object({
    id: z.number().int(),
    name: z.string(),
    url: z.string(),
    logoUrl: z.string(),
    position: z.number().int(),
    version: z.number().int(),
  })
  .meta({ id: 'AdminMarketplaceLink' });
export type AdminMarketplaceLinkDto = z.infer<typeof AdminMarketplaceLink>;

// ---- About page sections (content_sections with key 'about_us') ----------------------------------

export const ABOUT_KEY = 'about_us';

/** Section images are stored comma-separated (the spec's imageUrls), so an address has no comma. */
const sectionImage = imageUrl.refine((v) => !v.includes(','), 'An image address cannot contain a comma.');

const sectionFields = z.object({
  title: text('a title', 120),
  type: optional(z.string().trim().max(120, 'Keep it to 120 characters at most.')),
  body: text('the text', 5000),
  titleHi: hindiText('title', 120),
  typeHi: hindiText('subtitle', 120),
  bodyHi: hindiText('text', 5000),
  imageUrls: z
    .array(sectionImage)
    .min(1, 'Add at least one image.')
    .max(2, 'A section has one or two images.'),
});
export const AboutSectionCreate = sectionFields;
export type AboutSectionCreateInput = z.infer<typeof AboutSectionCreate>;
export const AboutSectionUpdate = sectionFields.extend({ version });
export type AboutSectionUpdateInput = z.infer<typeof AboutSectionUpdate>;

export const AdminAboutSection = z
  .object({
    id: z.number().int(),
    title: z.string(),
    type: z.string().nullable(),
    body: z.string(),
    titleHi: z.string(),
    typeHi: z.string(),
    bodyHi: z.string(),
    imageUrls: z.array(z.string()),
    orderIndex: z.number().int(),
    version: z.number().int(),
  })
  .meta({ id: 'AdminAboutSection' });
export type AdminAboutSectionDto = z.infer<typeof AdminAboutSection>;
