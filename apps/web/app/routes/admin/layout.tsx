// The back office's own layout (not the shop's): a side navigation and the page. Its boundary
// answers logged-out visitors with a way to log in and shoppers with a 403 page.

import { type Permission, permissionsOf, ROLE_LABELS, type StaffRole } from '@spice/shared/staff';
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
  // The role and its permissions come with the session: the menu shows only what the role may use.
  return { name: user.firstName, role: user.role, permissions: permissionsOf(user.role) };
}

/** The back office's pages in four groups: one list for the wide bar and the phone menu. */
const NAV: { group: string; links: { to: string; need: Permission; label: string; end?: boolean }[] }[] = [
  {
    group: 'Sales',
    links: [
      { to: '/admin', need: 'money.view', label: 'Dashboard', end: true },
      { to: '/admin/analytics', need: 'money.view', label: 'Analytics' },
      { to: '/admin/orders', need: 'orders.view', label: 'Orders' },
      { to: '/admin/customers', need: 'customers.view', label: 'Customers' },
      { to: '/admin/messages?unread=true', need: 'messages.handle', label: 'Messages' },
      { to: '/admin/grievances', need: 'grievances.handle', label: 'Grievances' },
      { to: '/admin/payments', need: 'money.view', label: 'Payments' },
      { to: '/admin/subscriptions', need: 'money.view', label: 'Subscriptions' },
      { to: '/admin/cod-remittance', need: 'money.view', label: 'COD remittance' },
      { to: '/admin/ndr', need: 'orders.manage', label: 'Failed deliveries' },
      { to: '/admin/abandoned-carts', need: 'marketing.manage', label: 'Abandoned carts' },
      { to: '/admin/invoices', need: 'money.view', label: 'Invoices' },
      { to: '/admin/sales-by-source', need: 'money.view', label: 'Sales by source' },
    ],
  },
  {
    group: 'Catalogue',
    links: [
      { to: '/admin/products', need: 'catalogue.manage', label: 'Products' },
      { to: '/admin/stock', need: 'stock.adjust', label: 'Stock' },
      { to: '/admin/recalls', need: 'catalogue.manage', label: 'Recalls' },
      { to: '/admin/reviews?filter=unreplied', need: 'reviews.moderate', label: 'Reviews' },
      { to: '/admin/coupons', need: 'catalogue.manage', label: 'Coupons' },
      { to: '/admin/offers', need: 'catalogue.manage', label: 'Offers' },
      { to: '/admin/feeds', need: 'catalogue.manage', label: 'Product feeds' },
    ],
  },
  {
    group: 'Storefront',
    links: [
      { to: '/admin/banners', need: 'storefront.manage', label: 'Banners' },
      { to: '/admin/site', need: 'storefront.manage', label: 'Site' },
      { to: '/admin/content', need: 'storefront.manage', label: 'Store texts' },
    ],
  },
  {
    group: 'Settings',
    links: [
      { to: '/admin/checkout-settings', need: 'settings.legal', label: 'Checkout' },
      { to: '/admin/delivery-settings', need: 'settings.manage', label: 'Delivery' },
      { to: '/admin/label-settings', need: 'settings.manage', label: 'Labels' },
      { to: '/admin/declaration-settings', need: 'settings.legal', label: 'Declarations' },
      { to: '/admin/alerts', need: 'settings.manage', label: 'My alerts' },
      { to: '/admin/jobs', need: 'jobs.manage', label: 'Jobs' },
      { to: '/admin/audit', need: 'audit.view', label: 'Audit log' },
      { to: '/admin/staff', need: 'staff.manage', label: 'Staff' },
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

/** The menu as the role may use it: a link it may not open is not drawn, nor an empty group. */
const navFor = (permissions: readonly string[]) =>
  NAV.map(({ group, links }) => ({ group, links: links.filter((l) => permissions.includes(l.need)) })).filter(
    (g) => g.links.length > 0,
  );

function NavGroups({ permissions, onNavigate }: { permissions: readonly string[]; onNavigate?: () => void }) {
  return (
    <>
      {navFor(permissions).map(({ group, links }) => (
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
          <NavGroups permissions={loaderData.permissions} />
        </nav>
        {/* Phones: one line with the page's name; the groups open below it (no script needed). */}
        <details className="admin__menu" ref={menu}>
          <summary>Menu{here ? <span className="admin__here"> · {here}</span> : null}</summary>
          <nav aria-label="Back office menu" className="admin__drawer">
            <NavGroups
              permissions={loaderData.permissions}
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
          {loaderData.name} ({ROLE_LABELS[loaderData.role as StaffRole] ?? loaderData.role}) ·{' '}
          <a href="/">View shop</a>
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
  const roleRefused =
    isRouteErrorResponse(error) && (error.data as { reason?: string } | null)?.reason === 'role';
  return (
    <main className="admin admin__main admin-error">
      {status === 401 ? (
        <AdminLogin />
      ) : status === 403 ? (
        <>
          <h1>{roleRefused ? '403: not for your role' : '403: not for shoppers'}</h1>
          <p>
            {roleRefused
              ? 'Your role on the store team does not include this page. Ask the shop owner if you need it.'
              : 'This account does not have access to the back office. Ask the shop owner to grant it.'}
          </p>
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
