// Contracts of product reviews and ratings (spec sections 3, 5 and 7), with the spec's messages.

import { MESSAGES } from '../messages.ts';
import { REVIEW_LIMITS, REVIEW_PAGE_SIZE, REVIEW_TEXTS } from '../reviews.ts';
import { EMAIL_PATTERN } from '../validators.ts';
import * as z from './zod.ts';

export const ProductIdParam = z.object({
  productId: z.coerce.number().int().positive().max(z.INT4_MAX, z.OUT_OF_RANGE),
});

export const ReviewsQuery = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(50).default(REVIEW_PAGE_SIZE),
});

const rating = z.coerce
  .number({ error: MESSAGES.reviewRating })
  .int(MESSAGES.reviewRating)
  .min(1, MESSAGES.reviewRating)
  .max(5, MESSAGES.reviewRating);

/**
 * POST /api/reviews. The spec's payload carries name and e-mail, but the server takes both from
 * the logged-in account, so here they are accepted and ignored.
 */
export const ReviewInput = z.object({
  productId: z.coerce
    .number({ error: REVIEW_TEXTS.productRequired })
    .int(REVIEW_TEXTS.productRequired)
    .positive(REVIEW_TEXTS.productRequired),
  rating,
  title: z
    .string()
    .trim()
    .max(REVIEW_LIMITS.title, REVIEW_TEXTS.titleTooLong)
    .nullish()
    .transform((v) => v || null),
  description: z
    .string({ error: MESSAGES.reviewDescription })
    .trim()
    .min(1, MESSAGES.reviewDescription)
    .max(REVIEW_LIMITS.description, REVIEW_TEXTS.descriptionTooLong),
  name: z.string().nullish().describe('Ignored: the name comes from the account'),
  email: z.string().nullish().describe('Ignored: the e-mail comes from the account'),
});

/** The rate page's form: the same rules, plus the read-only name and e-mail (spec section 5). */
export const ReviewForm = ReviewInput.extend({
  name: z.string({ error: REVIEW_TEXTS.nameRequired }).trim().min(1, REVIEW_TEXTS.nameRequired),
  email: z
    .string({ error: REVIEW_TEXTS.emailInvalid })
    .trim()
    .regex(EMAIL_PATTERN, REVIEW_TEXTS.emailInvalid),
});

/** A review as the storefront shows it. The reviewer's e-mail is never published. */
export const Review = z
  .object({
    id: z.number().int(),
    productId: z.number().int(),
    name: z.string(),
    rating: z.number().int().min(1).max(5),
    title: z.string().nullable(),
    description: z.string(),
    adminReply: z.string().nullable(),
    adminReplyAt: z.string().nullable(),
    /** The author had this product delivered: shown as 'Verified buyer'. */
    verifiedBuyer: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Review' });

export const ReviewPage = z
  .object({
    content: z.array(Review),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
  })
  .meta({ id: 'ReviewPage' });

const count = z.number().int().min(0).max(z.INT4_MAX, z.OUT_OF_RANGE);
export const RatingSummary = z
  .object({
    productId: z.number().int(),
    average: z.number(),
    count,
    counts: z.object({ '1': count, '2': count, '3': count, '4': count, '5': count }),
  })
  .meta({ id: 'RatingSummary' });

/** One entry of the ratings list per product (spec section 7: 'a ratings list per product id'). */
export const ProductRating = z
  .object({ productId: z.number().int(), average: z.number(), count })
  .meta({ id: 'ProductRating' });

export const AdminReplyInput = z.object({
  reply: z
    .string()
    .trim()
    .max(REVIEW_LIMITS.description, `Reply must be at most ${REVIEW_LIMITS.description} characters.`)
    .nullable()
    .transform((v) => v || null),
});

export const ReviewVisibilityInput = z.object({ hidden: z.boolean() });

export type ReviewDto = z.infer<typeof Review>;
export type ReviewPageDto = z.infer<typeof ReviewPage>;
export type RatingSummaryDto = z.infer<typeof RatingSummary>;
export type ProductRatingDto = z.infer<typeof ProductRating>;
export type ReviewValues = z.output<typeof ReviewInput>;
/** What the product page renders first: the summary and the newest page. */
export type ProductReviewsDto = { summary: RatingSummaryDto; page: ReviewPageDto };
