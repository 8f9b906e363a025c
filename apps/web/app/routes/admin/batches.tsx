import { BatchAdjustment, BatchReceive } from '@spice/shared/contracts/batches';
import { data, Form, Link, useNavigation } from 'react-router';
import { topFieldErrors } from '../../features/admin/forms';
import { type ActionResult, refusal, requireAdminPage } from '../../features/admin/guard.server';
import { adminMeta } from '../../features/admin/meta';
import type { Route } from './+types/batches';

export function meta() {
  return adminMeta('Batches');
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services } = await requireAdminPage(context, 'stock.adjust');
  const variantId = Number(params.variantId);
  const variant = (await services.stock.list()).find((v) => v.variantId === variantId);
  if (!variant) throw new Response('Not found', { status: 404 });
  return { variant, batches: await services.batches.list(variantId) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { services, user } = await requireAdminPage(context, 'stock.adjust');
  const form = Object.fromEntries(await request.formData());
  if (form.intent === 'adjust') {
    // A correction to one batch (damage, a count) with a reason, audited.
    const batchNumber = String(form.batchNumber ?? '');
    const change = BatchAdjustment.safeParse(form);
    if (!change.success)
      return data<ActionResult & { batchNumber: string }>(
        { ok: false, batchNumber, message: change.error.issues[0]!.message },
        { status: 400 },
      );
    try {
      const b = await services.batches.adjustBatch(user, Number(params.variantId), batchNumber, change.data);
      return { ok: true, batchNumber, message: `Batch ${b.batchNumber} now has ${b.onHand} on hand.` };
    } catch (error) {
      const r = refusal(error);
      return data({ ...r.data, batchNumber }, r.init ?? undefined);
    }
  }
  const parsed = BatchReceive.safeParse(form);
  if (!parsed.success) {
    const errors = topFieldErrors(parsed.error.issues, 'batchNumber');
    return data<ActionResult>(
      { ok: false, message: Object.values(errors)[0] ?? '', errors },
      { status: 400 },
    );
  }
  try {
    const b = await services.batches.receive(user, Number(params.variantId), parsed.data);
    return { ok: true, message: `Received ${b.received} units as batch ${b.batchNumber}.` } as ActionResult;
  } catch (error) {
    const r = refusal(error);
    return data<ActionResult>(r.data, r.init ?? undefined);
  }
}

export default function AdminBatches({ loaderData, actionData }: Route.ComponentProps) {
  const { variant, batches } = loaderData;
  const navigation = useNavigation();
  const result = actionData as (ActionResult & { batchNumber?: string }) | undefined;
  const errors = result?.batchNumber === undefined ? (result?.errors ?? {}) : {};
  return (
    <>
      <p>
        <Link to="/admin/stock">← Stock</Link>
      </p>
      <h1>
        Batches of {variant.productName} {variant.weight}
      </h1>
      <p>
        Sellable stock <strong data-testid="sellable-stock">{variant.stock}</strong> · on hand{' '}
        <strong>{variant.onHand}</strong> · reorder level {variant.reorderLevel}
      </p>
      <section className="admin-panel" aria-labelledby="receive">
        <h2 id="receive">Receive stock</h2>
        <Form method="post" className="admin-form admin-form--grid" noValidate>
          <label>
            Batch number
            <input
              name="batchNumber"
              maxLength={40}
              required
              aria-invalid={errors.batchNumber ? true : undefined}
            />
            {errors.batchNumber ? <span className="field-error">{errors.batchNumber}</span> : null}
          </label>
          <label>
            Manufactured on
            <input name="manufacturedOn" type="date" required />
            {errors.manufacturedOn ? <span className="field-error">{errors.manufacturedOn}</span> : null}
          </label>
          <label>
            Best before
            <input
              name="bestBefore"
              type="date"
              required
              aria-invalid={errors.bestBefore ? true : undefined}
            />
            {errors.bestBefore ? <span className="field-error">{errors.bestBefore}</span> : null}
          </label>
          <label>
            Units
            <input name="quantity" inputMode="numeric" size={6} required />
            {errors.quantity ? <span className="field-error">{errors.quantity}</span> : null}
          </label>
          <div>
            <button type="submit" className="button" disabled={navigation.state === 'submitting'}>
              Receive stock
            </button>
          </div>
          <p className={result?.ok ? 'admin-ok' : 'field-error'} role="status">
            {result && !result.errors && result.batchNumber === undefined ? result.message : ''}
          </p>
        </Form>
      </section>
      <table className="admin-table admin-table--cards">
        <thead>
          <tr>
            <th scope="col">Batch</th>
            <th scope="col">Made</th>
            <th scope="col">Best before</th>
            <th scope="col">Days left</th>
            <th scope="col">Received</th>
            <th scope="col">Reserved</th>
            <th scope="col">Sold</th>
            <th scope="col">Returned</th>
            <th scope="col">On hand</th>
            <th scope="col">Status</th>
            <th scope="col">Correct</th>
          </tr>
        </thead>
        <tbody>
          {batches.map((b) => (
            <tr key={b.batchNumber}>
              <td data-label="Batch" className="admin-table__full">
                <strong>{b.batchNumber}</strong>
              </td>
              <td data-label="Made">{b.manufacturedOn}</td>
              <td data-label="Best before">{b.bestBefore}</td>
              <td data-label="Days left">{b.daysToBestBefore}</td>
              <td data-label="Received">{b.received}</td>
              <td data-label="Reserved">{b.reserved}</td>
              <td data-label="Sold">{b.sold}</td>
              <td data-label="Returned">{b.returned}</td>
              <td data-label="On hand">{b.onHand}</td>
              <td data-label="Status">
                {b.recallNumber ? (
                  <Link to={`/admin/recalls/${b.recallNumber}`}>Recalled ({b.recallNumber})</Link>
                ) : b.sellable ? (
                  'Sellable'
                ) : (
                  <span className="admin-out">Near expiry: not sold</span>
                )}
              </td>
              <td data-label="Correct" className="admin-table__full">
                <Form method="post" className="admin-form admin-form--inline">
                  <input type="hidden" name="intent" value="adjust" />
                  <input type="hidden" name="batchNumber" value={b.batchNumber} />
                  <label>
                    <span className="visually-hidden">Change for batch {b.batchNumber}</span>
                    <input name="change" inputMode="numeric" size={4} placeholder="−2" />
                  </label>
                  <label>
                    <span className="visually-hidden">Reason for batch {b.batchNumber}</span>
                    <input name="reason" maxLength={200} size={12} placeholder="Reason" />
                  </label>
                  <button type="submit" className="button button--small">
                    Apply
                  </button>
                </Form>
                <div className={result?.ok ? 'admin-ok' : 'field-error'} role="status">
                  {result?.batchNumber === b.batchNumber ? result.message : ''}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
