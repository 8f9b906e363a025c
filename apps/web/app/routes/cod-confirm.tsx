// The COD confirmation link's page, /confirm/{token} and /hi/confirm/{token} (issue 34): no sign-in,
// the token opens this one order. The shopper confirms, corrects the address (the checkout's own
// address form; the server checks the pincode again for delivery and cash on delivery), cancels,
// or pays online and saves, here, under the token (the order then is prepaid and needs no
// confirmation). A link that cannot be used says so (404).
import type {
  CodConfirmationResultDto,
  CodConfirmationViewDto,
} from '@spice/shared/contracts/cod-confirmation';
import { formatIst } from '@spice/shared/ist';
import { pick } from '@spice/shared/localized';
import { formatPrice } from '@spice/shared/money';
import { useState } from 'react';
import { isRouteErrorResponse, Link } from 'react-router';
import { Modal } from '../components/modal';
import { getStorefront } from '../context';
import { ApiError, api } from '../features/account/api';
import { AddressForm } from '../features/addresses/address-form';
import { DeliveryAddress } from '../features/orders/delivery-address';
import { usePayNowFlow } from '../features/orders/pay-now-flow';
import { metaT, useLang, useLocalePath, useT } from '../i18n';
import { pageMessages, pageNotFound } from '../i18n/server';
import { seoMeta } from '../seo';
import codConfirmStylesHref from '../styles/cod-confirm.css?url';
import type { Route } from './+types/cod-confirm';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: codConfirmStylesHref }];

export function meta({ matches, params }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  return seoMeta({
    title: `${metaT(matches)('codConfirm.metaTitle')} | ${root.settings.storeName}`,
    description: root.settings.description,
    origin: root.origin,
    lang: root.lang,
    path: `/confirm/${params.token}`,
    noindex: true,
  });
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services } = getStorefront(context);
  try {
    const view = await services.codConfirmation.view(params.token);
    return { ...view, i18n: pageMessages(request, 'cod-confirm') };
  } catch (error) {
    if ((error as { kind?: string }).kind === 'notFound') throw pageNotFound(request, 'cod-confirm');
    throw error;
  }
}

export function headers() {
  // The token is the key to this order: never cached, never sent on as a referrer.
  return { 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer' };
}

type Done = { kind: 'confirmed' | 'cancelled' | 'paid'; orderNumber: string };

export default function CodConfirmPage({ loaderData: view, params }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const lp = useLocalePath();
  const [order, setOrder] = useState<CodConfirmationViewDto>(view);
  const [done, setDone] = useState<Done | null>(null);
  const [busy, setBusy] = useState<'confirm' | 'cancel' | null>(null);
  const [error, setError] = useState('');
  const [editing, setEditing] = useState(false);
  const [asking, setAsking] = useState(false);
  const base = `/cod-confirmations/${encodeURIComponent(params.token)}`;
  const reload = async () => setOrder(await api<CodConfirmationViewDto>(base));
  const payNow = usePayNowFlow({
    base: `${base}/pay-now`,
    amount: order.payNow?.amount ?? 0,
    simulatePath: (id) => `${base}/pay-now/simulated/${encodeURIComponent(id)}/pay`,
    onPaid: async () => {
      setDone({ kind: 'paid', orderNumber: order.orderNumber });
      await reload();
    },
    onStale: reload,
  });

  async function act(what: 'confirm' | 'cancel') {
    setBusy(what);
    setError('');
    try {
      const answer = await api<CodConfirmationResultDto>(`${base}/${what}`, { body: {} });
      setDone({ kind: what === 'confirm' ? 'confirmed' : 'cancelled', orderNumber: answer.orderNumber });
    } catch (e) {
      setError(e instanceof ApiError && e.status > 0 && e.status < 500 ? e.message : t('codConfirm.failed'));
    }
    setBusy(null);
    setAsking(false);
  }

  async function saveAddress(values: Parameters<Parameters<typeof AddressForm>[0]['onSave']>[0]) {
    await api<CodConfirmationResultDto>(`${base}/address`, { method: 'PUT', body: values });
    setOrder(await api<CodConfirmationViewDto>(base));
    setEditing(false);
    setDone({ kind: 'confirmed', orderNumber: order.orderNumber });
  }

  if (done?.kind === 'cancelled') {
    return (
      <main className="page cod-confirm">
        <p className="cod-confirm__done" role="status">
          {t('codConfirm.cancelled', { number: done.orderNumber })}
        </p>
        <Link className="button" to={lp('/')}>
          {t('codConfirm.shopMore')}
        </Link>
      </main>
    );
  }

  const confirmed = done?.kind === 'confirmed' || order.status === 'CONFIRMED';
  return (
    <main className="page cod-confirm">
      <h1>{t('codConfirm.title', { number: order.orderNumber })}</h1>
      {done?.kind === 'paid' ? (
        <p className="cod-confirm__done" role="status">
          {t('codConfirm.paid', { number: order.orderNumber })}
        </p>
      ) : done?.kind === 'confirmed' ? (
        <p className="cod-confirm__done" role="status">
          {t('codConfirm.confirmed', { number: order.orderNumber })}
        </p>
      ) : confirmed ? (
        <p className="cod-confirm__done">{t('codConfirm.confirmedAlready', { number: order.orderNumber })}</p>
      ) : (
        <p className="cod-confirm__lead">{t('codConfirm.lead', { date: formatIst(order.confirmBy) })}</p>
      )}

      <section className="cod-confirm__card" aria-labelledby="cod-confirm-items">
        <h2 id="cod-confirm-items">{t('codConfirm.itemsHeading')}</h2>
        <ul className="cod-confirm__items">
          {order.items.map((i) => (
            <li key={`${i.productName}-${i.variant}`}>
              <span>
                {pick(i.productName, i.productNameHi, lang)} · {pick(i.variant, i.variantHi, lang)}
              </span>
              <span className="cod-confirm__qty">{t('codConfirm.quantity', { quantity: i.quantity })}</span>
              <span className="cod-confirm__price">{formatPrice(i.price * i.quantity)}</span>
            </li>
          ))}
        </ul>
        <p className="cod-confirm__total">
          <span>{order.paidOnline ? t('codConfirm.paidOnline') : t('codConfirm.cashToPay')}</span>
          <strong>{formatPrice(order.totalAmount)}</strong>
        </p>
      </section>

      <section className="cod-confirm__card" aria-labelledby="cod-confirm-address">
        <h2 id="cod-confirm-address">{t('codConfirm.addressHeading')}</h2>
        <DeliveryAddress address={order.address} />
      </section>

      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}

      <div className="cod-confirm__actions">
        {!confirmed ? (
          <button
            type="button"
            className="button button--primary"
            disabled={busy !== null}
            onClick={() => void act('confirm')}
          >
            {busy === 'confirm' ? t('codConfirm.confirming') : t('codConfirm.confirm')}
          </button>
        ) : null}
        <button type="button" className="button" disabled={busy !== null} onClick={() => setEditing(true)}>
          {t('codConfirm.changeAddress')}
        </button>
        <button
          type="button"
          className="button button--danger"
          disabled={busy !== null}
          onClick={() => setAsking(true)}
        >
          {t('codConfirm.cancel')}
        </button>
      </div>

      {order.payNow ? (
        <section className="cod-confirm__pay-now">
          <button
            type="button"
            className="button button--accent"
            disabled={payNow.busy || busy !== null}
            onClick={() => void payNow.start()}
          >
            {payNow.busy
              ? t('codConfirm.paying')
              : t('codConfirm.payNow', { amount: formatPrice(order.payNow.saving) })}
          </button>
          <p>
            {t('codConfirm.payNowNote', {
              total: formatPrice(order.payNow.amount),
              codTotal: formatPrice(order.totalAmount),
            })}
          </p>
          {payNow.error ? (
            <p className="form-error" role="alert">
              {payNow.error}
            </p>
          ) : null}
          {payNow.modal}
        </section>
      ) : null}

      {editing ? (
        <Modal title={t('codConfirm.changeAddressTitle')} onClose={() => setEditing(false)}>
          <AddressForm
            start={{ name: order.address.name, phone: order.address.phone }}
            forOneOrder
            submitLabel={t('codConfirm.saveAddress')}
            onSave={saveAddress}
            onCancel={() => setEditing(false)}
          />
        </Modal>
      ) : null}

      {asking ? (
        <Modal title={t('codConfirm.cancel')} onClose={() => setAsking(false)}>
          <p>{t('codConfirm.cancelQuestion', { number: order.orderNumber })}</p>
          <div className="form-actions">
            <button type="button" className="button" onClick={() => setAsking(false)}>
              {t('codConfirm.cancelNo')}
            </button>
            <button
              type="button"
              className="button button--danger"
              disabled={busy !== null}
              onClick={() => void act('cancel')}
            >
              {busy === 'cancel' ? t('codConfirm.cancelling') : t('codConfirm.cancelYes')}
            </button>
          </div>
        </Modal>
      ) : null}
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT(error);
  const lp = useLocalePath();
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return (
    <main className="page cod-confirm">
      <h1>{t('codConfirm.expiredTitle')}</h1>
      <p>{t('codConfirm.expired')}</p>
      <Link className="button" to={lp('/')}>
        {t('codConfirm.shopMore')}
      </Link>
    </main>
  );
}
