// NDR queue (issue 34): shipped orders whose latest delivery attempt failed and is not settled yet,
// oldest first, with the courier's reason, how long ago, the attempts so far and what the shopper
// answered on their link. 'Re-attempt' and 'Return to origin' go to the courier (Shiprocket's NDR
// API; the manual courier is phoned) and show on the order's timeline.
import { NdrAdminAction } from '@spice/shared/contracts/delivery-issues';
import { formatMobile } from '@spice/shared/validators';
import { data, Form, Link, useNavigation } from 'react-router';
import { type ActionResult, refusal, requireAdminPage } from '../../features/admin/guard.server';
import { adminMeta, istDateTime } from '../../features/admin/meta';
import type { Route } from './+types/ndr';

export function meta() {
  return adminMeta('Failed deliveries (NDR)');
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = await requireAdminPage(context, 'orders.manage');
  return { rows: await services.deliveryIssues.queue() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, user } = await requireAdminPage(context, 'orders.manage');
  const form = await request.formData();
  const orderNumber = String(form.get('orderNumber') ?? '');
  const parsed = NdrAdminAction.safeParse({ action: form.get('action') });
  if (!parsed.success || !orderNumber) {
    return data<ActionResult>({ ok: false, message: 'Choose an action.' }, { status: 400 });
  }
  try {
    await services.deliveryIssues.act(user, orderNumber, parsed.data);
  } catch (error) {
    return refusal(error);
  }
  const done = parsed.data.action === 'RTO' ? 'return to origin' : 're-attempt';
  return { ok: true, message: `Asked the courier for a ${done} of ${orderNumber}.` } as ActionResult;
}

const age = (hours: number) => (hours < 24 ? `${hours} h` : `${Math.floor(hours / 24)} d ${hours % 24} h`);
const attempts = (n: number) => (n === 1 ? '1 attempt' : `${n} attempts`);

type Row = Route.ComponentProps['loaderData']['rows'][number];

function Answer({ answer }: { answer: Row['answer'] }) {
  if (!answer) return <span className="ndr__waiting">No answer yet</span>;
  if (answer.action === 'CANCEL') return <strong>Cancel: return it</strong>;
  return (
    <>
      <strong>Deliver on {answer.date}</strong>
      {answer.landmark ? (
        <>
          <br />
          <small>Landmark: {answer.landmark}</small>
        </>
      ) : null}
      {answer.alternatePhone ? (
        <>
          <br />
          <small>Other phone: {formatMobile(answer.alternatePhone)}</small>
        </>
      ) : null}
    </>
  );
}

export default function AdminNdr({ loaderData, actionData }: Route.ComponentProps) {
  const { rows } = loaderData;
  const result = actionData as ActionResult | undefined;
  const busy = useNavigation().state === 'submitting';
  return (
    <>
      <h1>Failed deliveries (NDR)</h1>
      <p>
        Parcels the courier could not deliver. The shopper got a link to choose a new day, add a landmark or
        another phone, or cancel; act within hours: every day out costs a return.
      </p>
      {result ? (
        <p className={`admin-message${result.ok ? '' : ' admin-message--error'}`} role="status">
          {result.message}
        </p>
      ) : null}
      {rows.length === 0 ? (
        <p>No failed deliveries waiting.</p>
      ) : (
        <table className="admin-table admin-table--cards">
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Courier's reason</th>
              <th scope="col">Age</th>
              <th scope="col">Attempts</th>
              <th scope="col">Shopper's answer</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.orderNumber}>
                <td data-label="Order" className="admin-table__full">
                  <Link to={`/admin/orders/${r.orderNumber}`}>{r.orderNumber}</Link>
                  {r.paymentMode === 'COD' ? ' · COD' : ''}
                  <br />
                  <small>
                    {r.customerName} · {formatMobile(r.mobile)}
                  </small>
                  <br />
                  <small>
                    {r.courier} · AWB {r.awb}
                  </small>
                </td>
                <td data-label="Courier's reason">{r.reason}</td>
                <td data-label="Age">
                  <span title={istDateTime(r.failedAt)}>{age(r.ageHours)}</span>
                </td>
                <td data-label="Attempts">{attempts(r.attempts)}</td>
                <td data-label="Shopper's answer">
                  <Answer answer={r.answer} />
                </td>
                <td data-label="Action" className="admin-table__full">
                  <Form method="post" className="ndr__actions">
                    <input type="hidden" name="orderNumber" value={r.orderNumber} />
                    <button
                      type="submit"
                      name="action"
                      value="REATTEMPT"
                      className="button button--small button--primary"
                      disabled={busy}
                      aria-label={`Re-attempt: ${r.orderNumber}`}
                    >
                      Re-attempt
                    </button>
                    <button
                      type="submit"
                      name="action"
                      value="RTO"
                      className="button button--small"
                      disabled={busy}
                      aria-label={`Return to origin: ${r.orderNumber}`}
                    >
                      Return to origin
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
