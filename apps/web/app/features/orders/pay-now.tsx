// 'Pay now and save ₹X' on the order page of a COD order not yet shipped: the server makes the
// gateway order for its own amount, the same payment window as the checkout opens, and the
// server verifies the payment and converts the order (or records a refund and says so).
import type { OrderDetailDto, PaymentOrderDto } from '@spice/shared/contracts/commerce';
import { formatPrice, formatRupees, rupeesToPaise } from '@spice/shared/money';
import { useState } from 'react';
import { useRevalidator, useRouteLoaderData } from 'react-router';
import { useT } from '../../i18n';
import type { RootData } from '../../root';
import { ApiError, api } from '../account/api';
import { loadRazorpayScript, openRazorpay, type PaymentResult } from '../checkout/payment';
import { SimulatedPayModal } from '../checkout/simulated-pay';

export function PayNow({
  orderNumber,
  offer,
  codTotal,
  onPaid,
}: {
  orderNumber: string;
  offer: NonNullable<OrderDetailDto['payNow']>;
  codTotal: number;
  onPaid: (message: string) => void;
}) {
  const root = useRouteLoaderData('root') as RootData | undefined;
  const revalidator = useRevalidator();
  const t = useT();
  const FAILED = t('payment.createFailed');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [simulated, setSimulated] = useState<PaymentOrderDto | null>(null);
  const storeName = root?.settings.storeName ?? '';

  async function verify(payment: PaymentResult) {
    setBusy(true);
    try {
      await api(`/orders/${encodeURIComponent(orderNumber)}/pay-now/verify`, { body: payment });
      onPaid(t('payNow.paid'));
    } catch (e) {
      setError(e instanceof ApiError && e.status > 0 ? e.message : FAILED);
    }
    setBusy(false);
    await revalidator.revalidate();
  }

  async function start() {
    setError('');
    setBusy(true);
    let order: PaymentOrderDto;
    try {
      order = await api<PaymentOrderDto>(`/orders/${encodeURIComponent(orderNumber)}/pay-now`, {
        body: { amount: rupeesToPaise(offer.amount) },
      });
    } catch (e) {
      setBusy(false);
      setError(e instanceof ApiError && e.status > 0 && e.status < 500 ? e.message : FAILED);
      // The amount or the order changed meanwhile: show the page as it now is.
      if (e instanceof ApiError && e.status === 409) await revalidator.revalidate();
      return;
    }
    if (order.provider === 'simulated') return setSimulated(order);
    if (!(await loadRazorpayScript())) {
      setBusy(false);
      setError(t('payment.sdkFailed'));
      return;
    }
    const user = root?.user;
    openRazorpay(
      order,
      {
        name: user ? `${user.firstName} ${user.lastName}`.trim() : '',
        email: user?.email ?? '',
        contact: user ? `+91${user.mobile}` : '',
      },
      storeName,
      { onPaid: (result) => void verify(result), onDismiss: () => setBusy(false) },
    );
  }

  return (
    <div className="pay-now">
      <p>
        {t.rich('payNow.offer', {
          amount: formatPrice(offer.amount),
          codTotal: formatPrice(codTotal),
          b: (chunks) => <strong>{chunks}</strong>,
        })}
      </p>
      <button type="button" className="button button--primary" disabled={busy} onClick={start}>
        {busy
          ? t('payNow.processing')
          : offer.saving > 0
            ? t('payNow.payAndSave', {
                amount: formatRupees(rupeesToPaise(offer.saving)),
                total: formatPrice(offer.amount),
              })
            : t('payNow.pay', { total: formatPrice(offer.amount) })}
      </button>
      {error ? (
        <p className="pay-now__error" role="alert">
          {error}
        </p>
      ) : null}
      {simulated ? (
        <SimulatedPayModal
          order={simulated}
          storeName={storeName}
          onCancel={() => {
            setSimulated(null);
            setBusy(false);
          }}
          onPaid={async (result) => {
            setSimulated(null);
            await verify(result);
          }}
          onFailed={() => {
            setSimulated(null);
            setBusy(false);
            setError(FAILED);
          }}
        />
      ) : null}
    </div>
  );
}
