// The rate page's form (spec sections 2, 5 and 8): a five-star picker made of native radio buttons
// (arrow keys move between stars), an optional title, the description, and the account's name and
// e-mail read-only. The first problem is scrolled into view and focused. On a network error the
// draft stays in this browser and comes back on the next visit.
import type { ReviewDto } from '@spice/shared/contracts/reviews';
import { ReviewForm } from '@spice/shared/contracts/reviews';
import { hindiForSpecMessage } from '@spice/shared/messages-hi';
import { REVIEW_LIMITS, REVIEW_TEXTS, type Star } from '@spice/shared/reviews';
import { type FormEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { type Translate, useLang, useLocalePath, useSpecMessages, useT } from '../../i18n';
import { ApiError, api } from '../account/api';
import { openLogin } from '../account/modal-events';
import { clearDraft, readDraft, saveDraft } from './draft';

type Field = 'rating' | 'title' | 'description' | 'name' | 'email';
const FIELD_ORDER: Field[] = ['rating', 'title', 'description', 'name', 'email'];

/**
 * A problem found by the shared rules (ReviewForm: the spec's messages and REVIEW_TEXTS, in
 * English) as the page's language says it.
 */
export function sayReviewProblem(english: string, lang: 'en' | 'hi', t: Translate): string {
  if (lang === 'en') return english;
  const spec = hindiForSpecMessage(english);
  if (spec) return spec;
  if (english === REVIEW_TEXTS.titleTooLong)
    return t('rate.errors.titleTooLong', { max: REVIEW_LIMITS.title });
  if (english === REVIEW_TEXTS.descriptionTooLong)
    return t('rate.errors.descriptionTooLong', { max: REVIEW_LIMITS.description });
  if (english === REVIEW_TEXTS.productRequired) return t('rate.errors.productRequired');
  if (english === REVIEW_TEXTS.productNotFound) return t('rate.errors.productNotFound');
  if (english === REVIEW_TEXTS.nameRequired) return t('rate.errors.nameRequired');
  return english;
}

const WORD_KEYS = {
  1: 'rate.words.1',
  2: 'rate.words.2',
  3: 'rate.words.3',
  4: 'rate.words.4',
  5: 'rate.words.5',
} as const satisfies Record<Star, string>;

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
  const t = useT();
  const lang = useLang();
  const lp = useLocalePath();
  const { messages } = useSpecMessages();
  const refs: Record<Field, RefObject<HTMLElement | null>> = {
    rating: useRef<HTMLFieldSetElement>(null),
    title: useRef<HTMLInputElement>(null),
    description: useRef<HTMLTextAreaElement>(null),
    name: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
  };

  // Browser storage exists only after hydration.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on a new product; the language is the page's
  useEffect(() => {
    const draft = readDraft(product.id);
    if (!draft) return;
    setRating(draft.rating);
    setTitle(draft.title);
    setDescription(draft.description);
    setStatus({ kind: 'notice', text: t('rate.restored') });
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
        if (FIELD_ORDER.includes(f) && !found[f]) found[f] = sayReviewProblem(issue.message, lang, t);
      }
      return showProblems(found);
    }
    setErrors({});
    setBusy(true);
    try {
      await api('/reviews', { body: { ...values, title: title.trim() || null } });
      clearDraft(product.id);
      navigate(lp(`/product/${product.slug}?reviewed=true`));
    } catch (e) {
      const draft = { rating, title, description };
      if (!(e instanceof ApiError) || e.status === 0) {
        saveDraft(product.id, draft);
        setStatus({
          kind: 'error',
          text: `${messages.networkError} ${t('rate.savedOffline')}`,
        });
      } else if (e.status === 401) {
        saveDraft(product.id, draft);
        setStatus({ kind: 'error', text: messages.loginRequired });
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
          {t('rate.yourRating')}
          <span aria-hidden="true"> *</span>
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
                <span className="visually-hidden">{t('rate.star', { n, word: t(WORD_KEYS[n]) })}</span>
              </label>
            ))}
          </div>
          <span className="star-picker__word" aria-hidden="true">
            {shown ? t(WORD_KEYS[shown]) : t('rate.choose')}
          </span>
        </div>
        {fieldError('rating')}
      </fieldset>

      <div className={`field${errors.title ? ' field--error' : ''}`}>
        <label htmlFor="rate-title">
          {t('rate.titleLabel')} <span className="optional">{t('rate.optional')}</span>
        </label>
        <input
          id="rate-title"
          ref={refs.title as RefObject<HTMLInputElement>}
          value={title}
          maxLength={REVIEW_LIMITS.title}
          placeholder={t('rate.titlePlaceholder')}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={describedBy('title')}
          onChange={(e) => setTitle(e.target.value)}
        />
        {fieldError('title')}
      </div>

      <div className={`field${errors.description ? ' field--error' : ''}`}>
        <label htmlFor="rate-description">
          {t('rate.description')}
          <span aria-hidden="true"> *</span>
        </label>
        <textarea
          id="rate-description"
          ref={refs.description as RefObject<HTMLTextAreaElement>}
          value={description}
          rows={6}
          maxLength={REVIEW_LIMITS.description}
          placeholder={t('rate.descriptionPlaceholder')}
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
          <label htmlFor="rate-name">{t('rate.name')}</label>
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
          <label htmlFor="rate-email">{t('rate.email')}</label>
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
      <p className="field-hint">{t('rate.emailHint')}</p>

      <div className="form-actions">
        <Link to={lp(`/product/${product.slug}`)} className="button">
          {t('rate.cancel')}
        </Link>
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
          {busy ? <span className="button-spinner" aria-hidden="true" /> : null}
          {t('rate.submit')}
        </button>
      </div>
    </form>
  );
}
