import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useRootData } from '../root';
import { CartIcon, CloseIcon, MenuIcon } from './icons';
import { SearchBox } from './search-box';

/** Header: logo, live search and navigation; a hamburger menu at 768 px and below. */
export function Header() {
  const { settings } = useRootData();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const cartCount = 0;

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the menu on every navigation
  useEffect(() => setMenuOpen(false), [location.key]);

  return (
    <header className="header">
      <div className="header__inner">
        <button
          type="button"
          className="header__burger"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={menuOpen}
          aria-controls="site-nav"
          onClick={() => setMenuOpen((o) => !o)}
        >
          {menuOpen ? <CloseIcon /> : <MenuIcon />}
        </button>
        <Link to="/" className="header__logo" aria-label={`${settings.storeName} home`}>
          <img src={settings.logoUrl ?? '/images/logo.svg'} alt="" width="160" height="45" />
        </Link>
        <SearchBox />
        <nav id="site-nav" className={`nav${menuOpen ? ' nav--open' : ''}`} aria-label="Main">
          <NavLink to="/" end className="nav__link">
            Home
          </NavLink>
          <NavLink to="/about" className="nav__link">
            About Us
          </NavLink>
          <NavLink to="/cart" className="nav__link nav__cart">
            <CartIcon />
            <span>Cart</span>
            {cartCount > 0 ? (
              <span className="badge">
                {cartCount}
                <span className="visually-hidden"> items</span>
              </span>
            ) : null}
          </NavLink>
          <NavLink to="/orders" className="nav__link">
            Orders
          </NavLink>
          <NavLink to="/login" className="nav__link nav__login">
            Login
          </NavLink>
        </nav>
      </div>
    </header>
  );
}
