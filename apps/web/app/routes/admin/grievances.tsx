import { GrievanceOfficer, GrievanceStatusInput } from '@spice/shared/contracts/grievances';
import { NEXT_GRIEVANCE_STATUSES } from '@spice/shared/grievances';
import { data, Form, useNavigation } from 'react-router';
import { type ActionResult, refusal, requireAdminPage } from '../../features/admin/guard.server';
import { adminMeta, istDateTime } from '../../features/admin/meta';
import type { Route } from './+types/grievances';

export function meta() {
  return adminMeta('Grievances');
}

// Complaints under the Consumer Protection (E-Commerce) Rules 2020 rule 4 (decision 0036): open
// ones by their next deadline (acknowledge within 48 hours, resolve within 30 days), overdue in red.
export async function loader({ context }: Route.LoaderArgs) {
  const { services } = await requireAdminPage(context, 'grievances.handle');
  const [queue, officer] = await Promise.all([services.grievances.queue(), services.grievances.officer()]);
  const month = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
  return { queue, officer, month };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, user } = await requireAdminPage(context, 'grievances.handle');
  const form = await request.formData();
  const read = (name: string) => String(form.get(name) ?? '');
  try {
    if (read('intent') === 'officer') {
      const parsed = GrievanceOfficer.safeParse({
        name: read('name'),
        designation: read('designation'),
        phone: read('phone'),
        email: read('email'),
        address: read('address'),
      });
      if (!parsed.success)
        return data<ActionResult>(
          { ok: false, message: 'Fill in every field of the grievance officer.' },
          { status: 400 },
        );
      await services.grievances.setOfficer(parsed.data);
      return { ok: true, message: 'Grievance officer saved.' } as ActionResult;
    }
    const parsed = GrievanceStatusInput.safeParse({ status: read('status'), reply: read('reply') });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? 'Please check the reply.';
      return data<ActionResult>({ ok: false, message }, { status: 400 });
    }
    const done = await services.grievances.answer(
      user,
      read('ticket'),
      parsed.data.status,
      parsed.data.reply,
    );
    return {
      ok: true,
      message: `${done.ticketNumber} is ${done.status.toLowerCase()}; the reply was sent to the shopper.`,
    } as ActionResult;
  } catch (error) {
    return refusal(error);
  }
}

export default function AdminGrievances({ loaderData, actionData }: Route.ComponentProps) {
  const { queue, officer, month } = loaderData;
  const result = actionData as ActionResult | undefined;
  const busy = useNavigation().state === 'submitting';
  return (
    <>
      <h1>Grievances</h1>
      {result ? (
        <p className={result.ok ? 'admin-note' : 'admin-error'} role="status">
          {result.message}
        </p>
      ) : null}
      <form method="get" action="/api/admin/grievances/report.csv" className="admin-inline-form">
        <label>
          Monthly report (IST) <input type="month" name="month" defaultValue={month} required />
        </label>
        <button type="submit" className="button button--outline">
          Download CSV
        </button>
      </form>
      {queue.length === 0 ? <p>No grievances yet.</p> : null}
      <ul className="admin-list">
        {queue.map((g) => (
          <li
            key={g.ticketNumber}
            className={`admin-panel grievance-row${g.overdue ? ' grievance-row--overdue' : ''}${g.closedAt ? ' admin-panel--muted' : ''}`}
          >
            <p>
              <strong>{g.ticketNumber}</strong> · {g.status} · {g.category}
              {g.orderNumber ? ` · order ${g.orderNumber}` : ''}
              {g.overdue ? <strong className="grievance-row__overdue"> · OVERDUE</strong> : null}
            </p>
            <p>
              Filed {istDateTime(g.filedAt)} ·{' '}
              {g.closedAt ? `closed ${istDateTime(g.closedAt)}` : `due ${istDateTime(g.dueAt)}`}
            </p>
            <p>
              {g.contactName} · {g.contactMobile || '—'}
              {g.contactEmail ? ` · ${g.contactEmail}` : ''} · {g.language === 'hi' ? 'Hindi' : 'English'}
            </p>
            <blockquote className="admin-message-text">{g.description}</blockquote>
            {g.replies.map((r) => (
              <p key={r.createdAt} className="admin-reply">
                {istDateTime(r.createdAt)} · {r.status}: {r.body}
              </p>
            ))}
            {NEXT_GRIEVANCE_STATUSES[g.status].length > 0 ? (
              <Form method="post" className="grievance-reply-form" key={`${g.ticketNumber}-${g.status}`}>
                <input type="hidden" name="ticket" value={g.ticketNumber} />
                <label>
                  Move to{' '}
                  <select name="status" defaultValue={NEXT_GRIEVANCE_STATUSES[g.status][0]}>
                    {NEXT_GRIEVANCE_STATUSES[g.status].map((s) => (
                      <option key={s}>{s}</option>
                    ))}
                  </select>
                </label>
                <label>
                  Reply to the shopper ({g.language === 'hi' ? 'write in Hindi' : 'in English'})
                  <textarea name="reply" rows={3} required maxLength={4000} />
                </label>
                <button type="submit" className="button" disabled={busy}>
                  Send reply
                </button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
      <h2>Grievance officer</h2>
      <Form method="post" className="grievance-officer-form">
        <input type="hidden" name="intent" value="officer" />
        {(['name', 'designation', 'phone', 'email', 'address'] as const).map((f) => (
          <label key={f}>
            {f[0]!.toUpperCase() + f.slice(1)}
            <input name={f} defaultValue={officer?.[f] ?? ''} required />
          </label>
        ))}
        <button type="submit" className="button" disabled={busy}>
          Save
        </button>
      </Form>
    </>
  );
}
