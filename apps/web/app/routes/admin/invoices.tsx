import { InvoiceRegisterQuery } from '@spice/shared/contracts/invoices';
import { formatPrice } from '@spice/shared/money';
import { Form, Link } from 'react-router';
import { requireAdminPage } from '../../features/admin/guard.server';
import { readListQuery } from '../../features/admin/list-query';
import { adminMeta, istDateTime } from '../../features/admin/meta';
import type { Route } from './+types/invoices';

/** GSTR-1's tables (decision 0030), in the return's order. */
const EXPORTS = [
  ['b2b', 'B2B: invoices to buyers with a GSTIN (table 4)'],
  ['b2cl', 'B2C (Large): invoices to another state above the limit (table 5)'],
  ['b2cs', 'B2C (Others): by place of supply and rate, net of their credit notes (table 7)'],
  ['cdnr', 'CDNR: credit notes to buyers with a GSTIN (table 9B)'],
  ['cdnur', 'CDNUR: credit notes against B2C (Large) invoices (table 9B)'],
  ['hsn-b2b', 'HSN summary, B2B (table 12)'],
  ['hsn-b2c', 'HSN summary, B2C (table 12)'],
  ['docs', 'Documents issued: invoice and credit note series (table 13)'],
] as const;

const HEADS = [
  ['taxable', 'Taxable value'],
  ['cgst', 'CGST'],
  ['sgst', 'SGST'],
  ['igst', 'IGST'],
  ['total', 'Total'],
] as const;

export function meta() {
  return adminMeta('Invoices');
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await requireAdminPage(context, 'money.view');
  const { query, problem } = readListQuery(InvoiceRegisterQuery, request, 'Choose a month as YYYY-MM.');
  return { register: await services.invoiceRegister.register(query.month), problem };
}

export default function AdminInvoices({ loaderData }: Route.ComponentProps) {
  const { register: r, problem } = loaderData;
  return (
    <>
      <h1>Invoices</h1>
      <p>
        GST tax invoices and credit notes issued in a month (India time).{' '}
        <Link to="/admin/invoice-settings">GST settings</Link>
      </p>
      {problem ? (
        <p className="admin-message admin-message--error" role="alert">
          {problem}
        </p>
      ) : null}
      <Form method="get" className="admin-filters">
        <label htmlFor="month">Month</label>
        <input id="month" name="month" type="month" defaultValue={r.month} />
        <button type="submit" className="button">
          Show
        </button>
      </Form>

      <section className="admin-panel" aria-labelledby="totals">
        <h2 id="totals">Totals for {r.month}</h2>
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Tax head</th>
              <th scope="col">Invoices</th>
              <th scope="col">Credit notes</th>
            </tr>
          </thead>
          <tbody>
            {HEADS.map(([key, label]) => (
              <tr key={key}>
                <th scope="row">{label}</th>
                <td>{formatPrice(r.invoiceTotals[key])}</td>
                <td>{formatPrice(r.creditNoteTotals[key])}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <h3>GSTR-1 for {r.month}</h3>
        <p>
          <a
            className="button"
            href={`/api/admin/gstr1?period=${r.month.slice(5)}${r.month.slice(0, 4)}`}
            download
          >
            Download GSTR-1 JSON for the offline tool
          </a>
        </p>
        <p>The same figures as CSV files, one per table:</p>
        <ul>
          {EXPORTS.map(([kind, label]) => (
            <li key={kind}>
              <a href={`/api/admin/invoices/export/${kind}?month=${r.month}`} download>
                {label}
              </a>
            </li>
          ))}
        </ul>
        <h3>How tax is rounded</h3>
        <p>
          Prices include GST. Each invoice row (goods line or fee) is split on its own: tax = amount × rate ÷
          (100 + rate), rounded half up to the paisa, and the taxable value is the rest, so every row adds up
          exactly. Within the store's state the tax is two equal halves, CGST = SGST, each rounded; an odd
          paisa stays in the taxable value. Totals are sums of rows, so they can differ by a paisa from tax
          computed once on a total (decision 0010). A credit note carries the tax of the rows it credits.
        </p>
      </section>

      <section className="admin-panel" aria-labelledby="documents">
        <h2 id="documents">Documents</h2>
        {r.documents.length === 0 ? (
          <p>No invoices or credit notes in this month.</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table admin-table--cards">
              <thead>
                <tr>
                  <th scope="col">Number</th>
                  <th scope="col">Issued</th>
                  <th scope="col">Order</th>
                  <th scope="col">Buyer</th>
                  <th scope="col">Place of supply</th>
                  <th scope="col">Taxable value</th>
                  <th scope="col">Tax</th>
                  <th scope="col">Total</th>
                </tr>
              </thead>
              <tbody>
                {r.documents.map((d) => (
                  <tr key={d.number}>
                    <td data-label="Number">
                      {d.number}
                      {d.refersTo ? <small> (credit note for {d.refersTo})</small> : null}
                    </td>
                    <td data-label="Issued">{istDateTime(d.issuedAt)}</td>
                    <td data-label="Order">
                      <Link to={`/admin/orders/${d.orderNumber}`}>{d.orderNumber}</Link>
                    </td>
                    <td data-label="Buyer">
                      {d.buyer}
                      {d.buyerGstin ? <small> GSTIN {d.buyerGstin}</small> : null}
                    </td>
                    <td data-label="Place of supply">{d.placeOfSupply}</td>
                    <td data-label="Taxable value">{formatPrice(d.taxable)}</td>
                    <td data-label="Tax">{formatPrice(d.cgst + d.sgst + d.igst)}</td>
                    <td data-label="Total">{formatPrice(d.total)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
