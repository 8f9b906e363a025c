// Shared layout for every route but checkout: the demo notice (demo mode), header, footer and the
// scroll-to-top button.
import { stripLangPrefix } from '@spice/shared/lang';
import { Outlet, useNavigation } from 'react-router';
import { DemoNotice } from '../components/demo-notice';
import { Footer } from '../components/footer';
import { Header } from '../components/header';
import { LanguageBanner } from '../components/language-switch';
import { ScrollToTop } from '../components/scroll-to-top';
import { AccountModals } from '../features/account/session-sync';
import { CartSync } from '../features/cart/cart-sync';
import { useSpecMessages, useT } from '../i18n';
import { useRootData } from '../root';

export default function ShopLayout() {
  const navigation = useNavigation();
  const { user, demoMode, offerHindi } = useRootData();
  const t = useT();
  const { messages } = useSpecMessages();
  const loadingProduct =
    navigation.state === 'loading' && stripLangPrefix(navigation.location.pathname).startsWith('/product/');
  return (
    <>
      <a href="#main" className="skip-link">
        {t('common.skipToContent')}
      </a>
      {offerHindi ? <LanguageBanner /> : null}
      {demoMode ? <DemoNotice /> : null}
      <Header />
      {loadingProduct ? (
        <div className="route-loading" role="status">
          {messages.loadingProduct}
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
