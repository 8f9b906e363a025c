import { Link } from 'react-router';
import { getStorefront } from '../context';
import { useStoredUser } from '../features/account/user-store';
import {
  CartLines,
  CartTotal,
  ProceedButton,
  ShippingProgress,
  useMilestones,
} from '../features/cart/cart-contents';
import { useCart } from '../features/cart/cart-store';
import { metaSpec, useLocalePath, useSpecMessages, useT } from '../i18n';
import { pageMessages } from '../i18n/server';
import { useRootData } from '../root';
import { seoMeta } from '../seo';
import type { Route } from './+types/cart';

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  return seoMeta({
    title: `${metaSpec(matches).messages.cartTitle} | ${root.settings.storeName}`,
    description: root.settings.description,
    origin: root.origin,
    lang: root.lang,
    path: '/cart',
    noindex: true,
  });
}


export async function loader({ request, context }: Route.LoaderArgs) {
  return {
    milestones: await getStorefront(context).services.checkout.milestones(),
    i18n: pageMessages(request, 'cart'),
  };
}

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const { items, loaded } = useCart();
  const user = useStoredUser(useRootData().user);
  const milestones = useMilestones(loaderData.milestones);
  const t = useT();
  const lp = useLocalePath();
  const { messages } = useSpecMessages();
  if (loaded && items.length === 0) {
    return (
      <main className="page cart-page">
        <h1>{messages.cartTitle}</h1>
        <p className="empty">{messages.cartEmpty}</p>
        <Link to={lp('/')} className="button">
          {t('cart.continueShopping')}
        </Link>
      </main>
    );
  }
  return (
    <main className="page cart-page">
      <h1>{messages.cartTitle}</h1>
      {!loaded ? <p className="empty">{t('cart.loading')}</p> : null}
      {items.length > 0 ? (
        <div className="cart-page__layout">
          <CartLines items={items} loggedIn={Boolean(user)} />
          <aside className="cart-page__summary">
            <ShippingProgress items={items} milestones={milestones} />
            <CartTotal items={items} />
            <ProceedButton disabled={items.some((i) => !i.available)} />
          </aside>
        </div>
      ) : null}
    </main>
  );
}
