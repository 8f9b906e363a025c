import { InvoiceSettingsEdit } from '@spice/shared/contracts/invoices';
import { GST_STATES } from '@spice/shared/gst';
import { data, Form, Link, useNavigation } from 'react-router';
import {
  Field,
  FieldError,
  fieldErrors,
  invalidResult,
  ResultMessage,
  useClientCheck,
} from '../../features/admin/forms';
import { type ActionResult, refusal, requireAdminPage } from '../../features/admin/guard.server';
import { adminMeta } from '../../features/admin/meta';
import type { Route } from './+types/invoice-settings';

export function meta() {
  return adminMeta('GST settings');
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = await requireAdminPage(context, 'settings.legal');
  return services.invoices.settings();
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, user } = await requireAdminPage(context, 'settings.legal');
  const parsed = InvoiceSettingsEdit.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) {
    return data<ActionResult>(invalidResult(fieldErrors(parsed.error.issues)), { status: 400 });
  }
  try {
    await services.invoices.updateSettings(user, parsed.data);
    return {
      ok: true,
      message: 'GST settings saved; invoices issued from now on carry them.',
    } as ActionResult;
  } catch (error) {
    return refusal(error);
  }
}

export default function AdminInvoiceSettings({ loaderData: s, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const result = actionData as ActionResult | undefined;
  const check = useClientCheck(InvoiceSettingsEdit);
  const errors = { ...(result?.errors ?? {}), ...check.errors };
  const text = (name: keyof typeof s, label: string, hint?: string) => (
    <Field
      id={name}
      name={name}
      label={label}
      hint={hint}
      error={errors[name]}
      input={{ defaultValue: String(s[name]) }}
    />
  );
  return (
    <>
      <p>
        <Link to="/admin/invoices">← Invoices</Link>
      </p>
      <h1>GST settings</h1>
      <p>What every tax invoice and credit note prints. No invoice is issued until a GSTIN is saved.</p>
      <ResultMessage result={result} />
      <Form method="post" className="admin-panel" noValidate onSubmit={check.onSubmit} key={s.version}>
        <input type="hidden" name="version" value={s.version} />
        <div className="admin-form">
          {text('legalName', 'Legal name')}
          {text('tradeName', 'Trade name')}
          {text(
            'gstin',
            'GSTIN',
            '15 characters; the first two are the state code, the last is a check digit.',
          )}
          {text('fssai', 'FSSAI licence number', '14 digits.')}
          <Field
            id="address"
            name="address"
            label="Registered address"
            wide
            error={errors.address}
            textarea={{ defaultValue: s.address, rows: 3 }}
          />
          <div className="admin-field">
            <label htmlFor="stateCode">State of registration</label>
            <div className="admin-field__control">
              <select
                id="stateCode"
                name="stateCode"
                defaultValue={s.stateCode}
                aria-invalid={errors.stateCode ? true : undefined}
                aria-describedby="stateCode-error"
              >
                <option value="">Choose…</option>
                {Object.entries(GST_STATES).map(([code, name]) => (
                  <option key={code} value={code}>
                    {code} – {name}
                  </option>
                ))}
              </select>
            </div>
            <FieldError id="stateCode-error" message={errors.stateCode} />
          </div>
          {text(
            'seriesPrefix',
            'Invoice series prefix',
            "1 or 2 letters or digits: 'KC' gives invoices KC/26-27/000123 and credit notes KCC/26-27/000004.",
          )}
          {text(
            'b2clThreshold',
            'B2C (Large) limit, ₹',
            'GSTR-1 files invoices to unregistered buyers in another state above this in B2CL: ₹1,00,000 since August 2024.',
          )}
        </div>
        <button type="submit" className="button button--primary" disabled={navigation.state === 'submitting'}>
          Save GST settings
        </button>
      </Form>
    </>
  );
}
