import { CustomersQuery } from '@spice/shared/contracts/admin-customers';
import { formatPrice } from '@spice/shared/money';
import { formatMobile } from '@spice/shared/validators';
import { Form, Link } from 'react-router';
import { requireAdminPage } from '../../features/admin/guard.server';
import { readListQuery } from '../../features/admin/list-query';
import { adminMeta, countOf, istDateTime } from '../../features/admin/meta';
import customersStylesHref from '../../styles/admin-customers.css?url';
import type { Route } from './+types/customers';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: customersStylesHref }];

export function meta() {
  return adminMeta('Customers');
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await requireAdminPage(context, 'customers.view');
  const { query, problem } = readListQuery(CustomersQuery, request, 'Invalid search.');
  return { query, problem, page: await services.customers.list(query) };
}

export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  const { query, page, problem } = loaderData;
  const link = (p: number) => {
    const params = new URLSearchParams();
    if (query.q) params.set('q', query.q);
    params.set('page', String(p));
    return `/admin/customers?${params}`;
  };
  const csv = query.q ? `?${new URLSearchParams({ q: query.q })}` : '';
  return (
    <>
      <h1>Customers</h1>
      <Form method="get" className="admin-filters" role="search" aria-label="Search customers">
        <label className="admin-customers__search">
          Mobile, name or e-mail
          <input type="search" name="q" defaultValue={query.q ?? ''} maxLength={80} />
        </label>
        <button type="submit" className="button button--primary">
          Search
        </button>
        <a className="button" href={`/api/admin/customers.csv${csv}`} download>
          Export CSV{query.q ? ' (these customers)' : ''}
        </a>
      </Form>
      {problem ? (
        <p className="admin-message admin-message--error" role="alert">
          {problem}
        </p>
      ) : null}
      {page.content.length === 0 ? (
        <p>{query.q ? `No customer matches “${query.q}”.` : 'No customers yet.'}</p>
      ) : (
        <table className="admin-table admin-customers">
          <thead>
            <tr>
              <th scope="col">Customer</th>
              <th scope="col">Joined</th>
              <th scope="col">Orders</th>
              <th scope="col">Total spent</th>
              <th scope="col">Last order</th>
            </tr>
          </thead>
          <tbody>
            {page.content.map((c) => (
              <tr key={c.id}>
                <td>
                  <Link to={`/admin/customers/${c.id}`}>{c.name || 'No name'}</Link>
                  {c.role !== 'customer' ? <span className="admin-customers__role">Store team</span> : null}
                  <br />
                  <small>
                    {formatMobile(c.mobile)} · {c.email}
                  </small>
                </td>
                <td data-label="Joined">{istDateTime(c.joinedAt)}</td>
                <td data-label="Orders">{c.orderCount}</td>
                <td data-label="Total spent">{formatPrice(c.totalSpent)}</td>
                <td data-label="Last order">{c.lastOrderAt ? istDateTime(c.lastOrderAt) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="admin-customers__note">Total spent counts every order except cancelled ones.</p>
      <nav className="admin-pager" aria-label="Pages">
        {page.page > 0 ? <Link to={link(page.page - 1)}>← Newer</Link> : null}
        <span>
          Page {page.page + 1} of {Math.max(page.totalPages, 1)} · {countOf(page.totalElements, 'customer')}
        </span>
        {page.page + 1 < page.totalPages ? <Link to={link(page.page + 1)}>Older →</Link> : null}
      </nav>
    </>
  );
}
