// The product page's Customer Reviews (spec section 2): the average, bars from 5 to 1 stars
// (green for 3 to 5, yellow for 2, red for 1), the newest reviews 10 per page with Previous and
// Next, the team's reply under a review, and a Write button for a logged-in shopper. The first
// page arrives server-rendered with the product; further pages are fetched from the paged API.
import type { ProductDto } from '@spice/shared/contracts/catalog';
import type { ProductReviewsDto, ReviewDto, ReviewPageDto } from '@spice/shared/contracts/reviews';
import { barColour, barPercent, pageCount, REVIEW_PAGE_SIZE, STARS } from '@spice/shared/reviews';
import { useEffect, useRef, useState } from 'react';
import { Link, useLoaderData, useNavigate, useSearchParams } from 'react-router';
import { useFormat, useLocalePath, useSpecMessages, useT } from '../../i18n';
import { useRootData } from '../../root';
import { api } from '../account/api';
import { openLogin } from '../account/modal-events';
import { useStoredUser } from '../account/user-store';
import { Stars } from './stars';

/** The query a logged-out visit to /rate/{id} is sent back with: open the login, then return. */
export const LOGIN_TO_RATE = 'rate';

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
  const t = useT();
  const lp = useLocalePath();
  const { messages } = useSpecMessages();

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
      navigate(lp(`/rate/${product.id}`), { replace: true });
      return;
    }
    // The login modal's host listens from an effect that runs after this one.
    const timer = window.setTimeout(openLogin, 0);
    return () => window.clearTimeout(timer);
  }, [loginToRate, user, navigate, product.id, lp]);

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
        setError(t('reviews.loadFailed'));
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
          {t('reviews.heading')}
        </h2>
        {user ? (
          <Link to={lp(`/rate/${product.id}`)} className="button button--primary reviews__write">
            {t('reviews.write')}
          </Link>
        ) : (
          <button type="button" className="link-button" onClick={openLogin}>
            {t('reviews.loginToWrite')}
          </button>
        )}
      </div>

      {reviewed ? (
        <p className="reviews__thanks" role="status">
          {t('reviews.thanks')}
        </p>
      ) : null}

      {summary.count > 0 ? (
        <div className="reviews__summary">
          <div className="reviews__average">
            <p className="reviews__score">
              {summary.average.toFixed(1)}
              <span className="visually-hidden">{t('reviews.outOf5')}</span>
            </p>
            <Stars value={summary.average} size="lg" />
            <p className="reviews__count">{t('reviews.basedOn', { count: summary.count })}</p>
          </div>
          <ul className="reviews__bars" aria-label={t('reviews.byStars')}>
            {STARS.map((star) => {
              const n = summary.counts[`${star}`];
              return (
                <li key={star} className="reviews__bar">
                  <span className="reviews__bar-label">
                    {star}
                    <span aria-hidden="true"> ★</span>
                    <span className="visually-hidden"> {t('reviews.starsCount', { star })}</span>
                  </span>
                  <span className="bar" aria-hidden="true">
                    <span
                      className={`bar__fill bar__fill--${barColour(star)}`}
                      style={{ width: `${barPercent(n, summary.count)}%` }}
                    />
                  </span>
                  <span className="reviews__bar-count">
                    {n}
                    <span className="visually-hidden"> {t('reviews.reviewsCount', { count: n })}</span>
                  </span>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}

      <div ref={listRef} className="reviews__list" tabIndex={-1} aria-busy={loading}>
        {page.totalElements === 0 ? (
          <p className="empty">{messages.noReviews}</p>
        ) : (
          <ul className="review-list" aria-label={t('reviews.list')}>
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
        <nav className="pager" aria-label={t('reviews.pages')}>
          <button
            type="button"
            className="button button--outline"
            disabled={page.page === 0 || loading}
            onClick={() => void go(page.page - 1)}
          >
            {t('reviews.previous')}
          </button>
          <span className="pager__status" aria-live="polite">
            {t('reviews.pageOf', { page: page.page + 1, pages })}
          </span>
          <button
            type="button"
            className="button button--outline"
            disabled={page.page + 1 >= pages || loading}
            onClick={() => void go(page.page + 1)}
          >
            {t('reviews.next')}
          </button>
        </nav>
      ) : null}
    </section>
  );
}

function ReviewItem({ review }: { review: ReviewDto }) {
  const t = useT();
  const { date } = useFormat();
  return (
    <li className="review">
      <div className="review__head">
        <Stars value={review.rating} size="sm" />
        {review.title ? <h3 className="review__title">{review.title}</h3> : null}
      </div>
      <p className="review__meta">
        <span className="review__name">{review.name}</span>
        {review.verifiedBuyer ? (
          <>
            <span aria-hidden="true"> · </span>
            <span className="review__verified">✓ {t('reviews.verifiedBuyer')}</span>
          </>
        ) : null}
        <span aria-hidden="true"> · </span>
        <time dateTime={review.createdAt}>{date(review.createdAt)}</time>
      </p>
      <p className="review__text">{review.description}</p>
      {review.adminReply ? (
        <div className="review__reply">
          <p className="review__reply-by">
            <span className="review__team">{t('reviews.team')}</span>
            {review.adminReplyAt ? (
              <>
                <span aria-hidden="true"> · </span>
                <time dateTime={review.adminReplyAt}>{date(review.adminReplyAt)}</time>
              </>
            ) : null}
          </p>
          <p className="review__reply-text">{review.adminReply}</p>
        </div>
      ) : null}
    </li>
  );
}
