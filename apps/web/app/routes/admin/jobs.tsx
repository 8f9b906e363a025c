import { AdminJobsQuery } from '@spice/shared/contracts/admin-jobs';
import { data, Form, Link } from 'react-router';
import { type ActionResult, refusal, requireAdminPage } from '../../features/admin/guard.server';
import { readListQuery } from '../../features/admin/list-query';
import { adminMeta, istDateTime } from '../../features/admin/meta';
import type { Route } from './+types/jobs';

export function meta() {
  return adminMeta('Background jobs');
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await requireAdminPage(context, 'jobs.manage');
  const { query, problem } = readListQuery(AdminJobsQuery, request, 'Invalid filter.');
  return { query, problem, page: await services.jobsAdmin.list(query) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, user } = await requireAdminPage(context, 'jobs.manage');
  const id = Number((await request.formData()).get('id'));
  if (!Number.isInteger(id) || id <= 0)
    return data<ActionResult>({ ok: false, message: 'Unknown job.' }, { status: 400 });
  try {
    const job = await services.jobsAdmin.retry(user, id);
    return { ok: true, message: `Job ${job.id} (${job.name}) queued again.` } as ActionResult;
  } catch (error) {
    return refusal(error);
  }
}

const TABS = [
  { status: 'dead', label: 'Failed' },
  { status: 'queued', label: 'Queued' },
  { status: 'running', label: 'Running' },
  { status: 'done', label: 'Done' },
  { status: undefined, label: 'All' },
] as const;

type Status = (typeof TABS)[number]['status'];

/** The list's address for a tab, a page and whether routine runs show. */
function jobsLink(status: Status, routine: 'hide' | 'show', page = 0) {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (routine === 'show') params.set('routine', 'show');
  if (page > 0) params.set('page', String(page));
  const query = params.toString();
  return query ? `/admin/jobs?${query}` : '/admin/jobs';
}

/** What a job is about, in a few words (an order number, a refund id). */
function subject(payload: Record<string, unknown>): string {
  return Object.values(payload)
    .filter((v) => typeof v === 'string' || typeof v === 'number')
    .join(' · ');
}

export default function AdminJobs({ loaderData, actionData }: Route.ComponentProps) {
  const { query, page, problem } = loaderData;
  const result = actionData as ActionResult | undefined;
  const link = (p: number) => jobsLink(query.status, query.routine, p);
  const hidden = query.routine === 'show' ? 0 : page.counts.routine;
  const countOf = (status: Status) =>
    status === 'done'
      ? page.counts.done - hidden
      : status
        ? page.counts[status]
        : page.counts.queued + page.counts.running + page.counts.done + page.counts.dead - hidden;
  return (
    <>
      <h1>Background jobs</h1>
      <p>
        Order messages, refunds and the shop’s upkeep run as jobs. A job that fails is tried again later,
        waiting longer each time; after its last attempt it is listed under Failed with its last error, until
        you retry it.
      </p>
      <nav className="admin-tabs" aria-label="Which jobs">
        {TABS.map((t) => (
          <Link
            key={t.label}
            to={jobsLink(t.status, query.routine)}
            aria-current={query.status === t.status ? 'page' : undefined}
          >
            {t.label} ({countOf(t.status)})
          </Link>
        ))}
      </nav>
      <p className="admin-hint">
        {query.routine === 'show' ? (
          <>
            Showing routine runs too (scheduled upkeep that succeeded at once).{' '}
            <Link to={jobsLink(query.status, 'hide')}>Hide routine runs</Link>
          </>
        ) : (
          <>
            {page.counts.routine === 1
              ? '1 routine run is hidden'
              : `${page.counts.routine} routine runs are hidden`}{' '}
            (scheduled upkeep that succeeded at once; failures and retries always show).{' '}
            <Link to={jobsLink(query.status, 'show')}>Show routine runs</Link>
          </>
        )}
      </p>
      {problem ? (
        <p className="admin-message admin-message--error" role="alert">
          {problem}
        </p>
      ) : null}
      {result ? (
        <p className={`admin-message ${result.ok ? '' : 'admin-message--error'}`} role="status">
          {result.message}
        </p>
      ) : null}
      {page.content.length === 0 ? (
        <p>{query.status === 'dead' ? 'No failed jobs.' : 'No jobs here.'}</p>
      ) : (
        <table className="admin-table admin-table--cards admin-jobs">
          <thead>
            <tr>
              <th scope="col">Job</th>
              <th scope="col">About</th>
              <th scope="col">Status</th>
              <th scope="col">Attempts</th>
              <th scope="col">Next run / last change</th>
              <th scope="col">Last error</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {page.content.map((j) => (
              <tr key={j.id}>
                <td data-label="Job">
                  {j.name} <small>#{j.id}</small>
                </td>
                <td data-label="About" className="admin-jobs__about">
                  {subject(j.payload) || '—'}
                </td>
                <td data-label="Status">
                  <span className={`admin-status admin-status--${j.status}`}>
                    {j.status === 'dead' ? 'Failed' : j.status}
                  </span>
                </td>
                <td data-label="Attempts">
                  {j.attempts} of {j.maxAttempts}
                </td>
                <td data-label="When">{istDateTime(j.status === 'queued' ? j.runAt : j.updatedAt)}</td>
                <td data-label="Last error" className="admin-table__full">
                  {j.lastError ?? '—'}
                </td>
                <td data-label={j.status === 'dead' ? 'Actions' : undefined}>
                  {j.status === 'dead' ? (
                    <Form method="post">
                      <input type="hidden" name="id" value={j.id} />
                      <button type="submit" className="button">
                        Retry
                      </button>
                    </Form>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <nav className="admin-pager" aria-label="Pages">
        {page.page > 0 ? <Link to={link(page.page - 1)}>← Newer</Link> : null}
        <span>
          Page {page.page + 1} of {Math.max(page.totalPages, 1)}
        </span>
        {page.page + 1 < page.totalPages ? <Link to={link(page.page + 1)}>Older →</Link> : null}
      </nav>
    </>
  );
}
