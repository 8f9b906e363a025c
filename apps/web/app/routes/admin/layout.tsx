// The back office's own layout (not the shop's): a side navigation and the page. Its boundary
// answers logged-out visitors with a way to log in and shoppers with a 403 page.
import { lazy, Suspense, useState } from 'react';
import { isRouteErrorResponse, NavLink, Outlet } from 'react-router';
import { requireAdminPage } from '../../features/admin/guard.server';
import { adminMeta } from '../../features/admin/meta';
import adminStylesHref from '../../styles/admin.css?url';
import type { Route } from './+types/layout';

// The back office's own styles, on top of the shop's; storefront pages never load them.
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: adminStylesHref }];

export function meta() {
  return adminMeta('Back office');
}

export async function loader({ context }: Route.LoaderArgs) {
  const { user } = await requireAdminPage(context);
  return { name: user.firstName };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="admin">
      <header className="admin__bar">
        <a href="/admin" className="admin__brand">
          Back office
        </a>
        <nav aria-label="Back office" className="admin__nav">
          <NavLink to="/admin" end>
            Dashboard
          </NavLink>
          <NavLink to="/admin/products">Products</NavLink>
          <NavLink to="/admin/orders">Orders</NavLink>
          <NavLink to="/admin/customers">Customers</NavLink>
          <NavLink to="/admin/payments">Payments</NavLink>
          <NavLink to="/admin/cod-remittance">COD remittance</NavLink>
          <NavLink to="/admin/invoices">Invoices</NavLink>
          <NavLink to="/admin/stock">Stock</NavLink>
          <NavLink to="/admin/reviews?filter=unreplied">Reviews</NavLink>
          <NavLink to="/admin/messages?unread=true">Messages</NavLink>
          <NavLink to="/admin/banners">Banners</NavLink>
          <NavLink to="/admin/coupons">Coupons</NavLink>
          <NavLink to="/admin/site">Site</NavLink>
          <NavLink to="/admin/content">Store texts</NavLink>
          <NavLink to="/admin/checkout-settings">Checkout</NavLink>
          <NavLink to="/admin/jobs">Jobs</NavLink>
          <NavLink to="/admin/delivery-settings">Delivery</NavLink>
          <NavLink to="/admin/label-settings">Labels</NavLink>
          <NavLink to="/admin/audit">Audit log</NavLink>
        </nav>
        <span className="admin__who">
          {loaderData.name} · <a href="/">View shop</a>
        </span>
      </header>
      <main className="admin__main">
        <Outlet />
      </main>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main className="admin admin__main admin-error">
      {status === 401 ? (
        <AdminLogin />
      ) : status === 403 ? (
        <>
          <h1>403: not for shoppers</h1>
          <p>This account does not have access to the back office. Ask the shop owner to grant it.</p>
          <a className="button" href="/">
            Back to the shop
          </a>
        </>
      ) : status === 404 ? (
        <>
          <h1>Not found</h1>
          <p>There is nothing here. It may have been removed.</p>
          <a className="button" href="/admin">
            Back to the dashboard
          </a>
        </>
      ) : (
        <>
          <h1>Something went wrong</h1>
          <p>Please reload the page in a moment.</p>
        </>
      )}
    </main>
  );
}

const LoginModal = lazy(() => import('../../features/account/login-modal'));

/**
 * A signed-out visitor gets the shop's login right here, open at once; once logged in, the page
 * revalidates and the page asked for shows, at the same address.
 */
function AdminLogin() {
  const [open, setOpen] = useState(true);
  const [unknown, setUnknown] = useState('');
  return (
    <>
      <h1>Please log in</h1>
      <p>
        The back office is for the store team. Log in with your admin mobile number and the code sent to it.
      </p>
      {unknown ? (
        <p className="admin-message admin-message--error" role="alert">
          No account uses {unknown}. Log in with the admin mobile number.
        </p>
      ) : null}
      <button type="button" className="button button--primary" onClick={() => setOpen(true)}>
        Log in
      </button>{' '}
      <a className="button" href="/">
        Back to the shop
      </a>
      {open ? (
        <Suspense fallback={null}>
          <LoginModal
            onClose={() => setOpen(false)}
            onNewNumber={(mobile) => {
              setUnknown(mobile);
              setOpen(false);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
