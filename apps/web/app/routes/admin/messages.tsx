import { ContactInboxQuery } from '@spice/shared/contracts/admin';
import { data, Form, Link } from 'react-router';
import { type ActionResult, refusal, requireAdminPage } from '../../features/admin/guard.server';
import { adminMeta, istDateTime } from '../../features/admin/meta';
import type { Route } from './+types/messages';

export function meta() {
  return adminMeta('Messages');
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await requireAdminPage(context);
  const parsed = ContactInboxQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const query = parsed.success ? parsed.data : ContactInboxQuery.parse({});
  return { unread: query.unread, page: await services.contact.inbox(query.unread, query.page, query.size) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, user } = await requireAdminPage(context);
  const form = await request.formData();
  const id = Number(form.get('id'));
  if (!Number.isInteger(id) || id <= 0)
    return data<ActionResult>({ ok: false, message: 'Unknown message.' }, { status: 400 });
  try {
    const read = form.get('read') === 'true';
    await services.inbox.setMessageRead(user, id, read);
    return { ok: true, message: read ? 'Marked read.' : 'Marked unread.' } as ActionResult;
  } catch (error) {
    return refusal(error);
  }
}

export default function AdminMessages({ loaderData }: Route.ComponentProps) {
  const { unread, page } = loaderData;
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
            <p>
              <strong>{m.name}</strong> · <a href={`mailto:${m.email}`}>{m.email}</a> ·{' '}
              <a href={`tel:${m.phone}`}>{m.phone}</a> · <small>{istDateTime(m.createdAt)}</small>
              {m.read ? null : <span className="status">Unread</span>}
            </p>
            <p className="admin-message-text">{m.message}</p>
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
          Page {page.page + 1} of {Math.max(page.totalPages, 1)} · {page.totalElements} messages
        </span>
        {page.page + 1 < page.totalPages ? (
          <Link to={`/admin/messages?${query}page=${page.page + 1}`}>Older →</Link>
        ) : null}
      </nav>
    </>
  );
}
