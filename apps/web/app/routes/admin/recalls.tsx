import { RecallStart } from '@spice/shared/contracts/batches';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { topFieldErrors } from '../../features/admin/forms';
import { type ActionResult, refusal, requireAdminPage } from '../../features/admin/guard.server';
import { adminMeta } from '../../features/admin/meta';
import type { Route } from './+types/recalls';

export function meta() {
  return adminMeta('Recalls');
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = await requireAdminPage(context, 'catalogue.manage');
  const [recalls, variants] = await Promise.all([services.recalls.list(), services.stock.list()]);
  return { recalls, variants: variants.filter((v) => !v.combo) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, user } = await requireAdminPage(context, 'catalogue.manage');
  const form = Object.fromEntries(await request.formData());
  const parsed = RecallStart.safeParse({
    variantId: Number(form.variantId),
    batchNumbers: String(form.batchNumbers ?? '')
      .split(/[\s,]+/)
      .filter(Boolean),
    reason: form.reason,
    action: form.action,
  });
  if (!parsed.success) {
    const errors = topFieldErrors(parsed.error.issues, 'reason');
    return data<ActionResult>(
      { ok: false, message: Object.values(errors)[0] ?? '', errors },
      { status: 400 },
    );
  }
  try {
    const recall = await services.recalls.start(user, parsed.data);
    return redirect(`/admin/recalls/${recall.recallNumber}`);
  } catch (error) {
    const r = refusal(error);
    return data<ActionResult>(r.data, r.init ?? undefined);
  }
}

export default function AdminRecalls({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const result = actionData as ActionResult | undefined;
  const errors = result?.errors ?? {};
  return (
    <>
      <h1>Recalls</h1>
      <section className="admin-panel" aria-labelledby="start">
        <h2 id="start">Start a recall</h2>
        <p>
          The batches stop selling at once; every shopper who got them is told once, in their order’s
          language, with a link to ask for the refund or replacement you offer.
        </p>
        <Form method="post" className="admin-form admin-form--grid" noValidate>
          <label>
            Variant
            <select name="variantId" required>
              {loaderData.variants.map((v) => (
                <option key={v.variantId} value={v.variantId}>
                  {v.productName} {v.weight} ({v.sku})
                </option>
              ))}
            </select>
          </label>
          <label>
            Batch numbers (comma separated)
            <input name="batchNumbers" required aria-invalid={errors.batchNumbers ? true : undefined} />
            {errors.batchNumbers ? <span className="field-error">{errors.batchNumbers}</span> : null}
          </label>
          <label>
            Reason
            <textarea
              name="reason"
              maxLength={500}
              rows={2}
              required
              aria-invalid={errors.reason ? true : undefined}
            />
            {errors.reason ? <span className="field-error">{errors.reason}</span> : null}
          </label>
          <label>
            Offer shoppers
            <select name="action" defaultValue="BOTH">
              <option value="BOTH">Refund or replacement</option>
              <option value="REFUND">Refund</option>
              <option value="REPLACEMENT">Replacement</option>
            </select>
          </label>
          <div>
            <button type="submit" className="button" disabled={navigation.state === 'submitting'}>
              Start the recall
            </button>
          </div>
          <p className="field-error" role="status">
            {result && !result.ok && !result.errors ? result.message : ''}
          </p>
        </Form>
      </section>
      <table className="admin-table admin-table--cards">
        <thead>
          <tr>
            <th scope="col">Recall</th>
            <th scope="col">Product</th>
            <th scope="col">Batches</th>
            <th scope="col">Reason</th>
            <th scope="col">Affected orders</th>
            <th scope="col">Started</th>
          </tr>
        </thead>
        <tbody>
          {loaderData.recalls.length === 0 ? (
            <tr>
              <td colSpan={6}>No recalls.</td>
            </tr>
          ) : (
            loaderData.recalls.map((r) => (
              <tr key={r.recallNumber}>
                <td data-label="Recall" className="admin-table__full">
                  <Link to={`/admin/recalls/${r.recallNumber}`}>{r.recallNumber}</Link>
                </td>
                <td data-label="Product">
                  {r.productName} {r.weight}
                </td>
                <td data-label="Batches">{r.batchNumbers.join(', ')}</td>
                <td data-label="Reason">{r.reason}</td>
                <td data-label="Affected orders">{r.affectedOrders}</td>
                <td data-label="Started">{new Date(r.createdAt).toLocaleDateString('en-IN')}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </>
  );
}
