// Every product, active and inactive, in the storefront's order: search by name, filter by state,
// thumbnail, price range and stock at a glance, and a one-click activate or deactivate (saved
// against the version this page showed).
import { AdminProductsQuery, ProductActiveChange } from '@spice/shared/contracts/products-admin';
import { formatPrice } from '@spice/shared/money';
import { data, Form, Link, useNavigation } from 'react-router';
import { ResultMessage } from '../../features/admin/forms';
import { type ActionResult, refusal, requireAdminPage } from '../../features/admin/guard.server';
import { adminMeta } from '../../features/admin/meta';
import { ActiveToggle } from '../../features/admin/row-controls';
import type { Route } from './+types/products';

export function meta() {
  return adminMeta('Products');
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await requireAdminPage(context, 'catalogue.manage');
  const url = new URL(request.url);
  const query = AdminProductsQuery.safeParse(Object.fromEntries(url.searchParams));
  const filters = query.success ? query.data : AdminProductsQuery.parse({});
  return { products: await services.productEditing.list(filters), filters };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, user } = await requireAdminPage(context, 'catalogue.manage');
  const form = await request.formData();
  const id = Number(form.get('id'));
  const parsed = ProductActiveChange.safeParse({
    active: form.get('active') === 'true',
    version: form.get('version'),
  });
  if (!parsed.success || !Number.isInteger(id)) {
    return data<ActionResult>({ ok: false, message: 'Please reload the page.' }, { status: 400 });
  }
  try {
    const product = await services.productEditing.setActive(user, id, parsed.data);
    return {
      ok: true,
      message: product.active
        ? `${product.name} is active: the shop lists it now.`
        : `${product.name} is inactive: the shop no longer lists it.`,
    } as ActionResult;
  } catch (error) {
    return refusal(error);
  }
}

function priceText(min: number | null, max: number | null) {
  if (min === null || max === null) return '—';
  return min === max ? formatPrice(min) : `${formatPrice(min)} – ${formatPrice(max)}`;
}

export default function AdminProducts({ loaderData, actionData }: Route.ComponentProps) {
  const { products, filters } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const filtered = filters.q !== '' || filters.status !== 'all';

  return (
    <>
      <div className="admin-heading">
        <h1>Products</h1>
        <Link to="/admin/products/new" className="button button--primary">
          New product
        </Link>
        <Link to="/admin/products/csv" className="button">
          Import or export CSV
        </Link>
      </div>
      <Form method="get" className="admin-filters" role="search">
        <label>
          Name
          <input type="search" name="q" defaultValue={filters.q} placeholder="Search by name" />
        </label>
        <label>
          Show
          <select name="status" defaultValue={filters.status}>
            <option value="all">All products</option>
            <option value="active">Active only</option>
            <option value="inactive">Inactive only</option>
          </select>
        </label>
        <button type="submit" className="button">
          Filter
        </button>
        {filtered ? <Link to="/admin/products">Clear</Link> : null}
      </Form>
      <ResultMessage result={actionData as ActionResult | undefined} />
      {products.length === 0 ? (
        <p className="admin-panel">
          {filtered ? 'No products match these filters.' : 'No products yet. Add the first one.'}
        </p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table admin-products">
            <caption className="visually-hidden">Products in the shop’s order</caption>
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">Image</span>
                </th>
                <th scope="col">Product</th>
                <th scope="col">Price</th>
                <th scope="col">Stock</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {products.map((p) => (
                <tr key={p.id} className={p.active ? undefined : 'admin-products__inactive'}>
                  <td>
                    <img
                      className="admin-products__thumb"
                      src={p.thumbnail ?? ''}
                      alt=""
                      width="56"
                      height="56"
                      loading="lazy"
                    />
                  </td>
                  <td>
                    <Link to={`/admin/products/${p.id}`} className="admin-products__name">
                      {p.name}
                    </Link>
                    <span className="admin-products__meta">
                      /product/{p.slug} · {p.variantCount} {p.variantCount === 1 ? 'variant' : 'variants'}
                      {p.bestseller ? ' · Bestseller' : ''}
                    </span>
                  </td>
                  <td data-label="Price">{priceText(p.minPrice, p.maxPrice)}</td>
                  <td data-label="Stock" className={p.totalStock <= 10 ? 'admin-out' : undefined}>
                    {p.totalStock}
                  </td>
                  <td>
                    <span className={`admin-status admin-status--${p.active ? 'active' : 'inactive'}`}>
                      {p.active ? 'Active' : 'Inactive'}
                    </span>
                  </td>
                  <td>
                    <div className="admin-row__actions">
                      <Link
                        to={`/admin/products/${p.id}`}
                        className="button button--small"
                        aria-label={`Edit ${p.name}`}
                      >
                        Edit
                      </Link>
                      <ActiveToggle item={p} name={p.name} busy={busy} />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
