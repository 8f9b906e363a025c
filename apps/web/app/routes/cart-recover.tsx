// The recovery link of an abandoned-cart reminder (issue 37, decision 0041): `/cart/recover/{token}`.
// Signed in as the shopper it was sent to, the saved lines go back into the cart (merged with what
// is there, never doubled) and the cart opens, at today's prices and stock. Signed out, the page
// asks them to sign in with the mobile it was sent to (the usual code); the login revalidates this
// loader, which then restores and opens the cart. It never signs anyone in by itself.
import { AppError } from '@spice/shared/app-error';
import { localizePath, pathLang } from '@spice/shared/lang';
import { data, Link, redirect } from 'react-router';
import { currentUser, getStorefront } from '../context';
import { openLogin } from '../features/account/modal-events';
import { metaT, useLocalePath, useT } from '../i18n';
import { pageMessages } from '../i18n/server';
import { seoMeta } from '../seo';
import stylesHref from '../styles/delivery-issue.css?url';
import type { Route } from './+types/cart-recover';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesHref }];

export function meta({ matches, location }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  return seoMeta({
    title: `${metaT(matches)('recover.metaTitle')} | ${root.settings.storeName}`,
    description: root.settings.description,
    origin: root.origin,
    lang: root.lang,
    path: location.pathname,
    noindex: true,
  });
}

type State = { kind: 'signIn'; mobile: string } | { kind: 'expired' } | { kind: 'other' };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services } = getStorefront(context);
  const i18n = pageMessages(request, 'cart-recover');
  const lang = pathLang(new URL(request.url).pathname);
  const user = await currentUser(context);
  try {
    await services.marketing.recover(params.token, user);
  } catch (error) {
    if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
    if (error.statusCode === 401) {
      const owner = await services.marketing.recoveryFor(params.token);
      const mobile = owner ? `+91 ******${owner.mobile.slice(-4)}` : '';
      return { state: { kind: 'signIn', mobile } as State, i18n };
    }
    const state: State = error.statusCode === 403 ? { kind: 'other' } : { kind: 'expired' };
    return data({ state, i18n }, { status: error.statusCode });
  }
  throw redirect(localizePath('/cart', lang));
}

export function headers() {
  return { 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer' };
}

export default function CartRecoverPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lp = useLocalePath();
  const { state } = loaderData;
  if (state.kind === 'signIn') {
    return (
      <main className="page delivery-issue cart-recover">
        <h1>{t('recover.title')}</h1>
        <div className="delivery-issue__done">
          <p>{t('recover.signInLead', { mobile: state.mobile })}</p>
          <p>
            <button type="button" className="button" onClick={openLogin}>
              {t('recover.signIn')}
            </button>
          </p>
        </div>
      </main>
    );
  }
  const other = state.kind === 'other';
  return (
    <main className="page delivery-issue cart-recover">
      <h1>{t(other ? 'recover.otherTitle' : 'recover.expiredTitle')}</h1>
      <p>{t(other ? 'recover.other' : 'recover.expired')}</p>
      <p>
        <Link className="button" to={lp('/cart')}>
          {t('recover.goToCart')}
        </Link>
      </p>
    </main>
  );
}
