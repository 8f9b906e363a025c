// The back office's own layout (not the shop's): a side navigation and the page. Its boundary
// answers logged-out visitors with a way to log in and shoppers with a 403 page.
import { lazy, Suspense, useRef, useState } from 'react';
import { isRouteErrorResponse, NavLink, Outlet, useLocation } from 'react-router';
import { requireAdminPage } from '../../features/admin/guard.server';
import { adminMeta } from '../../features/admin/meta';
import adminStylesHref from '../../styles/admin.css?url';
import { useHydrated } from '../../use-hydrated';
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

/** The back office's pages in four groups: one list for the wide bar and the phone menu. */
const NAV: { group: string; links: { to: string; label: string; end?: boolean }[] }[] = [
  {
    group: 'Sales',
    links: [
      { to: '/admin', label: 'Dashboard', end: true },
      { to: '/admin/analytics', label: 'Analytics' },
      { to: '/admin/orders', label: 'Orders' },
      { to: '/admin/customers', label: 'Customers' },
      { to: '/admin/messages?unread=true', label: 'Messages' },
      { to: '/admin/grievances', label: 'Grievances' },
      { to: '/admin/payments', label: 'Payments' },
      { to: '/admin/cod-remittance', label: 'COD remittance' },
      { to: '/admin/ndr', label: 'Failed deliveries' },
      { to: '/admin/abandoned-carts', label: 'Abandoned carts' },
      { to: '/admin/invoices', label: 'Invoices' },
      { to: '/admin/sales-by-source', label: 'Sales by source' },
    ],
  },
  {
    group: 'Catalogue',
    links: [
      { to: '/admin/products', label: 'Products' },
      { to: '/admin/stock', label: 'Stock' },
      { to: '/admin/recalls', label: 'Recalls' },
      { to: '/admin/reviews?filter=unreplied', label: 'Reviews' },
      { to: '/admin/coupons', label: 'Coupons' },
      { to: '/admin/offers', label: 'Offers' },
      { to: '/admin/feeds', label: 'Product feeds' },
    ],
  },
  {
    group: 'Storefront',
    links: [
      { to: '/admin/banners', label: 'Banners' },
      { to: '/admin/site', label: 'Site' },
      { to: '/admin/content', label: 'Store texts' },
    ],
  },
  {
    group: 'Settings',
    links: [
      { to: '/admin/checkout-settings', label: 'Checkout' },
      { to: '/admin/delivery-settings', label: 'Delivery' },
      { to: '/admin/label-settings', label: 'Labels' },
      { to: '/admin/declaration-settings', label: 'Declarations' },
      { to: '/admin/jobs', label: 'Jobs' },
      { to: '/admin/audit', label: 'Audit log' },
    ],
  },
];

const pathOf = (to: string) => to.split('?')[0] ?? to;

/** The page's own menu entry: the longest link path the address starts with. */
function currentLabel(pathname: string): string | null {
  let best: { label: string; length: number } | null = null;
  for (const { links } of NAV) {
    for (const l of links) {
      const p = pathOf(l.to);
      const matches = l.end
        ? pathname === p || pathname === `${p}/`
        : pathname === p || pathname.startsWith(`${p}/`);
      if (matches && (!best || p.length > best.length)) best = { label: l.label, length: p.length };
    }
  }
  return best?.label ?? null;
}

function NavGroups({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <>
      {NAV.map(({ group, links }) => (
        <div key={group} className="admin__group">
          <span className="admin__group-name">{group}</span>
          {links.map((l) => (
            <NavLink key={l.to} to={l.to} end={l.end} onClick={onNavigate}>
              {l.label}
            </NavLink>
          ))}
        </div>
      ))}
    </>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);
  const here = currentLabel(pathname);
  return (
    <div className="admin">
      <header className="admin__bar">
        <a href="/admin" className="admin__brand">
          Back office
        </a>
        {/* Wide screens: every group in the bar. */}
        <nav aria-label="Back office" className="admin__nav">
          <NavGroups />
        </nav>
        {/* Phones: one line with the page's name; the groups open below it (no script needed). */}
        <details className="admin__menu" ref={menu}>
          <summary>Menu{here ? <span className="admin__here"> · {here}</span> : null}</summary>
          <nav aria-label="Back office menu" className="admin__drawer">
            <NavGroups
              onNavigate={() => {
                if (menu.current) menu.current.open = false;
              }}
            />
            <p className="admin__drawer-who">
              {loaderData.name} · <a href="/">View shop</a>
            </p>
          </nav>
        </details>
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
  // The dialog fetches its texts in the browser (i18n/dialogs.ts): it opens once hydrated, so the
  // server's HTML and the first render in the browser are the same.
  const hydrated = useHydrated();
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
      {open && hydrated ? (
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
