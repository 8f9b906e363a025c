// Subscribe and save (issue 43): the chosen variant, quantity, frequency and address, what is
// charged when, and the mandate authorised through Razorpay Checkout (the simulated window in
// demo mode). The subscription is then on /subscriptions.
import type { SubscriptionDto } from '@spice/shared/contracts/subscriptions';
import { pick } from '@spice/shared/localized';
import { formatPrice } from '@spice/shared/money';
import {
  chargeSchedule,
  chargeScheduleHi,
  istDayOfMonth,
  MAX_SUBSCRIPTION_QUANTITY,
} from '@spice/shared/subscriptions';
import { useState } from 'react';
import { useNavigate, useRouteLoaderData } from 'react-router';
import { currentUser, getStorefront } from '../context';
import { ApiError, api } from '../features/account/api';
import { openLogin } from '../features/account/modal-events';
import { loadRazorpayScript } from '../features/checkout/payment';
import { metaT, useLang, useLocalePath, useT } from '../i18n';
import { pageMessages } from '../i18n/server';
import type { RootData } from '../root';
import { seoMeta } from '../seo';
import stylesHref from '../styles/subscriptions.css?url';
import type { Route } from './+types/subscribe';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesHref }];

export function meta({ matches, location }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  return seoMeta({
    title: `${metaT(matches)('subscriptions.title')} | ${root.settings.storeName}`,
    description: root.settings.description,
    origin: root.origin,
    lang: root.lang,
    path: location.pathname,
    noindex: true,
  });
}

const int = (v: string | null, min: number, max: number, fallback: number) => {
  const n = Number(v);
  return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = getStorefront(context);
  const i18n = pageMessages(request, 'subscribe');
  const url = new URL(request.url);
  const offer = await services.subscriptions.variantOffer(
    int(url.searchParams.get('variant'), 1, 2 ** 31 - 1, 0),
  );
  const user = await currentUser(context);
  const addresses = user ? await services.accounts.listAddresses(user.id) : [];
  return {
    offer,
    variantId: int(url.searchParams.get('variant'), 1, 2 ** 31 - 1, 0),
    quantity: int(url.searchParams.get('quantity'), 1, MAX_SUBSCRIPTION_QUANTITY, 1),
    frequency: int(url.searchParams.get('frequency'), 1, 3, 1),
    loggedIn: user !== null,
    addresses,
    i18n,
  };
}

export default function Subscribe({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const lp = useLocalePath();
  const navigate = useNavigate();
  const root = useRouteLoaderData('root') as RootData | undefined;
  const { offer, addresses } = loaderData;
  const [quantity, setQuantity] = useState(loaderData.quantity);
  const [frequency, setFrequency] = useState(loaderData.frequency);
  const [addressId, setAddressId] = useState(addresses[0]?.id ?? 0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [pending, setPending] = useState<SubscriptionDto | null>(null);

  if (!offer)
    return (
      <main className="page subscribe">
        <p className="empty">{t('subscriptions.failed')}</p>
      </main>
    );
  const amountPaise = Math.round(offer.unitPrice * 100) * quantity;
  const day = istDayOfMonth(new Date());
  const schedule = (lang === 'hi' ? chargeScheduleHi : chargeSchedule)(amountPaise, frequency, day);

  async function authorise(sub: SubscriptionDto) {
    setBusy(true);
    try {
      await api(`/payment/simulated/subscriptions/${sub.gatewaySubscriptionId}/authorise`, { body: {} });
      navigate(lp('/subscriptions'));
    } catch (e) {
      setError(e instanceof ApiError && e.status > 0 ? e.message : t('subscriptions.failed'));
      setBusy(false);
    }
  }

  async function subscribe() {
    setError('');
    setBusy(true);
    let sub: SubscriptionDto;
    try {
      sub = await api<SubscriptionDto>('/subscriptions', {
        body: { variantId: loaderData.variantId, quantity, frequency, addressId },
      });
    } catch (e) {
      setError(e instanceof ApiError && e.status > 0 ? e.message : t('subscriptions.failed'));
      setBusy(false);
      return;
    }
    if (sub.provider === 'simulated') {
      setPending(sub);
      setBusy(false);
      return;
    }
    if (!(await loadRazorpayScript()) || !window.Razorpay) {
      setError(t('subscriptions.failed'));
      setBusy(false);
      return;
    }
    const user = root?.user;
    new window.Razorpay({
      key: sub.keyId,
      subscription_id: sub.gatewaySubscriptionId,
      name: root?.settings.storeName ?? '',
      prefill: user
        ? {
            name: `${user.firstName} ${user.lastName}`.trim(),
            email: user.email,
            contact: `+91${user.mobile}`,
          }
        : {},
      theme: { color: '#8f3d06' },
      // The gateway's webhooks make it ACTIVE with its first order; the list shows it.
      handler: () => navigate(lp('/subscriptions')),
      modal: { ondismiss: () => setBusy(false) },
    }).open();
  }

  return (
    <main className="page subscribe">
      <h1>{t('subscriptions.title')}</h1>
      <div className="subscribe__item">
        {offer.image ? <img src={offer.image} alt="" width="72" height="72" /> : null}
        <div>
          <strong>{pick(offer.productName, offer.productNameHi, lang)}</strong>
          <small>{pick(offer.weight, offer.weightHi, lang)}</small>
          <p>
            <s>{formatPrice(offer.price)}</s> <strong>{formatPrice(offer.unitPrice)}</strong>{' '}
            <span className="tag">
              {t('subscriptions.subscribeSave', { percent: String(offer.discountPercent) })}
            </span>
          </p>
        </div>
      </div>
      {!loaderData.loggedIn ? (
        <div className="empty">
          <p>{t('subscriptions.logIn')}</p>
          <button type="button" className="button button--primary" onClick={openLogin}>
            {t('subscriptions.login')}
          </button>
        </div>
      ) : (
        <form
          className="subscribe__form"
          onSubmit={(e) => {
            e.preventDefault();
            void subscribe();
          }}
        >
          <label>
            {t('subscriptions.frequency')}
            <select value={frequency} onChange={(e) => setFrequency(Number(e.target.value))}>
              {offer.frequencies.map((f) => (
                <option key={f} value={f}>
                  {t(`subscriptions.every${f}` as 'subscriptions.every1')}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('subscriptions.quantity')}
            <select value={quantity} onChange={(e) => setQuantity(Number(e.target.value))}>
              {Array.from({ length: MAX_SUBSCRIPTION_QUANTITY }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
          <fieldset className="subscribe__addresses">
            <legend>{t('subscriptions.address')}</legend>
            {addresses.length === 0 ? <p>{t('subscriptions.noAddress')}</p> : null}
            {addresses.map((a) => (
              <label key={a.id} className="subscribe__address">
                <input
                  type="radio"
                  name="address"
                  checked={addressId === a.id}
                  onChange={() => setAddressId(a.id)}
                />
                <span>
                  <strong>{a.name}</strong> {a.addressLine}, {a.locality}, {a.city} {a.pincode}
                </span>
              </label>
            ))}
          </fieldset>
          <section className="subscribe__when" aria-labelledby="charged-when">
            <h2 id="charged-when">{t('subscriptions.chargedWhen')}</h2>
            <p className="subscribe__schedule">{schedule}</p>
            <p className="subscribe__note">{t('subscriptions.mandateNote')}</p>
          </section>
          {error ? (
            <p className="form-error" role="alert">
              {error}
            </p>
          ) : null}
          {pending ? (
            <div className="subscribe__simulated" role="dialog" aria-labelledby="sim-title">
              <h2 id="sim-title">{t('subscriptions.simulatedTitle')}</h2>
              <p>{t('subscriptions.simulatedText')}</p>
              <button
                type="button"
                className="button button--primary"
                disabled={busy}
                onClick={() => void authorise(pending)}
              >
                {t('subscriptions.authoriseNow')}
              </button>
            </div>
          ) : (
            <button type="submit" className="button button--primary" disabled={busy || addressId === 0}>
              {t('subscriptions.authorise', { price: formatPrice(amountPaise / 100) })}
            </button>
          )}
        </form>
      )}
    </main>
  );
}
