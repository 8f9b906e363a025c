// Bulk work on the orders list (issue 41): what each order came to after one action on many,
// the ones refused first with their reason, so the operator sees at once what is left to do.
import type { BulkOrderResultDto } from '@spice/shared/contracts/bulk';
import { statusLabel } from '@spice/shared/order-status';
import { Link } from 'react-router';
import { countOf } from './meta';

/** The list's filter fields: the page links, the bulk form's hidden fields and its action read them. */
export const FILTER_KEYS = ['status', 'paymentMode', 'codConfirmation', 'from', 'to', 'state', 'q'] as const;

const DONE: Record<BulkOrderResultDto['action'], string> = {
  CONFIRM: 'confirmed',
  PACK: 'packed',
  SHIP: 'shipped',
  DELIVER: 'marked delivered',
};

export function BulkResults({ result }: { result: BulkOrderResultDto }) {
  const refused = result.results.filter((r) => r.outcome === 'refused');
  const done = result.results.filter((r) => r.outcome === 'done');
  return (
    <section
      className={`admin-message ${refused.length > 0 ? 'admin-message--error' : ''} admin-bulk-results`}
      role="status"
      aria-label="Bulk action results"
    >
      <p>
        <strong>
          {countOf(result.done, 'order')} {DONE[result.action]}
          {result.refused > 0 ? `, ${countOf(result.refused, 'order')} refused` : ''}.
        </strong>
      </p>
      <table className="admin-table admin-table--cards">
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Result</th>
            <th scope="col">Status now</th>
            <th scope="col">Reason</th>
          </tr>
        </thead>
        <tbody>
          {[...refused, ...done].map((r) => (
            <tr key={r.orderNumber}>
              <td data-label="Order">
                {r.status ? (
                  <Link to={`/admin/orders/${r.orderNumber}`}>{r.orderNumber}</Link>
                ) : (
                  r.orderNumber
                )}
              </td>
              <td data-label="Result">{r.outcome === 'done' ? 'Done' : 'Refused'}</td>
              <td data-label="Status now">{r.status ? statusLabel(r.status) : '—'}</td>
              <td data-label="Reason">{r.message ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
