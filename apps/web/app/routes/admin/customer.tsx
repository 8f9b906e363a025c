import { CustomerIdParam } from '@spice/shared/contracts/admin-customers';
import { formatPrice } from '@spice/shared/money';
import { statusLabel } from '@spice/shared/order-status';
import { formatMobile } from '@spice/shared/validators';
import { data, Link } from 'react-router';
import { requireAdminPage } from '../../features/admin/guard.server';
import { adminMeta, istDateTime } from '../../features/admin/meta';
import customersStylesHref from '../../styles/admin-customers.css?url';
import type { Route } from './+types/customer';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: customersStylesHref }];

export function meta({ loaderData }: Route.MetaArgs) {
  return adminMeta(loaderData ? `Customer ${loaderData.name}` : 'Customer');
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services } = await requireAdminPage(context, 'customers.view');
  const parsed = CustomerIdParam.safeParse(params);
  if (!parsed.success) throw data(null, { status: 404 });
  try {
    return await services.customers.detail(parsed.data.id);
  } catch (error) {
    if ((error as { kind?: string }).kind === 'notFound') throw data(null, { status: 404 });
    throw error;
  }
}

export default function AdminCustomer({ loaderData: c }: Route.ComponentProps) {
  return (
    <>
      <p>
        <Link to="/admin/customers">← All customers</Link>
      </p>
      <h1>{c.name || 'No name'}</h1>
      <div className="admin-cards">
        <div className="admin-card">
          <h2>Contact</h2>
          <p>
            {formatMobile(c.mobile)}
            <br />
            <a href={`mailto:${c.email}`}>{c.email}</a>
          </p>
          <small>Joined {istDateTime(c.joinedAt)}</small>
        </div>
        <div className="admin-card">
          <h2>Orders</h2>
          <p className="admin-card__figure">{c.orderCount}</p>
        </div>
        <div className="admin-card">
          <h2>Total spent</h2>
          <p className="admin-card__figure">{formatPrice(c.totalSpent)}</p>
          <small>What was paid, minus refunds (cash on delivery once collected)</small>
        </div>
      </div>

      <section className="admin-panel" aria-labelledby="orders-heading">
        <h2 id="orders-heading">Orders ({c.orders.length})</h2>
        {c.orders.length === 0 ? (
          <p>No orders yet.</p>
        ) : (
          <table className="admin-table admin-customers">
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Placed</th>
                <th scope="col">Items</th>
                <th scope="col">Total</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {c.orders.map((o) => (
                <tr key={o.orderNumber}>
                  <td>
                    <Link to={`/admin/orders/${o.orderNumber}`}>{o.orderNumber}</Link>
                  </td>
                  <td data-label="Placed">{istDateTime(o.createdAt)}</td>
                  <td data-label="Items">{o.itemCount}</td>
                  <td data-label="Total">{formatPrice(o.totalAmount)}</td>
                  <td data-label="Status">
                    <span className={`status status--${o.status.toLowerCase()}`}>
                      {statusLabel(o.status)}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section className="admin-panel" aria-labelledby="addresses-heading">
        <h2 id="addresses-heading">Addresses ({c.addresses.length})</h2>
        {c.addresses.length === 0 ? (
          <p>No addresses saved.</p>
        ) : (
          <ul className="admin-customer__list">
            {c.addresses.map((a) => (
              <li key={a.id}>
                <strong>{a.name}</strong> · {a.addressType}
                {a.isDefault ? <span className="admin-customers__role">Default</span> : null}
                <br />
                {a.fullAddress}
                <br />
                <small>Phone {formatMobile(a.phone)}</small>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="admin-panel" aria-labelledby="reviews-heading">
        <h2 id="reviews-heading">Reviews ({c.reviews.length})</h2>
        {c.reviews.length === 0 ? (
          <p>No reviews written.</p>
        ) : (
          <ul className="admin-customer__list">
            {c.reviews.map((r) => (
              <li key={r.id}>
                <strong>
                  {r.productSlug ? <a href={`/product/${r.productSlug}`}>{r.productName}</a> : r.productName}
                </strong>{' '}
                · <span aria-hidden="true">{'★'.repeat(r.rating)}</span>
                <span className="visually-hidden">{r.rating} out of 5 stars</span>
                {r.hidden ? <span className="admin-customers__role">Hidden</span> : null}
                <br />
                {r.title ? <strong>{r.title}: </strong> : null}
                {r.description}
                <br />
                <small>{istDateTime(r.createdAt)}</small>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
