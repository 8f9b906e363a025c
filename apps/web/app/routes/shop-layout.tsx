// Shared layout for every route but checkout: the demo notice (demo mode), header, footer and the
// scroll-to-top button.
import { MESSAGES } from '@spice/shared/messages';
import { Outlet, useNavigation } from 'react-router';
import { DemoNotice } from '../components/demo-notice';
import { Footer } from '../components/footer';
import { Header } from '../components/header';
import { ScrollToTop } from '../components/scroll-to-top';
import { AccountModals } from '../features/account/session-sync';
import { CartSync } from '../features/cart/cart-sync';
import { useRootData } from '../root';

export default function ShopLayout() {
  const navigation = useNavigation();
  const { user, demoMode } = useRootData();
  const loadingProduct =
    navigation.state === 'loading' && navigation.location.pathname.startsWith('/product/');
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      {demoMode ? <DemoNotice /> : null}
      <Header />
      {loadingProduct ? (
        <div className="route-loading" role="status">
          {MESSAGES.loadingProduct}
        </div>
      ) : null}
      <div id="main" className="main">
        <Outlet />
      </div>
      <Footer />
      <ScrollToTop />
      <AccountModals serverUser={user} />
      <CartSync />
    </>
  );
}
