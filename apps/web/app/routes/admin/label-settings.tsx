// Label settings (issue 32): the page size labels print on (A5 or a 4×6 inch thermal label) and
// the sender's and return addresses every label carries. Audited.
import { LABEL_FORMAT_NAMES, LABEL_FORMATS, LabelSettingsEdit } from '@spice/shared/contracts/shipping';
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
import type { Route } from './+types/label-settings';

export function meta() {
  return adminMeta('Label settings');
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = await requireAdminPage(context, 'settings.manage');
  return services.shipping.labelSettings();
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, user } = await requireAdminPage(context, 'settings.manage');
  const parsed = LabelSettingsEdit.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) {
    return data<ActionResult>(invalidResult(fieldErrors(parsed.error.issues)), { status: 400 });
  }
  try {
    await services.shipping.updateLabelSettings(user, parsed.data);
    return { ok: true, message: 'Label settings saved; labels print with them from now on.' } as ActionResult;
  } catch (error) {
    return refusal(error);
  }
}

export default function AdminLabelSettings({ loaderData: s, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const result = actionData as ActionResult | undefined;
  const check = useClientCheck(LabelSettingsEdit);
  const errors = { ...(result?.errors ?? {}), ...check.errors };
  return (
    <>
      <p>
        <Link to="/admin/orders">← Orders</Link>
      </p>
      <h1>Label settings</h1>
      <p>
        Every packing slip and shipping label prints the sender and where the courier returns a parcel it
        cannot deliver. Blank fields print the store's name and its registered address (GST settings).
      </p>
      <ResultMessage result={result} />
      <Form method="post" className="admin-panel" noValidate onSubmit={check.onSubmit} key={s.version}>
        <input type="hidden" name="version" value={s.version} />
        <div className="admin-form">
          <fieldset className="admin-fieldset admin-form__wide">
            <legend>Label size</legend>
            <div className="admin-radios">
              {LABEL_FORMATS.map((f) => (
                <label key={f}>
                  <input type="radio" name="format" value={f} defaultChecked={s.format === f} />
                  {LABEL_FORMAT_NAMES[f]}
                </label>
              ))}
            </div>
            <FieldError id="format-error" message={errors.format} />
          </fieldset>
          <Field
            id="senderName"
            name="senderName"
            label="Sender name"
            hint={s.defaults.senderName ? `Blank: ${s.defaults.senderName}` : undefined}
            error={errors.senderName}
            input={{ defaultValue: s.senderName, maxLength: 80 }}
          />
          <Field
            id="senderPhone"
            name="senderPhone"
            label="Sender phone"
            error={errors.senderPhone}
            input={{ defaultValue: s.senderPhone, maxLength: 20, inputMode: 'tel' }}
          />
          <Field
            id="senderAddress"
            name="senderAddress"
            label="Sender address"
            wide
            hint={s.defaults.senderAddress ? `Blank: ${s.defaults.senderAddress}` : 'Blank: none printed.'}
            error={errors.senderAddress}
            textarea={{ defaultValue: s.senderAddress, rows: 3, maxLength: 300 }}
          />
          <Field
            id="returnAddress"
            name="returnAddress"
            label="Return address"
            wide
            hint="Blank: parcels come back to the sender's address."
            error={errors.returnAddress}
            textarea={{ defaultValue: s.returnAddress, rows: 3, maxLength: 300 }}
          />
        </div>
        <button type="submit" className="button button--primary" disabled={navigation.state === 'submitting'}>
          Save label settings
        </button>
      </Form>
    </>
  );
}
