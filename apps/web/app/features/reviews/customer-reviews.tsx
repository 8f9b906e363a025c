// The product page's Customer Reviews (spec section 2): the average, bars from 5 to 1 stars
// (green for 3 to 5, yellow for 2, red for 1), the newest reviews 10 per page with Previous and
// Next, the team's reply under a review, and a Write button for a logged-in shopper. The first
// page arrives server-rendered with the product; further pages are fetched from the paged API.
import type { ProductDto } from '@spice/shared/contracts/catalog';
import type { ProductReviewsDto, ReviewDto, ReviewPageDto } from '@spice/shared/contracts/reviews';
import { MESSAGES } from '@spice/shared/messages';
import {
  barColour,
  barPercent,
  pageCount,
  REVIEW_PAGE_SIZE,
  REVIEW_TEXTS,
  STARS,
} from '@spice/shared/reviews';
import { useEffect, useRef, useState } from 'react';
import { Link, useLoaderData, useNavigate, useSearchParams } from 'react-router';
import { useRootData } from '../../root';
import { api } from '../account/api';
import { openLogin } from '../account/modal-events';
import { useStoredUser } from '../account/user-store';
import { Stars } from './stars';

/** The query a logged-out visit to /rate/{id} is sent back with: open the login, then return. */
export const LOGIN_TO_RATE = 'rate';

const dateFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});
const formatDate = (iso: string) => dateFormat.format(new Date(iso));

export function CustomerReviews({ product }: { product: Pick<ProductDto, 'id' | 'slug' | 'name'> }) {
  const { reviews } = useLoaderData() as { reviews: ProductReviewsDto };
  const { summary } = reviews;
  const { user: serverUser } = useRootData();
  const user = useStoredUser(serverUser);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const reviewed = params.get('reviewed') === 'true';
  const loginToRate = params.get('login') === LOGIN_TO_RATE;
  const sectionRef = useRef<HTMLElement>(null);

  // A page fetched by Previous/Next belongs to the first page it was fetched from: when the loader
  // answers afresh (a new review, a login), the list starts again from the new first page.
  const [fetched, setFetched] = useState<{ from: ReviewPageDto; page: ReviewPageDto } | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const page = fetched && fetched.from === reviews.page ? fetched.page : reviews.page;
  const pages = pageCount(page.totalElements, REVIEW_PAGE_SIZE);
  const listRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!reviewed && !loginToRate) return;
    // After the router's own scroll to the top on navigation.
    const frame = window.requestAnimationFrame(() => sectionRef.current?.scrollIntoView({ block: 'start' }));
    return () => window.cancelAnimationFrame(frame);
  }, [reviewed, loginToRate]);

  useEffect(() => {
    if (!loginToRate) return;
    if (user) {
      navigate(`/rate/${product.id}`, { replace: true });
      return;
    }
    // The login modal's host listens from an effect that runs after this one.
    const timer = window.setTimeout(openLogin, 0);
    return () => window.clearTimeout(timer);
  }, [loginToRate, user, navigate, product.id]);

  async function go(index: number) {
    setError('');
    if (index === 0) {
      setFetched(null);
    } else {
      setLoading(true);
      try {
        const next = await api<ReviewPageDto>(
          `/reviews/${product.id}?page=${index}&size=${REVIEW_PAGE_SIZE}`,
        );
        setFetched({ from: reviews.page, page: next });
      } catch {
        setError('Could not load more reviews. Please try again.');
        return;
      } finally {
        setLoading(false);
      }
    }
    const list = listRef.current;
    if (list && list.getBoundingClientRect().top < 0) list.scrollIntoView({ block: 'start' });
    list?.focus({ preventScroll: true });
  }

  return (
    <section ref={sectionRef} className="reviews" aria-labelledby="reviews-heading" id="reviews">
      <div className="reviews__head">
        <h2 id="reviews-heading" className="section-title">
          Customer Reviews
        </h2>
        {user ? (
          <Link to={`/rate/${product.id}`} className="button button--primary reviews__write">
            Write a Review
          </Link>
        ) : (
          <button type="button" className="link-button" onClick={openLogin}>
            Log in to write a review
          </button>
        )}
      </div>

      {reviewed ? (
        <p className="reviews__thanks" role="status">
          {REVIEW_TEXTS.thanks}
        </p>
      ) : null}

      {summary.count > 0 ? (
        <div className="reviews__summary">
          <div className="reviews__average">
            <p className="reviews__score">
              {summary.average.toFixed(1)}
              <span className="visually-hidden"> out of 5</span>
            </p>
            <Stars value={summary.average} size="lg" />
            <p className="reviews__count">
              Based on {summary.count} {summary.count === 1 ? 'review' : 'reviews'}
            </p>
          </div>
          <ul className="reviews__bars" aria-label="Reviews by star rating">
            {STARS.map((star) => {
              const n = summary.counts[`${star}`];
              return (
                <li key={star} className="reviews__bar">
                  <span className="reviews__bar-label">
                    {star}
                    <span aria-hidden="true"> ★</span>
                    <span className="visually-hidden"> {star === 1 ? 'star' : 'stars'}:</span>
                  </span>
                  <span className="bar" aria-hidden="true">
                    <span
                      className={`bar__fill bar__fill--${barColour(star)}`}
                      style={{ width: `${barPercent(n, summary.count)}%` }}
                    />
                  </span>
                  <span className="reviews__bar-count">
                    {n}
                    <span className="visually-hidden"> {n === 1 ? 'review' : 'reviews'}</span>
                  </span>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}

      <div ref={listRef} className="reviews__list" tabIndex={-1} aria-busy={loading}>
        {page.totalElements === 0 ? (
          <p className="empty">{MESSAGES.noReviews}</p>
        ) : (
          <ul className="review-list" aria-label="Reviews">
            {page.content.map((r) => (
              <ReviewItem key={r.id} review={r} />
            ))}
          </ul>
        )}
      </div>

      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {pages > 1 ? (
        <nav className="pager" aria-label="Review pages">
          <button
            type="button"
            className="button button--outline"
            disabled={page.page === 0 || loading}
            onClick={() => void go(page.page - 1)}
          >
            Previous
          </button>
          <span className="pager__status" aria-live="polite">
            Page {page.page + 1} of {pages}
          </span>
          <button
            type="button"
            className="button button--outline"
            disabled={page.page + 1 >= pages || loading}
            onClick={() => void go(page.page + 1)}
          >
            Next
          </button>
        </nav>
      ) : null}
    </section>
  );
}

function ReviewItem({ review }: { review: ReviewDto }) {
  return (
    <li className="review">
      <div className="review__head">
        <Stars value={review.rating} size="sm" />
        {review.title ? <h3 className="review__title">{review.title}</h3> : null}
      </div>
      <p className="review__meta">
        <span className="review__name">{review.name}</span>
        <span aria-hidden="true"> · </span>
        <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
      </p>
      <p className="review__text">{review.description}</p>
      {review.adminReply ? (
        <div className="review__reply">
          <p className="review__reply-by">
            <span className="review__team">Team</span>
            {review.adminReplyAt ? (
              <>
                <span aria-hidden="true"> · </span>
                <time dateTime={review.adminReplyAt}>{formatDate(review.adminReplyAt)}</time>
              </>
            ) : null}
          </p>
          <p className="review__reply-text">{review.adminReply}</p>
        </div>
      ) : null}
    </li>
  );
}
