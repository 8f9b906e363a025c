import { CheckoutSettingsEdit } from '@spice/shared/contracts/admin';
import { type FormEvent, useState } from 'react';
import { data, Form, useNavigation } from 'react-router';
import { Field } from '../../features/admin/forms';
import { type ActionResult, refusal, requireAdminPage } from '../../features/admin/guard.server';
import { adminMeta } from '../../features/admin/meta';
import type { Route } from './+types/checkout-settings';

/** Blank rows offered for new milestones; rows left blank are not saved. */
const SPARE_ROWS = 2;

export function meta() {
  return adminMeta('Checkout settings');
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = await requireAdminPage(context, 'settings.legal');
  const settings = await services.checkout.adminSettings();
  if (!settings) throw data(null, { status: 404 });
  return settings;
}

/** The form's flat fields (milestones.0.minCartValue, …) as the shared schema's shape. */
function fromForm(form: FormData) {
  const milestones: { minCartValue: string; shippingCharge: string }[] = [];
  for (let i = 0; form.has(`milestones.${i}.minCartValue`); i++) {
    const minCartValue = String(form.get(`milestones.${i}.minCartValue`) ?? '').trim();
    const shippingCharge = String(form.get(`milestones.${i}.shippingCharge`) ?? '').trim();
    if (minCartValue !== '' || shippingCharge !== '') milestones.push({ minCartValue, shippingCharge });
  }
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const prepaidType = text('prepaid.type');
  return {
    platformFee: form.get('platformFee'),
    version: form.get('version'),
    milestones,
    cod: {
      enabled: form.get('cod.enabled') === 'on',
      fee: text('cod.fee') || '0',
      minOrderValue: text('cod.minOrderValue') || '0',
      maxOrderValue: text('cod.maxOrderValue') || null,
      blockedPincodes: text('cod.blockedPincodes')
        .split(/[\s,]+/)
        .filter(Boolean),
      rtoLimit: text('cod.rtoLimit'),
      confirmation: {
        required: form.get('cod.confirmation.required') === 'on',
        withinHours: text('cod.confirmation.withinHours'),
      },
    },
    prepaidDiscount:
      prepaidType === 'PERCENT' || prepaidType === 'FLAT'
        ? {
            type: prepaidType,
            value: text('prepaid.value'),
            maxDiscount: text('prepaid.maxDiscount') || null,
          }
        : null,
    // RTO risk (issue 34): blank numbers stay NaN, so the schema names the field.
    rtoRisk: {
      requirePrepaidForHigh: form.get('rtoRisk.requirePrepaidForHigh') === 'on',
      areaRtoPercent: Number(text('rtoRisk.areaRtoPercent') || Number.NaN),
      minAddressLength: Number(text('rtoRisk.minAddressLength') || Number.NaN),
    },
  };
}

function fieldErrors(issues: { path: PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.path.map(String).join('.') || 'milestones'] ??= issue.message;
  return errors;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, user } = await requireAdminPage(context, 'settings.legal');
  const parsed = CheckoutSettingsEdit.safeParse(fromForm(await request.formData()));
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error.issues);
    return data<ActionResult>(
      { ok: false, message: Object.values(errors)[0] ?? '', errors },
      { status: 400 },
    );
  }
  try {
    await services.checkoutAdmin.updateCheckoutSettings(user, parsed.data);
    return { ok: true, message: 'Checkout settings saved; new checkouts use them now.' } as ActionResult;
  } catch (error) {
    return refusal(error);
  }
}

export default function AdminCheckoutSettings({ loaderData: s, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const result = actionData as ActionResult | undefined;
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const errors = { ...(result?.errors ?? {}), ...clientErrors };
  const rows = [...s.milestones, ...Array.from({ length: SPARE_ROWS }, () => null)];

  function validate(event: FormEvent<HTMLFormElement>) {
    const parsed = CheckoutSettingsEdit.safeParse(fromForm(new FormData(event.currentTarget)));
    if (parsed.success) return setClientErrors({});
    event.preventDefault();
    setClientErrors(fieldErrors(parsed.error.issues));
  }

  return (
    <>
      <h1>Checkout settings</h1>
      {result ? (
        <p className={`admin-message ${result.ok ? '' : 'admin-message--error'}`} role="status">
          {result.message}
        </p>
      ) : null}
      <Form method="post" className="admin-panel" noValidate onSubmit={validate} key={s.version}>
        <input type="hidden" name="version" value={s.version} />
        <div className="admin-form">
          <Field
            id="platformFee"
            name="platformFee"
            label="Platform fee (₹)"
            error={errors.platformFee}
            input={{ inputMode: 'decimal', defaultValue: s.platformFee }}
          />
        </div>
        <h2>Cash on delivery</h2>
        <label className="admin-check">
          <input type="checkbox" name="cod.enabled" defaultChecked={s.cod.enabled} /> Offer cash on delivery
        </label>
        <div className="admin-form">
          <Field
            id="cod.fee"
            name="cod.fee"
            label="Cash on delivery fee (₹)"
            error={errors['cod.fee']}
            input={{ inputMode: 'decimal', defaultValue: s.cod.fee }}
          />
          <Field
            id="cod.minOrderValue"
            name="cod.minOrderValue"
            label="Minimum order value for COD (₹)"
            error={errors['cod.minOrderValue']}
            input={{ inputMode: 'decimal', defaultValue: s.cod.minOrderValue }}
          />
          <Field
            id="cod.maxOrderValue"
            name="cod.maxOrderValue"
            label="Maximum order value for COD (₹, blank for none)"
            error={errors['cod.maxOrderValue']}
            input={{ inputMode: 'decimal', defaultValue: s.cod.maxOrderValue ?? '' }}
          />
          <Field
            id="cod.blockedPincodes"
            name="cod.blockedPincodes"
            label="Pincodes or prefixes without COD (separated by commas)"
            error={errors['cod.blockedPincodes'] ?? errors['cod.blockedPincodes.0']}
            input={{ defaultValue: s.cod.blockedPincodes.join(', ') }}
          />
          <Field
            id="cod.rtoLimit"
            name="cod.rtoLimit"
            label="Returned COD orders after which a shopper loses COD"
            error={errors['cod.rtoLimit']}
            input={{ inputMode: 'numeric', defaultValue: s.cod.rtoLimit }}
          />
        </div>
        <label className="admin-check">
          <input
            type="checkbox"
            name="cod.confirmation.required"
            defaultChecked={s.cod.confirmation.required}
          />{' '}
          Ask COD shoppers to confirm before the order is packed (WhatsApp or SMS link)
        </label>
        <div className="admin-form">
          <Field
            id="cod.confirmation.withinHours"
            name="cod.confirmation.withinHours"
            label="Hours to confirm before the order is cancelled (1–72)"
            error={errors['cod.confirmation.withinHours']}
            input={{ inputMode: 'numeric', defaultValue: s.cod.confirmation.withinHours }}
          />
        </div>
        <h2>Prepaid discount</h2>
        <div className="admin-form">
          <div className="admin-field">
            <label htmlFor="prepaid.type">Discount for paying online</label>
            <div className="admin-field__control">
              <select id="prepaid.type" name="prepaid.type" defaultValue={s.prepaidDiscount?.type ?? ''}>
                <option value="">None</option>
                <option value="PERCENT">Percent of the goods, with a cap</option>
                <option value="FLAT">Flat amount (₹)</option>
              </select>
            </div>
          </div>
          <Field
            id="prepaid.value"
            name="prepaid.value"
            label="Percent, or amount (₹)"
            error={errors['prepaidDiscount.value']}
            input={{ inputMode: 'decimal', defaultValue: s.prepaidDiscount?.value ?? '' }}
          />
          <Field
            id="prepaid.maxDiscount"
            name="prepaid.maxDiscount"
            label="Cap for a percent (₹, blank for none)"
            error={errors['prepaidDiscount.maxDiscount']}
            input={{ inputMode: 'decimal', defaultValue: s.prepaidDiscount?.maxDiscount ?? '' }}
          />
        </div>
        <h2>RTO risk</h2>
        <p>
          Each cash-on-delivery order gets a risk of coming back (Low, Medium, High) with its reasons, shown
          on the order.
        </p>
        <label className="admin-check">
          <input
            type="checkbox"
            name="rtoRisk.requirePrepaidForHigh"
            defaultChecked={s.rtoRisk.requirePrepaidForHigh}
          />{' '}
          High-risk orders must be paid online (no cash on delivery)
        </label>
        <div className="admin-form">
          <Field
            id="rtoRisk.areaRtoPercent"
            name="rtoRisk.areaRtoPercent"
            label="Return rate of a pincode or area that counts as a risk (%, last 90 days)"
            error={errors['rtoRisk.areaRtoPercent']}
            input={{ inputMode: 'numeric', defaultValue: s.rtoRisk.areaRtoPercent }}
          />
          <Field
            id="rtoRisk.minAddressLength"
            name="rtoRisk.minAddressLength"
            label="Street addresses shorter than this count as a risk (characters)"
            error={errors['rtoRisk.minAddressLength']}
            input={{ inputMode: 'numeric', defaultValue: s.rtoRisk.minAddressLength }}
          />
        </div>
        <h2>Delivery charge by cart value</h2>
        <p>From each cart value (₹) upwards, this delivery charge (₹) applies. One row must start at 0.</p>
        {errors.milestones ? (
          <p className="field-error" role="alert">
            {errors.milestones}
          </p>
        ) : null}
        <table className="admin-table admin-table--form admin-milestones">
          <thead>
            <tr>
              <th scope="col">Cart value from (₹)</th>
              <th scope="col">Delivery charge (₹)</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((m, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions in a form, not records
              <tr key={i}>
                <td>
                  <input
                    name={`milestones.${i}.minCartValue`}
                    inputMode="decimal"
                    aria-label={`Cart value from, row ${i + 1}`}
                    defaultValue={m?.minCartValue ?? ''}
                  />
                  <span className="field-error">{errors[`milestones.${i}.minCartValue`]}</span>
                </td>
                <td>
                  <input
                    name={`milestones.${i}.shippingCharge`}
                    inputMode="decimal"
                    aria-label={`Delivery charge, row ${i + 1}`}
                    defaultValue={m?.shippingCharge ?? ''}
                  />
                  <span className="field-error">{errors[`milestones.${i}.shippingCharge`]}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>
          <button
            type="submit"
            className="button button--primary"
            disabled={navigation.state === 'submitting'}
          >
            Save checkout settings
          </button>
        </p>
      </Form>
    </>
  );
}
