import { PageQuery } from '@spice/shared/contracts/admin';
import { ROLE_LABELS, type StaffRole } from '@spice/shared/staff';
import { formatMobile } from '@spice/shared/validators';
import { Link } from 'react-router';
import { auditChanges } from '../../features/admin/audit-changes';
import { requireAdminPage } from '../../features/admin/guard.server';
import { adminMeta, istDateTime } from '../../features/admin/meta';
import type { Route } from './+types/audit';

export function meta() {
  return adminMeta('Audit log');
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await requireAdminPage(context, 'audit.view');
  const parsed = PageQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const { page, size } = parsed.success ? parsed.data : PageQuery.parse({});
  return services.audit.list(page, size);
}

export default function AdminAudit({ loaderData: log }: Route.ComponentProps) {
  return (
    <>
      <h1>Audit log</h1>
      <p>Every change made in the back office: who, what, when, before and after.</p>
      {log.content.length === 0 ? (
        <p>No changes yet.</p>
      ) : (
        <table className="admin-table admin-audit">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
              <th scope="col">Changes</th>
            </tr>
          </thead>
          <tbody>
            {log.content.map((e) => (
              <tr key={e.id}>
                <td>{istDateTime(e.createdAt)}</td>
                <td>
                  {e.actorName
                    ? `${e.actorName}${e.actorRole ? `, ${ROLE_LABELS[e.actorRole as StaffRole] ?? e.actorRole}` : ''}${e.actorMobile ? ` (${formatMobile(e.actorMobile)})` : ''}`
                    : 'Deleted account'}
                </td>
                <td>
                  {e.action} {e.entity} {e.entityId}
                </td>
                <td>
                  <Changes before={e.before} after={e.after} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <nav className="admin-pager" aria-label="Pages">
        {log.page > 0 ? <Link to={`/admin/audit?page=${log.page - 1}`}>← Newer</Link> : null}
        <span>
          Page {log.page + 1} of {Math.max(log.totalPages, 1)}
        </span>
        {log.page + 1 < log.totalPages ? <Link to={`/admin/audit?page=${log.page + 1}`}>Older →</Link> : null}
      </nav>
    </>
  );
}

function Changes({ before, after }: { before: unknown; after: unknown }) {
  const changes = auditChanges(before, after);
  if (changes.length === 0) return <span>No field changed</span>;
  return (
    <ul className="audit-changes">
      {changes.map((c) => (
        <li key={c.field}>
          <code>{c.field}</code>: <span className="audit-changes__before">{c.before}</span> →{' '}
          <span className="audit-changes__after">{c.after}</span>
        </li>
      ))}
    </ul>
  );
}
