import { stripLangPrefix } from '@spice/shared/lang';
import { lazy, type MouseEvent, Suspense, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate, useRevalidator } from 'react-router';
import { api } from '../features/account/api';
import { openLogin } from '../features/account/modal-events';
import { storeUser, useStoredUser } from '../features/account/user-store';
import { clearCartLocally, useCart } from '../features/cart/cart-store';
import { useLocalePath, useT } from '../i18n';
import { useRootData } from '../root';
import { CartIcon, CloseIcon, MenuIcon } from './icons';
import { LanguageSwitch } from './language-switch';
import { SearchBox } from './search-box';

const CartDrawer = lazy(() => import('../features/cart/cart-drawer'));

/** Header: logo, live search and navigation; a hamburger menu at 768 px and below. */
export function Header() {
  const { settings, user: serverUser } = useRootData();
  const user = useStoredUser(serverUser);
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const { items } = useCart();
  const cartCount = items.length;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const t = useT();
  const lp = useLocalePath();

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the menu on every navigation
  useEffect(() => setMenuOpen(false), [location.key]);

  // The drawer where JavaScript runs; the /cart page otherwise.
  const openDrawer = (e: MouseEvent) => {
    e.preventDefault();
    setMenuOpen(false);
    setDrawerOpen(true);
  };

  return (
    <header className="header">
      <div className="header__inner">
        <button
          type="button"
          className="header__burger"
          aria-label={menuOpen ? t('header.closeMenu') : t('header.openMenu')}
          aria-expanded={menuOpen}
          aria-controls="site-nav"
          onClick={() => setMenuOpen((o) => !o)}
        >
          {menuOpen ? <CloseIcon /> : <MenuIcon />}
        </button>
        <Link
          to={lp('/')}
          className="header__logo"
          aria-label={t('header.logoLabel', { store: settings.storeName })}
        >
          <img src={settings.logoUrl ?? '/images/logo.svg'} alt="" width={160} height={45} />
        </Link>
        {/* Phones keep the cart one tap away in the top bar, as well as in the menu. */}
        <a href={lp('/cart')} className="header__cart" onClick={openDrawer}>
          <CartIcon />
          <span className="visually-hidden">{t('header.cart')}</span>
          <CartBadge count={cartCount} className="header__cart-count" />
        </a>
        <SearchBox />
        <nav id="site-nav" className={`nav${menuOpen ? ' nav--open' : ''}`} aria-label={t('header.mainNav')}>
          <NavLink to={lp('/')} end className="nav__link">
            {t('header.home')}
          </NavLink>
          <NavLink to={lp('/about')} className="nav__link">
            {t('header.about')}
          </NavLink>
          <a href={lp('/cart')} className="nav__link nav__cart" onClick={openDrawer}>
            <CartIcon />
            <span>{t('header.cart')}</span>
            <CartBadge count={cartCount} className="badge" />
          </a>
          <NavLink to={lp('/orders')} className="nav__link">
            {t('header.orders')}
          </NavLink>
          {user ? (
            <>
              <NavLink to={lp('/profile')} className="nav__link nav__you">
                {t('header.you')}
              </NavLink>
              {user.role !== 'customer' ? (
                // Straight in the hamburger (shown at 768 px and below, like 'You'); the profile menu has it too.
                <Link to="/admin" className="nav__link nav__you">
                  {t('header.backOffice')}
                </Link>
              ) : null}
              <ProfileMenu firstName={user.firstName} admin={user.role !== 'customer'} />
            </>
          ) : (
            <button type="button" className="nav__link nav__login" onClick={openLogin}>
              {t('header.login')}
            </button>
          )}
          <LanguageSwitch className="nav__lang" compact />
        </nav>
      </div>
      {drawerOpen ? (
        <Suspense fallback={null}>
          <CartDrawer onClose={() => setDrawerOpen(false)} loggedIn={Boolean(user)} />
        </Suspense>
      ) : null}
    </header>
  );
}

/** The number of cart lines, shown when above 0. */
function CartBadge({ count, className }: { count: number; className: string }) {
  const t = useT();
  if (count === 0) return null;
  return (
    <span className={className}>
      {count}
      <span className="visually-hidden"> {t('header.cartBadgeItems', { count })}</span>
    </span>
  );
}

function ProfileMenu({ firstName, admin }: { firstName: string; admin: boolean }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const location = useLocation();
  const revalidator = useRevalidator();
  const t = useT();
  const lp = useLocalePath();

  // biome-ignore lint/correctness/useExhaustiveDependencies: close on every navigation
  useEffect(() => setOpen(false), [location.key]);
  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  async function logout() {
    try {
      await api('/auth/logout', { method: 'POST', body: {} });
    } finally {
      storeUser(null);
      clearCartLocally();
      setOpen(false);
      const page = stripLangPrefix(location.pathname);
      if (['/profile', '/orders', '/checkout'].includes(page) || page.startsWith('/orders/'))
        navigate(lp('/'));
      revalidator.revalidate();
    }
  }

  return (
    <div className="profile-menu" ref={ref}>
      <button
        type="button"
        className="nav__link profile-menu__button"
        aria-expanded={open}
        aria-haspopup="true"
        onClick={() => setOpen((o) => !o)}
      >
        <span className="avatar" aria-hidden="true">
          {firstName.slice(0, 1).toUpperCase()}
        </span>
        {firstName}
      </button>
      {open ? (
        <div className="profile-menu__list">
          {/* On a phone the menu above already lists these: only Logout is new here. */}
          <Link to={lp('/profile')} className="profile-menu__in-nav">
            {t('header.myProfile')}
          </Link>
          <Link to={lp('/orders')} className="profile-menu__in-nav">
            {t('header.orders')}
          </Link>
          {admin ? (
            <Link to="/admin" className="profile-menu__in-nav">
              {t('header.backOffice')}
            </Link>
          ) : null}
          <button type="button" onClick={() => void logout()}>
            {t('header.logout')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
