// Coupons with their rules, status now and usage so far; activate or deactivate in one click
// (saved against the version this page showed). Creating and editing happen on /admin/coupons/:id.
import type { AdminCouponDto } from '@spice/shared/contracts/admin-coupons';
import { CouponActiveChange } from '@spice/shared/contracts/admin-coupons';
import { COUPON_ROUNDING_RULE } from '@spice/shared/coupons';
import { formatPrice } from '@spice/shared/money';
import { data, Link, useNavigation } from 'react-router';
import { ResultMessage } from '../../features/admin/forms';
import { type ActionResult, refusal, requireAdminPage } from '../../features/admin/guard.server';
import { adminMeta, istDateTime } from '../../features/admin/meta';
import { ActiveToggle } from '../../features/admin/row-controls';
import type { Route } from './+types/coupons';

export function meta() {
  return adminMeta('Coupons');
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await requireAdminPage(context, 'catalogue.manage');
  const saved = new URL(request.url).searchParams.get('saved');
  return { coupons: await services.couponsAdmin.list(), saved };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, user } = await requireAdminPage(context, 'catalogue.manage');
  const form = Object.fromEntries(await request.formData());
  const id = Number(form.id);
  const parsed = CouponActiveChange.safeParse(form);
  if (!parsed.success || !Number.isInteger(id)) {
    return data<ActionResult>({ ok: false, message: 'Please reload the page.' }, { status: 400 });
  }
  try {
    const c = await services.couponsAdmin.setActive(user, id, parsed.data);
    return {
      ok: true,
      message: c.active
        ? `${c.code} is active again.`
        : `${c.code} is switched off; shoppers can no longer use it.`,
    } as ActionResult;
  } catch (error) {
    return refusal(error);
  }
}

const STATUS_TEXT: Record<AdminCouponDto['status'], string> = {
  active: 'Active',
  inactive: 'Switched off',
  scheduled: 'Scheduled',
  expired: 'Expired',
  'used-up': 'Used up',
};

/** The offer in one line, as the owner would say it. */
function offerText(c: AdminCouponDto) {
  const off =
    c.discountType === 'PERCENT' ? `${c.discountValue}% off` : `${formatPrice(c.discountValue)} off`;
  const cap = c.maxDiscount !== null ? `, up to ${formatPrice(c.maxDiscount)}` : '';
  const min = c.minCartValue > 0 ? ` on carts of ${formatPrice(c.minCartValue)} or more` : '';
  return `${off}${cap}${min}`;
}

function validity(c: AdminCouponDto) {
  if (!c.validFrom && !c.validUntil) return 'No end date';
  const from = c.validFrom ? istDateTime(c.validFrom) : 'now';
  const until = c.validUntil ? istDateTime(c.validUntil) : 'no end';
  return `${from} → ${until}`;
}

export default function AdminCoupons({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const result =
    (actionData as ActionResult | undefined) ??
    (loaderData.saved ? { ok: true, message: 'Coupon saved. Shoppers see the change now.' } : undefined);

  return (
    <>
      <div className="admin-heading">
        <h1>Coupons</h1>
        <Link to="/admin/coupons/new" className="button button--primary">
          Create coupon
        </Link>
      </div>
      <p className="admin-lead">
        Active coupons are listed to shoppers under ‘View Available Coupons’ at checkout. Uses count paid
        orders and checkouts waiting for payment; times are India time (IST). {COUPON_ROUNDING_RULE}
      </p>
      <ResultMessage result={result} />
      <div className="admin-table-wrap">
        <table className="admin-table admin-coupons">
          <thead>
            <tr>
              <th scope="col">Code</th>
              <th scope="col">Offer</th>
              <th scope="col">Valid</th>
              <th scope="col">Uses</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {loaderData.coupons.map((c) => (
              <tr key={c.id}>
                <th scope="row">
                  <code className="admin-code">{c.code}</code>
                </th>
                <td>
                  {offerText(c)}
                  <br />
                  <small className="admin-muted">{c.description}</small>
                </td>
                <td>{validity(c)}</td>
                <td>
                  {c.usedCount} used{c.usageLimit !== null ? ` of ${c.usageLimit}` : ''}
                  <br />
                  <small className="admin-muted">
                    {c.redemptions} paid {c.redemptions === 1 ? 'order' : 'orders'}
                    {c.perUserLimit !== null ? ` · ${c.perUserLimit} per shopper` : ''}
                    {c.firstOrderOnly ? ' · first order only' : ''}
                  </small>
                </td>
                <td>
                  <span className={`admin-status admin-status--${c.status}`}>{STATUS_TEXT[c.status]}</span>
                </td>
                <td>
                  <div className="admin-actions">
                    <Link
                      to={`/admin/coupons/${c.id}`}
                      className="button button--small"
                      aria-label={`Edit ${c.code}`}
                    >
                      Edit
                    </Link>
                    <ActiveToggle item={c} name={c.code} busy={navigation.state !== 'idle'} />
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {loaderData.coupons.length === 0 ? <p className="admin-panel">No coupons yet.</p> : null}
    </>
  );
}
