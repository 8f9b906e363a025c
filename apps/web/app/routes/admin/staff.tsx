// The store team (issue 41), the owner's page: invite by mobile and name with a role (the invitee
// signs in with the usual OTP), change a role, remove someone (their sessions end at once), and
// the most support may refund alone. The last owner cannot be demoted or removed.
import { StaffInvite, StaffRoleChange, StaffSettingsInput } from '@spice/shared/contracts/staff';
import { formatPrice } from '@spice/shared/money';
import { ROLE_LABELS, STAFF_ROLES } from '@spice/shared/staff';
import { formatMobile } from '@spice/shared/validators';
import { data, Form, useNavigation } from 'react-router';
import { Field, fieldErrors, invalidResult, ResultMessage } from '../../features/admin/forms';
import { type ActionResult, refusal, requireAdminPage } from '../../features/admin/guard.server';
import { adminMeta } from '../../features/admin/meta';
import type { Route } from './+types/staff';

export function meta() {
  return adminMeta('Staff');
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services, user } = await requireAdminPage(context, 'staff.manage');
  return { ...(await services.staff.list()), me: user.id };
}

const ROLE_HINTS = {
  OWNER: 'Everything, including staff and the legal and payment settings.',
  MANAGER: 'Everything but staff and the legal and payment settings.',
  PACKER: 'Orders (pack, ship, labels, delivered) and stock; no money or customer contacts.',
  SUPPORT:
    'Orders and customers, cancelling before shipping, refunds up to the limit, reviews, messages, grievances.',
} as const;

export async function action({ request, context }: Route.ActionArgs) {
  const { services, user } = await requireAdminPage(context, 'staff.manage');
  const form = await request.formData();
  const intent = form.get('intent');
  const userId = Number(form.get('userId'));
  try {
    if (intent === 'invite') {
      const parsed = StaffInvite.safeParse(Object.fromEntries(form));
      if (!parsed.success)
        return data<ActionResult>(invalidResult(fieldErrors(parsed.error.issues)), { status: 400 });
      const member = await services.staff.invite(user, parsed.data);
      return {
        ok: true,
        message: `${member.name} is invited as ${ROLE_LABELS[member.role]}: they sign in at /admin with ${formatMobile(member.mobile)} and the code sent to it.`,
      } as ActionResult;
    }
    if (intent === 'role') {
      const parsed = StaffRoleChange.safeParse({ role: form.get('role') });
      if (!parsed.success)
        return data<ActionResult>({ ok: false, message: 'Choose a role.' }, { status: 400 });
      const member = await services.staff.changeRole(user, userId, parsed.data.role);
      return { ok: true, message: `${member.name} is now ${ROLE_LABELS[member.role]}.` } as ActionResult;
    }
    if (intent === 'remove') {
      await services.staff.remove(user, userId);
      return { ok: true, message: 'Removed from the team; their sessions have ended.' } as ActionResult;
    }
    if (intent === 'settings') {
      const parsed = StaffSettingsInput.safeParse({ supportRefundLimit: form.get('supportRefundLimit') });
      if (!parsed.success)
        return data<ActionResult>(invalidResult(fieldErrors(parsed.error.issues)), { status: 400 });
      const saved = await services.staff.saveSettings(user, parsed.data);
      return {
        ok: true,
        message: `Support may now refund up to ${formatPrice(saved.supportRefundLimit)} at once.`,
      } as ActionResult;
    }
  } catch (error) {
    return refusal(error);
  }
  return data<ActionResult>({ ok: false, message: 'Unknown action.' }, { status: 400 });
}

export default function AdminStaff({ loaderData: d, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const result = actionData as ActionResult | undefined;
  const errors = result?.errors ?? {};
  return (
    <>
      <h1>Staff</h1>
      <ResultMessage result={result} />
      <section className="admin-panel" aria-labelledby="team">
        <h2 id="team">The team</h2>
        <table className="admin-table admin-table--cards">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Mobile</th>
              <th scope="col">Role</th>
              <th scope="col">Remove</th>
            </tr>
          </thead>
          <tbody>
            {d.content.map((m) => (
              <tr key={m.userId}>
                <td data-label="Name" className="admin-table__full">
                  {m.name}
                  {m.userId === d.me ? ' (you)' : ''}
                </td>
                <td data-label="Mobile">{formatMobile(m.mobile)}</td>
                <td data-label="Role">
                  <Form method="post" className="admin-inline-form">
                    <input type="hidden" name="intent" value="role" />
                    <input type="hidden" name="userId" value={m.userId} />
                    <select name="role" defaultValue={m.role} aria-label={`Role of ${m.name}`}>
                      {STAFF_ROLES.map((r) => (
                        <option key={r} value={r}>
                          {ROLE_LABELS[r]}
                        </option>
                      ))}
                    </select>{' '}
                    <button type="submit" className="button" disabled={busy}>
                      Change
                    </button>
                  </Form>
                </td>
                <td data-label="Remove">
                  <Form method="post">
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="userId" value={m.userId} />
                    <button
                      type="submit"
                      className="button button--danger"
                      disabled={busy}
                      aria-label={`Remove ${m.name}`}
                    >
                      Remove
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section className="admin-panel" aria-labelledby="invite">
        <h2 id="invite">Invite someone</h2>
        <p className="admin-hint">
          They sign in at /admin with this mobile number and the code sent to it, like any shopper.
        </p>
        <Form
          method="post"
          className="admin-form"
          aria-labelledby="invite"
          key={result?.ok ? result.message : 'invite'}
        >
          <input type="hidden" name="intent" value="invite" />
          <Field
            id="staff-name"
            name="name"
            label="Name"
            error={errors.name}
            input={{ autoComplete: 'off' }}
          />
          <Field
            id="staff-mobile"
            name="mobile"
            label="Mobile"
            error={errors.mobile}
            input={{ inputMode: 'tel', autoComplete: 'off' }}
          />
          <fieldset className="admin-fieldset admin-form__wide">
            <legend>Role</legend>
            <div className="admin-radios admin-staff-roles">
              {STAFF_ROLES.map((r) => (
                <label key={r}>
                  <input type="radio" name="role" value={r} defaultChecked={r === 'PACKER'} />
                  <span>
                    {ROLE_LABELS[r]}
                    <small className="admin-hint"> · {ROLE_HINTS[r]}</small>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <button type="submit" className="button button--primary" disabled={busy}>
            Invite
          </button>
        </Form>
      </section>

      <section className="admin-panel" aria-labelledby="refund-limit">
        <h2 id="refund-limit">Support refunds</h2>
        <Form method="post" className="admin-form" aria-labelledby="refund-limit">
          <input type="hidden" name="intent" value="settings" />
          <Field
            id="support-refund-limit"
            name="supportRefundLimit"
            label="Most a support member may refund at once (₹)"
            hint="0: support cannot refund; an owner or a manager can."
            error={errors.supportRefundLimit}
            input={{
              type: 'number',
              min: 0,
              step: 1,
              defaultValue: d.supportRefundLimit,
              inputMode: 'numeric',
            }}
          />
          <button type="submit" className="button" disabled={busy}>
            Save
          </button>
        </Form>
      </section>
    </>
  );
}
