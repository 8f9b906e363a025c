// The products CSV (issue 41): download every variant as a spreadsheet, then send it back changed.
// "Check file" lists every row's errors and what each row would change, writing nothing; "Import"
// writes only a file without errors (prices in rupees as written, stock through the audited stock
// adjustment).
import { PRODUCT_CSV_MAX_BYTES, type ProductImportReportDto } from '@spice/shared/contracts/bulk';
import { data, Form, Link, useNavigation } from 'react-router';
import { refusal, requireAdminPage } from '../../features/admin/guard.server';
import { adminMeta, countOf } from '../../features/admin/meta';
import type { Route } from './+types/products-csv';

export function meta() {
  return adminMeta('Products CSV');
}

export async function loader({ context }: Route.LoaderArgs) {
  await requireAdminPage(context, 'catalogue.manage');
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, user } = await requireAdminPage(context, 'catalogue.manage');
  const form = await request.formData();
  const file = form.get('file');
  if (!(file instanceof File) || file.size === 0)
    return data({ ok: false as const, message: 'Choose the CSV file to import.' }, { status: 400 });
  if (file.size > PRODUCT_CSV_MAX_BYTES)
    return data({ ok: false as const, message: 'The file is larger than 2 MB.' }, { status: 413 });
  const dryRun = form.get('intent') !== 'apply';
  try {
    return {
      ok: true as const,
      report: await services.productsCsv.importCsv(user, await file.text(), dryRun),
    };
  } catch (error) {
    return refusal(error);
  }
}

function Report({ report }: { report: ProductImportReportDto }) {
  if (report.fileError)
    return (
      <p className="admin-message admin-message--error" role="alert">
        {report.fileError}
      </p>
    );
  const withErrors = report.rows.filter((r) => r.errors.length > 0);
  const summary = report.applied
    ? `Imported: ${countOf(report.changedRows, 'row')} changed${withErrors.length > 0 ? `, ${countOf(withErrors.length, 'row')} not saved` : ''}.`
    : withErrors.length > 0
      ? `${countOf(withErrors.length, 'row')} with errors: nothing was written. Correct them and check again.`
      : report.changedRows === 0
        ? 'Nothing to change: every row matches the shop.'
        : `No errors. ${countOf(report.changedRows, 'row')} would change: press Import to write them.`;
  const shown = report.rows.filter((r) => r.errors.length > 0 || r.changes.length > 0);
  return (
    <section
      className={`admin-message ${withErrors.length > 0 ? 'admin-message--error' : ''}`}
      role="status"
      aria-label="Import report"
    >
      <p>
        <strong>{summary}</strong>
      </p>
      {shown.length > 0 ? (
        <table className="admin-table admin-table--cards">
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">SKU</th>
              <th scope="col">Errors</th>
              <th scope="col">Changes</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((r) => (
              <tr key={r.line}>
                <td data-label="Line">{r.line}</td>
                <td data-label="SKU">{r.sku || '—'}</td>
                <td data-label="Errors">
                  {r.errors.map((e) => (
                    <div key={e}>{e}</div>
                  ))}
                </td>
                <td data-label="Changes">
                  {r.changes.map((c) => (
                    <div key={c}>{c}</div>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}

export default function AdminProductsCsv({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== 'idle';
  return (
    <>
      <p>
        <Link to="/admin/products">← Products</Link>
      </p>
      <h1>Products CSV</h1>
      <p>
        One row per variant, found by its SKU: names in English and Hindi, weight, price and MRP in rupees
        (like 249.00), stock, HSN and GST rate. Change what you need in a spreadsheet and import it here; new
        products are added in the product form.
      </p>
      <p>
        <a className="button" href="/api/admin/products.csv" download>
          Export CSV
        </a>
      </p>
      <Form method="post" encType="multipart/form-data" className="admin-form" aria-label="Import products">
        <label>
          CSV file
          <input type="file" name="file" accept=".csv,text/csv" required />
        </label>
        <button type="submit" name="intent" value="check" className="button" disabled={busy}>
          Check file
        </button>
        <button type="submit" name="intent" value="apply" className="button button--primary" disabled={busy}>
          Import
        </button>
      </Form>
      {actionData && !actionData.ok ? (
        <p className="admin-message admin-message--error" role="alert">
          {actionData.message}
        </p>
      ) : null}
      {actionData && 'report' in actionData ? <Report report={actionData.report} /> : null}
    </>
  );
}
