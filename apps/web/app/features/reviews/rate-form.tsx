// The rate page's form (spec sections 2, 5 and 8): a five-star picker made of native radio buttons
// (arrow keys move between stars), an optional title, the description, and the account's name and
// e-mail read-only. The first problem is scrolled into view and focused. On a network error the
// draft stays in this browser and comes back on the next visit.
import type { ReviewDto } from '@spice/shared/contracts/reviews';
import { ReviewForm } from '@spice/shared/contracts/reviews';
import { MESSAGES } from '@spice/shared/messages';
import { RATING_WORDS, REVIEW_LIMITS, type Star } from '@spice/shared/reviews';
import { type FormEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError, api } from '../account/api';
import { openLogin } from '../account/modal-events';
import { clearDraft, readDraft, saveDraft } from './draft';

type Field = 'rating' | 'title' | 'description' | 'name' | 'email';
const FIELD_ORDER: Field[] = ['rating', 'title', 'description', 'name', 'email'];

export function RateForm({
  product,
  user,
  existing,
}: {
  product: { id: number; slug: string; name: string };
  user: { name: string; email: string };
  existing: ReviewDto | null;
}) {
  const [rating, setRating] = useState(existing?.rating ?? 0);
  const [hover, setHover] = useState(0);
  const [title, setTitle] = useState(existing?.title ?? '');
  const [description, setDescription] = useState(existing?.description ?? '');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [status, setStatus] = useState<{ kind: 'error' | 'notice'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const refs: Record<Field, RefObject<HTMLElement | null>> = {
    rating: useRef<HTMLFieldSetElement>(null),
    title: useRef<HTMLInputElement>(null),
    description: useRef<HTMLTextAreaElement>(null),
    name: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
  };

  // Browser storage exists only after hydration.
  useEffect(() => {
    const draft = readDraft(product.id);
    if (!draft) return;
    setRating(draft.rating);
    setTitle(draft.title);
    setDescription(draft.description);
    setStatus({ kind: 'notice', text: 'We restored the review you had not sent yet.' });
  }, [product.id]);

  function showProblems(found: Partial<Record<Field, string>>) {
    setErrors(found);
    const first = FIELD_ORDER.find((f) => found[f]);
    if (!first) return;
    const element = refs[first].current;
    element?.scrollIntoView({ block: 'center' });
    const focusable =
      first === 'rating' ? element?.querySelector<HTMLInputElement>('input:checked, input') : element;
    focusable?.focus({ preventScroll: true });
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setStatus(null);
    const values = { productId: product.id, rating, title, description, name: user.name, email: user.email };
    const parsed = ReviewForm.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const f = issue.path[0] as Field;
        if (FIELD_ORDER.includes(f) && !found[f]) found[f] = issue.message;
      }
      return showProblems(found);
    }
    setErrors({});
    setBusy(true);
    try {
      await api('/reviews', { body: { ...values, title: title.trim() || null } });
      clearDraft(product.id);
      navigate(`/product/${product.slug}?reviewed=true`);
    } catch (e) {
      const draft = { rating, title, description };
      if (!(e instanceof ApiError) || e.status === 0) {
        saveDraft(product.id, draft);
        setStatus({
          kind: 'error',
          text: `${MESSAGES.networkError} Your review is saved on this device: submit it again when you are back online.`,
        });
      } else if (e.status === 401) {
        saveDraft(product.id, draft);
        setStatus({ kind: 'error', text: MESSAGES.loginRequired });
        openLogin();
      } else if (e.status === 400 && e.body.errors && typeof e.body.errors === 'object') {
        setStatus({ kind: 'error', text: e.message });
        showProblems(e.body.errors as Partial<Record<Field, string>>);
      } else {
        setStatus({ kind: 'error', text: e.message });
      }
    } finally {
      setBusy(false);
    }
  }

  const shown = (hover || rating) as Star | 0;
  const describedBy = (f: Field, extra?: string) =>
    [errors[f] ? `rate-${f}-error` : null, extra].filter(Boolean).join(' ') || undefined;
  const fieldError = (f: Field) =>
    errors[f] ? (
      <p id={`rate-${f}-error`} className="field-error">
        {errors[f]}
      </p>
    ) : null;

  return (
    <form className="rate-form" onSubmit={onSubmit} noValidate>
      {status ? (
        <p
          className={status.kind === 'error' ? 'form-error' : 'form-notice'}
          role={status.kind === 'error' ? 'alert' : 'status'}
        >
          {status.text}
        </p>
      ) : null}

      <fieldset
        ref={refs.rating as RefObject<HTMLFieldSetElement>}
        className={`star-picker${errors.rating ? ' field--error' : ''}`}
        aria-describedby={describedBy('rating')}
      >
        <legend>
          Your rating<span aria-hidden="true"> *</span>
        </legend>
        <div className="star-picker__row">
          {/* biome-ignore lint/a11y/noStaticElementInteractions: hover preview only; the radios carry the meaning */}
          <div className="star-picker__stars" onMouseLeave={() => setHover(0)}>
            {([1, 2, 3, 4, 5] as const).map((n) => (
              <label
                key={n}
                className={`star-picker__star${n <= shown ? ' is-on' : ''}`}
                onMouseEnter={() => setHover(n)}
              >
                <input
                  type="radio"
                  name="rating"
                  value={n}
                  checked={rating === n}
                  onChange={() => {
                    setRating(n);
                    setErrors((e) => ({ ...e, rating: undefined }));
                  }}
                />
                <svg viewBox="0 0 24 24" width="36" height="36" aria-hidden="true" focusable="false">
                  <path d="M12 2.6l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.5l-5.9 3.1 1.2-6.5L2.5 9.5l6.6-.9z" />
                </svg>
                <span className="visually-hidden">
                  {n} {n === 1 ? 'star' : 'stars'}, {RATING_WORDS[n]}
                </span>
              </label>
            ))}
          </div>
          <span className="star-picker__word" aria-hidden="true">
            {shown ? RATING_WORDS[shown] : 'Choose 1 to 5 stars'}
          </span>
        </div>
        {fieldError('rating')}
      </fieldset>

      <div className={`field${errors.title ? ' field--error' : ''}`}>
        <label htmlFor="rate-title">
          Title <span className="optional">(optional)</span>
        </label>
        <input
          id="rate-title"
          ref={refs.title as RefObject<HTMLInputElement>}
          value={title}
          maxLength={REVIEW_LIMITS.title}
          placeholder="Sum it up in a few words"
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={describedBy('title')}
          onChange={(e) => setTitle(e.target.value)}
        />
        {fieldError('title')}
      </div>

      <div className={`field${errors.description ? ' field--error' : ''}`}>
        <label htmlFor="rate-description">
          Description<span aria-hidden="true"> *</span>
        </label>
        <textarea
          id="rate-description"
          ref={refs.description as RefObject<HTMLTextAreaElement>}
          value={description}
          rows={6}
          maxLength={REVIEW_LIMITS.description}
          placeholder="How did it taste? What did you cook with it?"
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={describedBy('description', 'rate-description-count')}
          onChange={(e) => {
            setDescription(e.target.value);
            if (e.target.value.trim()) setErrors((x) => ({ ...x, description: undefined }));
          }}
        />
        <span id="rate-description-count" className="field-hint">
          {description.length} / {REVIEW_LIMITS.description}
        </span>
        {fieldError('description')}
      </div>

      <div className="form-row">
        <div className={`field${errors.name ? ' field--error' : ''}`}>
          <label htmlFor="rate-name">Name</label>
          <input
            id="rate-name"
            ref={refs.name as RefObject<HTMLInputElement>}
            value={user.name}
            readOnly
            aria-describedby={describedBy('name')}
          />
          {fieldError('name')}
        </div>
        <div className={`field${errors.email ? ' field--error' : ''}`}>
          <label htmlFor="rate-email">Email</label>
          <input
            id="rate-email"
            ref={refs.email as RefObject<HTMLInputElement>}
            type="email"
            value={user.email}
            readOnly
            aria-describedby={describedBy('email')}
          />
          {fieldError('email')}
        </div>
      </div>
      <p className="field-hint">Your e-mail is never shown with your review.</p>

      <div className="form-actions">
        <Link to={`/product/${product.slug}`} className="button">
          Cancel
        </Link>
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
          {busy ? <span className="button-spinner" aria-hidden="true" /> : null}
          Submit
        </button>
      </div>
    </form>
  );
}
