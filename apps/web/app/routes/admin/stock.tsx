import { StockAdjustment } from '@spice/shared/contracts/admin';
import { StockSettings } from '@spice/shared/contracts/batches';
import { can, STAFF_MESSAGES } from '@spice/shared/staff';
import { type FormEvent, useState } from 'react';
import { data, Form, Link, useNavigation } from 'react-router';
import { topFieldErrors } from '../../features/admin/forms';
import { type ActionResult, refusal, requireAdminPage } from '../../features/admin/guard.server';
import { adminMeta } from '../../features/admin/meta';
import type { Route } from './+types/stock';

type Result = ActionResult & { variantId?: number };

export function meta() {
  return adminMeta('Stock');
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = await requireAdminPage(context, 'stock.adjust');
  const [variants, settings] = await Promise.all([services.stock.list(), services.batches.settings()]);
  return { variants, settings };
}

const fieldErrors = (issues: readonly { path: readonly PropertyKey[]; message: string }[]) =>
  topFieldErrors(issues, 'change');

export async function action({ request, context }: Route.ActionArgs) {
  const { services, user } = await requireAdminPage(context, 'stock.adjust');
  const form = Object.fromEntries(await request.formData());
  if (form.intent === 'settings') {
    // Issue 39: the minimum remaining shelf life, the alert window, best-before on product pages.
    if (!can(user.role, 'settings.manage'))
      return data<Result>({ ok: false, message: STAFF_MESSAGES.forbidden }, { status: 403 });
    const parsed = StockSettings.safeParse({ ...form, showBestBefore: form.showBestBefore === 'on' });
    if (!parsed.success)
      return data<Result>({ ok: false, message: parsed.error.issues[0]!.message }, { status: 400 });
    await services.batches.updateSettings(user, parsed.data);
    return { ok: true, message: 'Batch settings saved.' } as Result;
  }
  const variantId = Number(form.variantId);
  const parsed = StockAdjustment.safeParse(form);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error.issues);
    return data<Result>(
      { ok: false, variantId, message: Object.values(errors)[0] ?? '', errors },
      { status: 400 },
    );
  }
  try {
    const { stock } = await services.stock.adjust(user, variantId, parsed.data);
    return { ok: true, variantId, message: `Stock is now ${stock}.` } as Result;
  } catch (error) {
    const r = refusal(error);
    return data<Result>({ ...r.data, variantId }, r.init ?? undefined);
  }
}

export default function AdminStock({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const result = actionData as Result | undefined;
  const [clientErrors, setClientErrors] = useState<{
    variantId: number;
    errors: Record<string, string>;
  } | null>(null);

  const validate = (variantId: number) => (event: FormEvent<HTMLFormElement>) => {
    const parsed = StockAdjustment.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
    if (parsed.success) return setClientErrors(null);
    event.preventDefault();
    setClientErrors({ variantId, errors: fieldErrors(parsed.error.issues) });
  };

  return (
    <>
      <h1>Stock</h1>
      <p>
        Lowest stock first. Stock is what can be sold: units of batches not recalled and not near their
        best-before, less those held for orders not packed yet. Enter a change in units (12 received, −3
        damaged) and why, or open a variant’s batches to receive a batch with its dates.
      </p>
      <details className="admin-panel">
        <summary>Batch settings</summary>
        <Form method="post" className="admin-form admin-form--grid">
          <input type="hidden" name="intent" value="settings" />
          <label>
            Minimum remaining shelf life to sell (days)
            <input
              name="minShelfLifeDays"
              inputMode="numeric"
              size={5}
              defaultValue={loaderData.settings.minShelfLifeDays}
            />
          </label>
          <label>
            Alert this many days before that
            <input
              name="expiryAlertDays"
              inputMode="numeric"
              size={5}
              defaultValue={loaderData.settings.expiryAlertDays}
            />
          </label>
          <label>
            <input
              type="checkbox"
              name="showBestBefore"
              defaultChecked={loaderData.settings.showBestBefore}
            />{' '}
            Show ‘Best before: month year or later’ on product pages
          </label>
          <div>
            <button type="submit" className="button button--small">
              Save batch settings
            </button>
          </div>
          {result && result.variantId === undefined && result.message ? (
            <p className={result.ok ? 'admin-ok' : 'field-error'} role="status">
              {result.message}
            </p>
          ) : null}
        </Form>
      </details>
      <table className="admin-table admin-table--cards admin-stock">
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">Weight</th>
            <th scope="col">SKU</th>
            <th scope="col">Stock</th>
            <th scope="col">On hand</th>
            <th scope="col">Adjust</th>
          </tr>
        </thead>
        <tbody>
          {loaderData.variants.map((v) => {
            const errors = {
              ...(result?.variantId === v.variantId ? (result.errors ?? {}) : {}),
              ...(clientErrors?.variantId === v.variantId ? clientErrors.errors : {}),
            };
            const id = `v${v.variantId}`;
            return (
              <tr key={v.variantId}>
                <td data-label="Product" className="admin-table__full">
                  {v.productName}
                  {v.productActive ? null : <small> (inactive)</small>}
                </td>
                <td data-label="Weight">{v.weight}</td>
                <td data-label="SKU">{v.sku}</td>
                <td data-label="Stock" className={v.stock < v.reorderLevel ? 'admin-out' : undefined}>
                  {v.stock}
                </td>
                <td data-label="On hand">
                  {v.combo ? '—' : <Link to={`/admin/stock/${v.variantId}`}>{v.onHand} · batches</Link>}
                </td>
                <td data-label="Adjust" className="admin-table__full">
                  {v.combo ? (
                    <span className="admin-muted">
                      Combo: its stock is what its parts make. Adjust the parts.
                    </span>
                  ) : (
                    <Form
                      method="post"
                      className="admin-form admin-form--inline"
                      noValidate
                      onSubmit={validate(v.variantId)}
                    >
                      <input type="hidden" name="variantId" value={v.variantId} />
                      <label>
                        <span className="visually-hidden">Change for {v.sku}</span>
                        <input
                          name="change"
                          inputMode="numeric"
                          size={6}
                          placeholder="+12"
                          aria-invalid={errors.change ? true : undefined}
                          aria-describedby={`${id}-error`}
                        />
                      </label>
                      <label>
                        <span className="visually-hidden">Reason for {v.sku}</span>
                        <input
                          name="reason"
                          maxLength={200}
                          placeholder="Reason"
                          aria-invalid={errors.reason ? true : undefined}
                          aria-describedby={`${id}-error`}
                        />
                      </label>
                      <button
                        type="submit"
                        className="button button--small"
                        disabled={navigation.state === 'submitting'}
                      >
                        Apply
                      </button>
                      <span
                        id={`${id}-error`}
                        className={result?.ok ? 'admin-ok' : 'field-error'}
                        role="status"
                      >
                        {errors.change ??
                          errors.reason ??
                          (result?.variantId === v.variantId ? result.message : '')}
                      </span>
                    </Form>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}
