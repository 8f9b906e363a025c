// Product feeds (issue 38): the addresses to give Google Merchant Center and Meta Commerce Manager,
// how many items each has, and the products left out with the reason, to fix in the catalogue.
import { getStorefront } from '../../context';
import { requireAdminPage } from '../../features/admin/guard.server';
import { adminMeta } from '../../features/admin/meta';
import type { Route } from './+types/feeds';

export function meta() {
  return adminMeta('Product feeds');
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await requireAdminPage(context, 'catalogue.manage');
  const { publicUrl } = getStorefront(context);
  return { summary: await services.feeds.summary(publicUrl ?? new URL(request.url).origin) };
}

export default function AdminFeeds({ loaderData }: Route.ComponentProps) {
  const { summary } = loaderData;
  return (
    <>
      <h1>Product feeds</h1>
      <p>
        Give these addresses to Google Merchant Center (a scheduled fetch) and to Meta Commerce Manager (a
        data feed). They always show the catalogue as it is now: prices, stock and pictures.
      </p>
      <table className="admin-table admin-table--cards">
        <caption>Feeds</caption>
        <thead>
          <tr>
            <th scope="col">Feed</th>
            <th scope="col">Address</th>
            <th scope="col">Items</th>
          </tr>
        </thead>
        <tbody>
          {summary.feeds.map((f) => (
            <tr key={f.url}>
              <td data-label="Feed">{f.name}</td>
              <td data-label="Address" className="admin-table__full">
                <input
                  type="text"
                  readOnly
                  value={f.url}
                  aria-label={`${f.name} address`}
                  onFocus={(e) => e.currentTarget.select()}
                  size={f.url.length}
                />
              </td>
              <td data-label="Items">{f.items}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Left out</h2>
      {summary.leftOut.length === 0 ? (
        <p>Every variant of every active product is in the feeds.</p>
      ) : (
        <table className="admin-table admin-table--cards">
          <caption>Variants the feeds leave out, and why</caption>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">SKU</th>
              <th scope="col">Reason</th>
            </tr>
          </thead>
          <tbody>
            {summary.leftOut.map((l) => (
              <tr key={l.sku}>
                <td data-label="Product">
                  <a href={`/admin/products/${l.productId}`}>{l.name}</a>
                </td>
                <td data-label="SKU">{l.sku}</td>
                <td data-label="Reason">
                  {l.reasons.map((r) => (r === 'no image' ? 'No image' : 'No description')).join(', ')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
