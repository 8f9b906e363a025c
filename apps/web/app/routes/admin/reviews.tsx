import { AdminReviewsQuery } from '@spice/shared/contracts/admin';
import { AdminReplyInput } from '@spice/shared/contracts/reviews';
import { data, Form, Link, useNavigation } from 'react-router';
import { type ActionResult, refusal, requireAdminPage } from '../../features/admin/guard.server';
import { adminMeta, countOf, istDateTime } from '../../features/admin/meta';
import type { Route } from './+types/reviews';

const FILTERS = [
  ['unreplied', 'Unreplied'],
  ['replied', 'Replied'],
  ['hidden', 'Hidden'],
  ['all', 'All'],
] as const;

export function meta() {
  return adminMeta('Reviews');
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await requireAdminPage(context, 'reviews.moderate');
  const parsed = AdminReviewsQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const query = parsed.success ? parsed.data : AdminReviewsQuery.parse({});
  return {
    filter: query.filter,
    page: await services.reviews.adminPage(query.filter, query.page, query.size),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, user } = await requireAdminPage(context, 'reviews.moderate');
  const form = Object.fromEntries(await request.formData());
  const id = Number(form.id);
  if (!Number.isInteger(id) || id <= 0)
    return data<ActionResult>({ ok: false, message: 'Unknown review.' }, { status: 400 });
  try {
    if (form.intent === 'hide' || form.intent === 'show') {
      const hidden = form.intent === 'hide';
      await services.reviewModeration.setReviewHidden(user, id, hidden);
      return {
        ok: true,
        id,
        message: hidden ? 'Review hidden from the shop.' : 'Review shown in the shop again.',
      };
    }
    const parsed = AdminReplyInput.safeParse({ reply: String(form.reply ?? '') });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? 'Please check the reply.';
      return data<ActionResult & { id: number }>(
        { ok: false, id, message, errors: { reply: message } },
        { status: 400 },
      );
    }
    await services.reviewModeration.replyToReview(user, id, parsed.data.reply);
    return {
      ok: true,
      id,
      message: parsed.data.reply ? 'Reply saved; shoppers see it as the Team reply.' : 'Reply removed.',
    };
  } catch (error) {
    return refusal(error);
  }
}

export default function AdminReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { filter, page } = loaderData;
  const navigation = useNavigation();
  const result = actionData as (ActionResult & { id?: number }) | undefined;
  return (
    <>
      <h1>Reviews</h1>
      <nav className="admin-tabs" aria-label="Which reviews">
        {FILTERS.map(([value, label]) => (
          <Link
            key={value}
            to={`/admin/reviews?filter=${value}`}
            aria-current={filter === value ? 'page' : undefined}
          >
            {label}
          </Link>
        ))}
      </nav>
      {result ? (
        // Shown above the list: a replied review leaves the 'Unreplied' list it was in.
        <p className={`admin-message ${result.ok ? '' : 'admin-message--error'}`} role="status">
          {result.message}
        </p>
      ) : null}
      {page.content.length === 0 ? <p>No reviews here.</p> : null}
      <ul className="admin-list">
        {page.content.map((r) => (
          <li key={r.id} className={`admin-panel${r.hidden ? ' admin-panel--muted' : ''}`}>
            <p>
              <strong>
                {'★'.repeat(r.rating)}
                {'☆'.repeat(5 - r.rating)}
              </strong>{' '}
              {r.title ? <strong>{r.title}</strong> : null}
              {r.hidden ? <span className="status status--cancelled">Hidden</span> : null}
            </p>
            <p>{r.description}</p>
            <p>
              <small>
                {r.name} ({r.email}) on{' '}
                {r.productSlug ? <a href={`/product/${r.productSlug}`}>{r.productName}</a> : r.productName},{' '}
                {istDateTime(r.createdAt)}
              </small>
            </p>
            <Form method="post" className="admin-form">
              <input type="hidden" name="id" value={r.id} />
              <label className="admin-form__wide">
                Team reply
                <textarea name="reply" rows={2} defaultValue={r.adminReply ?? ''} maxLength={2000} />
              </label>
              <button
                type="submit"
                name="intent"
                value="reply"
                className="button button--primary"
                disabled={navigation.state === 'submitting'}
              >
                Save reply
              </button>
              <button
                type="submit"
                name="intent"
                value={r.hidden ? 'show' : 'hide'}
                className="button"
                disabled={navigation.state === 'submitting'}
              >
                {r.hidden ? 'Show in shop' : 'Hide from shop'}
              </button>
            </Form>
          </li>
        ))}
      </ul>
      <nav className="admin-pager" aria-label="Pages">
        {page.page > 0 ? (
          <Link to={`/admin/reviews?filter=${filter}&page=${page.page - 1}`}>← Newer</Link>
        ) : null}
        <span>
          Page {page.page + 1} of {Math.max(page.totalPages, 1)} · {countOf(page.totalElements, 'review')}
        </span>
        {page.page + 1 < page.totalPages ? (
          <Link to={`/admin/reviews?filter=${filter}&page=${page.page + 1}`}>Older →</Link>
        ) : null}
      </nav>
    </>
  );
}
