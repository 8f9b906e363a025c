// Product JSON-LD's ratings: aggregateRating and the newest few reviews (schema.org), only when the
// product has reviews (search engines refuse a rating with no reviews behind it).
import type { ProductReviewsDto } from '@spice/shared/contracts/reviews';

const JSON_LD_REVIEWS = 5;

export function reviewsJsonLd({ summary, page }: ProductReviewsDto) {
  if (summary.count === 0) return {};
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: summary.average,
      reviewCount: summary.count,
      bestRating: 5,
      worstRating: 1,
    },
    review: page.content.slice(0, JSON_LD_REVIEWS).map((r) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: r.name },
      datePublished: r.createdAt.slice(0, 10),
      ...(r.title ? { name: r.title } : {}),
      reviewBody: r.description,
      reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
    })),
  };
}
