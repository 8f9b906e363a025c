// Delivery settings (issue 14): the warehouse pincode, the order cut-off, holidays, the five zones
// with their delivery days and COD, and the pincodes the shop does not deliver to. Audited.
import { DeliverySettingsEdit } from '@spice/shared/contracts/delivery';
import { ZONE_KEYS, ZONE_LABELS } from '@spice/shared/delivery';
import { data, Form, useNavigation } from 'react-router';
import { Field, fieldErrors, invalidResult, ResultMessage, useClientCheck } from '../../features/admin/forms';
import { type ActionResult, refusal, requireAdminPage } from '../../features/admin/guard.server';
import { adminMeta } from '../../features/admin/meta';
import type { Route } from './+types/delivery-settings';

export function meta() {
  return adminMeta('Delivery settings');
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = await requireAdminPage(context, 'settings.manage');
  return services.delivery.adminSettings();
}

const list = (text: FormDataEntryValue | null) =>
  String(text ?? '')
    .split(/[\s,]+/)
    .filter(Boolean);
/** State names contain spaces: one per line or separated by commas. */
const names = (text: FormDataEntryValue | null) =>
  String(text ?? '')
    .split(/[\n,]+/)
    .map((s) => s.trim())
    .filter(Boolean);

/** The form's flat fields as the shared schema's shape. */
function fromForm(form: FormData) {
  return {
    warehousePincode: String(form.get('warehousePincode') ?? ''),
    cutoff: String(form.get('cutoff') ?? ''),
    holidays: list(form.get('holidays')),
    zones: Object.fromEntries(
      ZONE_KEYS.map((k) => [
        k,
        {
          minDays: String(form.get(`zones.${k}.minDays`) ?? ''),
          maxDays: String(form.get(`zones.${k}.maxDays`) ?? ''),
          cod: form.get(`zones.${k}.cod`) === 'on',
        },
      ]),
    ),
    metroPrefixes: list(form.get('metroPrefixes')),
    specialStates: names(form.get('specialStates')),
    specialPrefixes: list(form.get('specialPrefixes')),
    blocked: list(form.get('blocked')),
    version: form.get('version'),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, user } = await requireAdminPage(context, 'settings.manage');
  const parsed = DeliverySettingsEdit.safeParse(fromForm(await request.formData()));
  if (!parsed.success) {
    return data<ActionResult>(invalidResult(fieldErrors(parsed.error.issues)), { status: 400 });
  }
  try {
    await services.delivery.updateSettings(user, parsed.data);
    return {
      ok: true,
      message: 'Delivery settings saved; lookups and new orders use them now.',
    } as ActionResult;
  } catch (error) {
    return refusal(error);
  }
}

/** A list field's first error, whichever entry it is on ('holidays.2' → 'holidays'). */
const firstError = (errors: Record<string, string>, name: string) =>
  errors[name] ?? Object.entries(errors).find(([k]) => k.startsWith(`${name}.`))?.[1];

export default function AdminDeliverySettings({ loaderData: s, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const result = actionData as ActionResult | undefined;
  const check = useClientCheck(DeliverySettingsEdit, fromForm);
  const errors = { ...(result?.errors ?? {}), ...check.errors };

  return (
    <>
      <h1>Delivery settings</h1>
      <ResultMessage result={result} />
      <Form method="post" className="admin-panel" noValidate onSubmit={check.onSubmit} key={s.version}>
        <input type="hidden" name="version" value={s.version} />
        <div className="admin-form">
          <Field
            id="warehousePincode"
            name="warehousePincode"
            label="Warehouse pincode"
            hint="Orders ship from here; its district is the 'same city' zone, its state the 'same state' zone."
            error={errors.warehousePincode}
            input={{ inputMode: 'numeric', maxLength: 6, defaultValue: s.warehousePincode }}
          />
          <Field
            id="cutoff"
            name="cutoff"
            label="Order cut-off (IST, HH:MM)"
            hint="Orders at or after it ship the next working day."
            error={errors.cutoff}
            input={{ defaultValue: s.cutoff }}
          />
          <Field
            id="holidays"
            name="holidays"
            label="Holidays (YYYY-MM-DD, separated by commas)"
            hint="Nothing ships or arrives on these days or on Sundays."
            error={firstError(errors, 'holidays')}
            wide
            textarea={{ rows: 2, defaultValue: s.holidays.join(', ') }}
          />
        </div>
        <h2>Zones</h2>
        <p>Delivery days count working days after the order ships.</p>
        <div className="admin-table-wrap">
          <table className="admin-table admin-table--form">
            <thead>
              <tr>
                <th scope="col">Zone</th>
                <th scope="col">Quickest (days)</th>
                <th scope="col">Longest (days)</th>
                <th scope="col">Cash on delivery</th>
              </tr>
            </thead>
            <tbody>
              {ZONE_KEYS.map((k) => (
                <tr key={k}>
                  <th scope="row">{ZONE_LABELS[k]}</th>
                  <td>
                    <input
                      name={`zones.${k}.minDays`}
                      inputMode="numeric"
                      aria-label={`${ZONE_LABELS[k]}: quickest delivery in days`}
                      defaultValue={s.zones[k].minDays}
                    />
                    <span className="field-error">{errors[`zones.${k}.minDays`]}</span>
                  </td>
                  <td>
                    <input
                      name={`zones.${k}.maxDays`}
                      inputMode="numeric"
                      aria-label={`${ZONE_LABELS[k]}: longest delivery in days`}
                      defaultValue={s.zones[k].maxDays}
                    />
                    <span className="field-error">{errors[`zones.${k}.maxDays`]}</span>
                  </td>
                  <td>
                    <input
                      type="checkbox"
                      name={`zones.${k}.cod`}
                      aria-label={`${ZONE_LABELS[k]}: cash on delivery allowed`}
                      defaultChecked={s.zones[k].cod}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="admin-form">
          <Field
            id="metroPrefixes"
            name="metroPrefixes"
            label="Metro pincode prefixes (separated by commas)"
            error={firstError(errors, 'metroPrefixes')}
            wide
            input={{ defaultValue: s.metroPrefixes.join(', ') }}
          />
          <Field
            id="specialStates"
            name="specialStates"
            label="Special-region states (one per line)"
            error={firstError(errors, 'specialStates')}
            wide
            textarea={{ rows: 4, defaultValue: s.specialStates.join('\n') }}
          />
          <Field
            id="specialPrefixes"
            name="specialPrefixes"
            label="Special-region pincode prefixes (separated by commas)"
            error={firstError(errors, 'specialPrefixes')}
            wide
            input={{ defaultValue: s.specialPrefixes.join(', ') }}
          />
          <Field
            id="blocked"
            name="blocked"
            label="Pincodes or prefixes we do not deliver to (separated by commas)"
            error={firstError(errors, 'blocked')}
            wide
            input={{ defaultValue: s.blocked.join(', ') }}
          />
        </div>
        <p>
          <button
            type="submit"
            className="button button--primary"
            disabled={navigation.state === 'submitting'}
          >
            Save delivery settings
          </button>
        </p>
      </Form>
    </>
  );
}
