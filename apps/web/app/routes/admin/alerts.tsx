// My alerts (issue 41): each staff member chooses how the shop tells them of new orders (each, or a
// digest every N minutes), low stock, payments needing attention, failed jobs, grievances near
// their deadline and the 09:00 IST daily summary: on which channels, in English or Hindi.
import {
  ALERT_CHANNEL_LABELS,
  ALERT_KIND_LABELS,
  AlertPreferenceInput,
} from '@spice/shared/contracts/owner-alerts';
import { ALERT_CHANNELS, ALERT_KINDS, DIGEST_MINUTES } from '@spice/shared/owner-alerts';
import { data, Form, useNavigation } from 'react-router';
import {
  FieldError,
  fieldErrors,
  invalidResult,
  ResultMessage,
  useClientCheck,
} from '../../features/admin/forms';
import { type ActionResult, refusal, requireAdminPage } from '../../features/admin/guard.server';
import { adminMeta } from '../../features/admin/meta';
import type { Route } from './+types/alerts';

export function meta() {
  return adminMeta('My alerts');
}

/** The form as the shared schema reads it: ticked boxes as lists. */
const readForm = (form: FormData) => ({
  channels: form.getAll('channels'),
  kinds: form.getAll('kinds'),
  language: form.get('language'),
  digestMinutes: form.get('digestMinutes'),
});

export async function loader({ context }: Route.LoaderArgs) {
  const { services, user } = await requireAdminPage(context, 'settings.manage');
  return services.alerts.preference(user);
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, user } = await requireAdminPage(context, 'settings.manage');
  const parsed = AlertPreferenceInput.safeParse(readForm(await request.formData()));
  if (!parsed.success) {
    return data<ActionResult>(invalidResult(fieldErrors(parsed.error.issues)), { status: 400 });
  }
  try {
    await services.alerts.savePreference(user, parsed.data);
    return { ok: true, message: 'Your alerts are saved.' } as ActionResult;
  } catch (error) {
    return refusal(error);
  }
}

const digestLabel = (m: number) =>
  m === 0
    ? 'Each order as it comes'
    : m < 60
      ? `Every ${m} minutes`
      : m === 1440
        ? 'Once a day'
        : `Every ${m / 60} hours`;

export default function AdminAlerts({ loaderData: p, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const result = actionData as ActionResult | undefined;
  const check = useClientCheck(AlertPreferenceInput, readForm);
  const errors = { ...(result?.errors ?? {}), ...check.errors };
  return (
    <>
      <h1>My alerts</h1>
      <p>
        What the shop tells you, and how. Alerts go to your own mobile and e-mail.
        {p.quietHours
          ? ` WhatsApp alerts wait out the quiet hours (${p.quietHours.from}–${p.quietHours.to} IST, Marketing settings).`
          : ''}
        {p.saved ? '' : ' You have not saved a choice yet: every alert comes by e-mail.'}
      </p>
      <ResultMessage result={result} />
      <Form
        method="post"
        className="admin-panel"
        noValidate
        onSubmit={check.onSubmit}
        key={JSON.stringify(p)}
      >
        <div className="admin-form">
          <fieldset className="admin-fieldset admin-form__wide">
            <legend>Channels</legend>
            <div className="admin-radios">
              {ALERT_CHANNELS.map((c) => (
                <label key={c}>
                  <input
                    type="checkbox"
                    name="channels"
                    value={c}
                    defaultChecked={p.channels.includes(c)}
                    disabled={!p.available.includes(c)}
                  />
                  {ALERT_CHANNEL_LABELS[c]}
                  {p.available.includes(c) ? '' : ' (not set up)'}
                </label>
              ))}
            </div>
            <FieldError id="channels-error" message={errors.channels} />
          </fieldset>
          <fieldset className="admin-fieldset admin-form__wide">
            <legend>Alerts</legend>
            <div className="admin-radios">
              {ALERT_KINDS.map((k) => (
                <label key={k}>
                  <input type="checkbox" name="kinds" value={k} defaultChecked={p.kinds.includes(k)} />
                  {ALERT_KIND_LABELS[k]}
                </label>
              ))}
            </div>
            <FieldError id="kinds-error" message={errors.kinds} />
          </fieldset>
          <div className="admin-field">
            <label htmlFor="digestMinutes">How new orders come</label>
            <select id="digestMinutes" name="digestMinutes" defaultValue={String(p.digestMinutes)}>
              {DIGEST_MINUTES.map((m) => (
                <option key={m} value={m}>
                  {digestLabel(m)}
                </option>
              ))}
            </select>
            <FieldError id="digestMinutes-error" message={errors.digestMinutes} />
          </div>
          <fieldset className="admin-fieldset">
            <legend>Language</legend>
            <div className="admin-radios">
              <label>
                <input type="radio" name="language" value="en" defaultChecked={p.language === 'en'} />
                English
              </label>
              <label lang="hi">
                <input type="radio" name="language" value="hi" defaultChecked={p.language === 'hi'} />
                हिन्दी
              </label>
            </div>
            <FieldError id="language-error" message={errors.language} />
          </fieldset>
        </div>
        <button type="submit" className="button button--primary" disabled={navigation.state === 'submitting'}>
          Save my alerts
        </button>
      </Form>
    </>
  );
}
