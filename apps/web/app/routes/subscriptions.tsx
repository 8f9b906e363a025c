// The shopper's subscriptions (issue 43): each with its status, next charge, item, address and
// cycles; Skip next, Pause (1–3 deliveries), Resume, Change quantity or frequency, Cancel (asked
// why). Every change answers at once (the list is read again) and is confirmed by message.
import type { SubscriptionDto } from '@spice/shared/contracts/subscriptions';
import { pick } from '@spice/shared/localized';
import { formatPrice } from '@spice/shared/money';
import { MAX_SUBSCRIPTION_QUANTITY, SHOPPER_ACTIONS } from '@spice/shared/subscriptions';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { currentUser, getStorefront } from '../context';
import { ApiError, api } from '../features/account/api';
import { openLogin } from '../features/account/modal-events';
import { metaT, useLang, useT } from '../i18n';
import { pageMessages } from '../i18n/server';
import { seoMeta } from '../seo';
import stylesHref from '../styles/subscriptions.css?url';
import type { Route } from './+types/subscriptions';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesHref }];

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  return seoMeta({
    title: `${metaT(matches)('subscriptions.myTitle')} | ${root.settings.storeName}`,
    description: root.settings.description,
    origin: root.origin,
    lang: root.lang,
    path: '/subscriptions',
    noindex: true,
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = getStorefront(context);
  const user = await currentUser(context);
  const i18n = pageMessages(request, 'subscriptions');
  if (!user) return { loggedIn: false as const, subscriptions: [] as SubscriptionDto[], addresses: [], i18n };
  const [subscriptions, addresses] = await Promise.all([
    services.subscriptions.list(user.id),
    services.accounts.listAddresses(user.id),
  ]);
  return {
    loggedIn: true as const,
    subscriptions,
    // For 'Change address': each as one line.
    addresses: addresses.map((a) => ({
      id: a.id,
      label: `${a.name}, ${a.addressLine}, ${a.city} ${a.pincode}`,
    })),
    i18n,
  };
}

export default function Subscriptions({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <main className="page subscriptions">
      <h1>{t('subscriptions.myTitle')}</h1>
      {!loaderData.loggedIn ? (
        <div className="empty">
          <p>{t('subscriptions.logIn')}</p>
          <button type="button" className="button button--primary" onClick={openLogin}>
            {t('subscriptions.login')}
          </button>
        </div>
      ) : loaderData.subscriptions.length === 0 ? (
        <p className="empty">{t('subscriptions.none')}</p>
      ) : (
        <ul className="subscription-list">
          {loaderData.subscriptions.map((s) => (
            <SubscriptionCard key={s.id} sub={s} addresses={loaderData.addresses} />
          ))}
        </ul>
      )}
    </main>
  );
}

function SubscriptionCard({
  sub,
  addresses,
}: {
  sub: SubscriptionDto;
  addresses: readonly { id: number; label: string }[];
}) {
  const t = useT();
  const lang = useLang();
  const date = (at: string) =>
    new Intl.DateTimeFormat(lang === 'hi' ? 'hi-IN' : 'en-IN', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'Asia/Kolkata',
    }).format(new Date(at));
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [panel, setPanel] = useState<'none' | 'pause' | 'change' | 'cancel'>('none');
  const [cycles, setCycles] = useState(1);
  const [quantity, setQuantity] = useState(sub.quantity);
  const [frequency, setFrequency] = useState(sub.frequency);
  const [reason, setReason] = useState('');
  const [addressId, setAddressId] = useState(sub.addressId ?? addresses[0]?.id ?? 0);
  const can = (action: keyof typeof SHOPPER_ACTIONS) => SHOPPER_ACTIONS[action].includes(sub.status);

  async function act(path: string, body: object = {}, method: 'POST' | 'PUT' = 'POST') {
    setBusy(true);
    setError('');
    try {
      await api(`/subscriptions/${sub.id}${path}`, { method, body });
      setPanel('none');
      await revalidator.revalidate();
    } catch (e) {
      setError(e instanceof ApiError && e.status > 0 ? e.message : t('subscriptions.failed'));
    }
    setBusy(false);
  }

  return (
    <li
      className={`subscription-card subscription-card--${sub.status.toLowerCase()}`}
      data-testid="subscription"
    >
      <div className="subscription-card__head">
        <strong>{pick(sub.productName, sub.productNameHi, lang)}</strong>
        <span className={`status status--${sub.status.toLowerCase()}`}>
          {t(`subscriptions.status${sub.status}` as 'subscriptions.statusACTIVE')}
        </span>
      </div>
      <p>
        {t('subscriptions.items', {
          quantity: String(sub.quantity),
          name: pick(sub.productName, sub.productNameHi, lang),
          weight: pick(sub.weight, sub.weightHi, lang),
        })}{' '}
        · {t(`subscriptions.every${sub.frequency}` as 'subscriptions.every1')} ·{' '}
        {t('subscriptions.perDelivery', { price: formatPrice(sub.amount) })}
      </p>
      {sub.nextChargeAt && sub.status !== 'CANCELLED' ? (
        <p className="subscription-card__next">
          {t('subscriptions.nextCharge', { date: date(sub.nextChargeAt) })}
        </p>
      ) : null}
      {sub.skipNext ? <p className="subscription-card__note">{t('subscriptions.skipNote')}</p> : null}
      {sub.status === 'PAUSED' ? (
        <p className="subscription-card__note">
          {t('subscriptions.pausedNote', { count: String(sub.pausedCycles) })}
        </p>
      ) : null}
      {sub.paymentFailed && sub.status !== 'HALTED' ? (
        <p className="subscription-card__note">{t('subscriptions.failedNote')}</p>
      ) : null}
      <p className="subscription-card__address">
        {t('subscriptions.deliverTo', { name: sub.address.name, pincode: sub.address.pincode })}
      </p>
      {sub.status === 'HALTED' && sub.shortUrl ? (
        <a className="button button--primary" href={sub.shortUrl}>
          {t('subscriptions.updatePayment')}
        </a>
      ) : null}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="subscription-card__actions">
        {can('skip') && !sub.skipNext ? (
          <button type="button" className="button" disabled={busy} onClick={() => void act('/skip')}>
            {t('subscriptions.skip')}
          </button>
        ) : null}
        {can('pause') ? (
          <button type="button" className="button" disabled={busy} onClick={() => setPanel('pause')}>
            {t('subscriptions.pause')}
          </button>
        ) : null}
        {can('resume') ? (
          <button type="button" className="button" disabled={busy} onClick={() => void act('/resume')}>
            {t('subscriptions.resume')}
          </button>
        ) : null}
        {can('change') ? (
          <button type="button" className="button" disabled={busy} onClick={() => setPanel('change')}>
            {t('subscriptions.change')}
          </button>
        ) : null}
        {can('cancel') ? (
          <button
            type="button"
            className="button button--danger"
            disabled={busy}
            onClick={() => setPanel('cancel')}
          >
            {t('subscriptions.cancel')}
          </button>
        ) : null}
      </div>
      {panel === 'pause' ? (
        <div className="subscription-card__panel">
          <label>
            {t('subscriptions.pauseFor')}{' '}
            <select value={cycles} onChange={(e) => setCycles(Number(e.target.value))}>
              {[1, 2, 3].map((n) => (
                <option key={n} value={n}>
                  {t(`subscriptions.cycles${n}` as 'subscriptions.cycles1')}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => void act('/pause', { cycles })}
          >
            {t('subscriptions.pause')}
          </button>
        </div>
      ) : null}
      {panel === 'change' ? (
        <div className="subscription-card__panel">
          <label>
            {t('subscriptions.quantity')}{' '}
            <select value={quantity} onChange={(e) => setQuantity(Number(e.target.value))}>
              {Array.from({ length: MAX_SUBSCRIPTION_QUANTITY }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('subscriptions.frequency')}{' '}
            <select value={frequency} onChange={(e) => setFrequency(Number(e.target.value))}>
              {[1, 2, 3].map((f) => (
                <option key={f} value={f}>
                  {t(`subscriptions.every${f}` as 'subscriptions.every1')}
                </option>
              ))}
            </select>
          </label>
          {addresses.length > 0 ? (
            <label>
              {t('subscriptions.address')}{' '}
              <select value={addressId} onChange={(e) => setAddressId(Number(e.target.value))}>
                {addresses.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.label}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <p className="subscription-card__note">{t('subscriptions.changeNote')}</p>
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => void act('', { quantity, frequency, ...(addressId > 0 && { addressId }) }, 'PUT')}
          >
            {t('subscriptions.save')}
          </button>
        </div>
      ) : null}
      {panel === 'cancel' ? (
        <div className="subscription-card__panel">
          <label className="subscription-card__why">
            {t('subscriptions.cancelWhy')}
            <textarea value={reason} maxLength={500} rows={2} onChange={(e) => setReason(e.target.value)} />
          </label>
          <button
            type="button"
            className="button button--danger"
            disabled={busy}
            onClick={() => void act('/cancel', { reason })}
          >
            {t('subscriptions.cancelConfirm')}
          </button>
          <button type="button" className="button" onClick={() => setPanel('none')}>
            {t('subscriptions.keep')}
          </button>
        </div>
      ) : null}
    </li>
  );
}
