import { CONTACT_REPLY_LIMIT, ContactInboxQuery, ContactReplyInput } from '@spice/shared/contracts/admin';
import type { OrderStatus } from '@spice/shared/order-status';
import { statusLabel } from '@spice/shared/order-status';
import { formatMobile } from '@spice/shared/validators';
import { Fragment } from 'react';
import { data, Form, Link, useNavigation } from 'react-router';
import { type ActionResult, refusal, requireAdminPage } from '../../features/admin/guard.server';
import { adminMeta, countOf, istDateTime } from '../../features/admin/meta';
import type { Route } from './+types/messages';

export function meta() {
  return adminMeta('Messages');
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await requireAdminPage(context, 'messages.handle');
  const parsed = ContactInboxQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const query = parsed.success ? parsed.data : ContactInboxQuery.parse({});
  return { unread: query.unread, page: await services.inbox.inbox(query.unread, query.page, query.size) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, user } = await requireAdminPage(context, 'messages.handle');
  const form = await request.formData();
  const id = Number(form.get('id'));
  if (!Number.isInteger(id) || id <= 0)
    return data<ActionResult>({ ok: false, message: 'Unknown message.' }, { status: 400 });
  if (form.get('intent') === 'reply') {
    const parsed = ContactReplyInput.safeParse({ body: form.get('body'), language: form.get('language') });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? 'Please check the reply.';
      return data<ActionResult & { id: number }>({ ok: false, message, id }, { status: 400 });
    }
    try {
      const replied = await services.inbox.reply(user, id, parsed.data);
      const sent = replied.replies.at(-1)?.emailedAt;
      return {
        ok: Boolean(sent),
        id,
        message: sent
          ? `Reply e-mailed to ${replied.email} and kept with the message.`
          : 'The reply is kept with the message, but the e-mail could not be sent. Please try again later.',
      };
    } catch (error) {
      return refusal(error);
    }
  }
  try {
    const read = form.get('read') === 'true';
    await services.inbox.setMessageRead(user, id, read);
    return { ok: true, message: read ? 'Marked read.' : 'Marked unread.' } as ActionResult;
  } catch (error) {
    return refusal(error);
  }
}

/** Devanagari in the message: the shopper wrote in Hindi, so the reply greets in Hindi. */
const writtenInHindi = (text: string) => /[\u0900-\u097F]/.test(text);

export default function AdminMessages({ loaderData, actionData }: Route.ComponentProps) {
  const { unread, page } = loaderData;
  const result = actionData as (ActionResult & { id?: number }) | undefined;
  const navigation = useNavigation();
  const query = unread ? 'unread=true&' : '';
  return (
    <>
      <h1>Messages</h1>
      <nav className="admin-tabs" aria-label="Which messages">
        <Link to="/admin/messages?unread=true" aria-current={unread ? 'page' : undefined}>
          Unread
        </Link>
        <Link to="/admin/messages" aria-current={unread ? undefined : 'page'}>
          All
        </Link>
      </nav>
      {page.content.length === 0 ? <p>{unread ? 'No unread messages.' : 'No messages yet.'}</p> : null}
      <ul className="admin-list">
        {page.content.map((m) => (
          <li key={m.id} className={`admin-panel${m.read ? ' admin-panel--muted' : ''}`}>
            <p className="admin-message-from">
              <strong>{m.name}</strong> · <a href={`mailto:${m.email}`}>{m.email}</a> ·{' '}
              <a href={`tel:${m.phone}`}>{formatMobile(m.phone)}</a> ·{' '}
              <small>{istDateTime(m.createdAt)}</small>
              {m.read ? null : <span className="status">Unread</span>}
            </p>
            <p className="admin-message-text">{m.message}</p>
            {m.customer ? (
              <p className="admin-hint">
                Account: <Link to={`/admin/customers/${m.customer.id}`}>{m.customer.name || 'Customer'}</Link>
                {m.orders.length > 0 ? ' · Orders: ' : ' · No orders yet'}
                {m.orders.map((o, i) => (
                  <Fragment key={o.orderNumber}>
                    {i > 0 ? ', ' : ''}
                    <Link to={`/admin/orders/${o.orderNumber}`}>{o.orderNumber}</Link> (
                    {statusLabel(o.status as OrderStatus).toLowerCase()})
                  </Fragment>
                ))}
              </p>
            ) : (
              <p className="admin-hint">No shop account with this mobile or e-mail.</p>
            )}
            {m.replies.length > 0 ? (
              <ol className="admin-replies" aria-label={`Replies to ${m.name}`}>
                {m.replies.map((r) => (
                  <li key={r.id}>
                    <small>
                      {r.sentByName ?? 'The shop'} replied {istDateTime(r.createdAt)} ·{' '}
                      {r.language === 'hi' ? 'Hindi e-mail' : 'English e-mail'} ·{' '}
                      {r.emailedAt ? 'e-mailed' : 'not e-mailed'}
                    </small>
                    <p className="admin-message-text">{r.body}</p>
                  </li>
                ))}
              </ol>
            ) : null}
            {result && result.id === m.id ? (
              <p className={`admin-message ${result.ok ? '' : 'admin-message--error'}`} role="status">
                {result.message}
              </p>
            ) : null}
            <details className="admin-reply" key={`reply-${m.id}-${m.replies.length}`}>
              <summary className="admin-reply__toggle">Reply by e-mail</summary>
              <Form method="post" className="admin-form">
                <input type="hidden" name="intent" value="reply" />
                <input type="hidden" name="id" value={m.id} />
                <label className="admin-form__wide">
                  Reply to {m.email}
                  <textarea name="body" rows={4} maxLength={CONTACT_REPLY_LIMIT} required />
                </label>
                <label>
                  E-mail language
                  <select name="language" defaultValue={writtenInHindi(m.message) ? 'hi' : 'en'}>
                    <option value="en">English</option>
                    <option value="hi">Hindi (हिन्दी)</option>
                  </select>
                </label>
                <button
                  type="submit"
                  className="button button--primary"
                  disabled={navigation.state === 'submitting'}
                >
                  Send reply
                </button>
              </Form>
            </details>
            <Form method="post">
              <input type="hidden" name="id" value={m.id} />
              <input type="hidden" name="read" value={m.read ? 'false' : 'true'} />
              <button type="submit" className="button button--small">
                {m.read ? 'Mark unread' : 'Mark read'}
              </button>
            </Form>
          </li>
        ))}
      </ul>
      <nav className="admin-pager" aria-label="Pages">
        {page.page > 0 ? <Link to={`/admin/messages?${query}page=${page.page - 1}`}>← Newer</Link> : null}
        <span>
          Page {page.page + 1} of {Math.max(page.totalPages, 1)} · {countOf(page.totalElements, 'message')}
        </span>
        {page.page + 1 < page.totalPages ? (
          <Link to={`/admin/messages?${query}page=${page.page + 1}`}>Older →</Link>
        ) : null}
      </nav>
    </>
  );
}
