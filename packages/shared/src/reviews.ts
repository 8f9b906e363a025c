// Rating rules shared by the server and the storefront: the average shown, the per-star bars and
// their colours (spec section 2: green for 3 to 5, yellow for 2, red for 1), and paging.
import { MESSAGES } from './messages.ts';

export const STARS = [5, 4, 3, 2, 1] as const;
export type Star = 1 | 2 | 3 | 4 | 5;
export type StarCounts = Record<`${Star}`, number>;

export const REVIEW_PAGE_SIZE = 10;

export const REVIEW_LIMITS = { title: 120, description: 2000 } as const;

/** Review texts of our own (the spec's are in MESSAGES). Kept free of Zod for the page bundles. */
export const REVIEW_TEXTS = {
  titleTooLong: `Title must be at most ${REVIEW_LIMITS.title} characters.`,
  descriptionTooLong: `Description must be at most ${REVIEW_LIMITS.description} characters.`,
  productRequired: 'Product is required.',
  productNotFound: 'Product not found.',
  nameRequired: 'Name is required.',
  emailInvalid: MESSAGES.invalidEmail,
  thanks: 'Thank you! Your review has been submitted.',
} as const;

export function emptyCounts(): StarCounts {
  return { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };
}

/** Count, average (one decimal, 0 when there are none) from the number of reviews per star. */
export function summarizeCounts(counts: StarCounts): { average: number; count: number } {
  let count = 0;
  let sum = 0;
  for (const star of STARS) {
    count += counts[`${star}`];
    sum += counts[`${star}`] * star;
  }
  if (count === 0) return { average: 0, count: 0 };
  // Integer arithmetic up to the last step: sum * 10 / count rounds half up to one decimal.
  return { average: Math.round((sum * 10) / count) / 10, count };
}

export function barColour(star: number): 'green' | 'yellow' | 'red' {
  if (star >= 3) return 'green';
  return star === 2 ? 'yellow' : 'red';
}

/** Width of a star's bar as a whole percentage of all reviews. */
export function barPercent(countForStar: number, total: number): number {
  return total > 0 ? Math.round((countForStar * 100) / total) : 0;
}

export function pageCount(totalElements: number, size: number): number {
  return Math.max(1, Math.ceil(totalElements / size));
}

/** The rating's word, shown beside the star picker. */
export const RATING_WORDS: Record<Star, string> = {
  1: 'Poor',
  2: 'Fair',
  3: 'Good',
  4: 'Very good',
  5: 'Excellent',
};
