// The tabs of the back office's Site area: footer and contact, marketplaces, About page.
import { NavLink } from 'react-router';

export function SiteTabs() {
  return (
    <nav className="admin-tabs" aria-label="Site">
      <NavLink to="/admin/site" end>
        Footer &amp; contact
      </NavLink>
      <NavLink to="/admin/site/marketplaces">Marketplaces</NavLink>
      <NavLink to="/admin/site/about">About page</NavLink>
    </nav>
  );
}
