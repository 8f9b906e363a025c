// 'Pay now and save ₹X' on the order page of a COD order not yet shipped: the server makes the
// gateway order for its own amount, the same payment window as the checkout opens, and the
// server verifies the payment and converts the order (or records a refund and says so). The same
// flow runs under a COD confirmation link, without sign-in (usePayNowFlow with the link's paths).
import type { OrderDetailDto, PaymentOrderDto } from '@spice/shared/contracts/commerce';
import { formatPrice, formatRupees, rupeesToPaise } from '@spice/shared/money';
import { useState } from 'react';
import { useRevalidator, useRouteLoaderData } from 'react-router';
import { useT } from '../../i18n';
import type { RootData } from '../../root';
import { ApiError, api } from '../account/api';
import { loadRazorpayScript, openRazorpay, type PaymentResult } from '../checkout/payment';
import { SimulatedPayModal } from '../checkout/simulated-pay';

/**
 * Makes the gateway order for `amount` (rupees) at `base`, opens the payment window (the simulated
 * one in demo mode) and verifies at `${base}/verify`; `simulatePath` names the simulated Pay.
 */
export function usePayNowFlow({
  base,
  amount,
  simulatePath,
  onPaid,
  onStale,
}: {
  base: string;
  amount: number;
  simulatePath?: (providerOrderId: string) => string;
  onPaid: () => void | Promise<void>;
  onStale: () => void | Promise<void>;
}) {
  const root = useRouteLoaderData('root') as RootData | undefined;
  const t = useT();
  const FAILED = t('payment.createFailed');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [simulated, setSimulated] = useState<PaymentOrderDto | null>(null);
  const storeName = root?.settings.storeName ?? '';

  async function verify(payment: PaymentResult) {
    setBusy(true);
    try {
      await api(`${base}/verify`, { body: payment });
      await onPaid();
    } catch (e) {
      setError(e instanceof ApiError && e.status > 0 ? e.message : FAILED);
      await onStale();
    }
    setBusy(false);
  }

  async function start() {
    setError('');
    setBusy(true);
    let order: PaymentOrderDto;
    try {
      order = await api<PaymentOrderDto>(base, { body: { amount: rupeesToPaise(amount) } });
    } catch (e) {
      setBusy(false);
      setError(e instanceof ApiError && e.status > 0 && e.status < 500 ? e.message : FAILED);
      // The amount or the order changed meanwhile: show the page as it now is.
      if (e instanceof ApiError && e.status === 409) await onStale();
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

  const modal = simulated ? (
    <SimulatedPayModal
      order={simulated}
      storeName={storeName}
      {...(simulatePath && { payPath: simulatePath(simulated.orderId) })}
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
  ) : null;
  return { start, busy, error, modal };
}

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
  const revalidator = useRevalidator();
  const t = useT();
  const flow = usePayNowFlow({
    base: `/orders/${encodeURIComponent(orderNumber)}/pay-now`,
    amount: offer.amount,
    onPaid: async () => {
      onPaid(t('payNow.paid'));
      await revalidator.revalidate();
    },
    onStale: () => revalidator.revalidate(),
  });

  return (
    <div className="pay-now">
      <p>
        {t.rich('payNow.offer', {
          amount: formatPrice(offer.amount),
          codTotal: formatPrice(codTotal),
          b: (chunks) => <strong>{chunks}</strong>,
        })}
      </p>
      <button type="button" className="button button--primary" disabled={flow.busy} onClick={flow.start}>
        {flow.busy
          ? t('payNow.processing')
          : offer.saving > 0
            ? t('payNow.payAndSave', {
                amount: formatRupees(rupeesToPaise(offer.saving)),
                total: formatPrice(offer.amount),
              })
            : t('payNow.pay', { total: formatPrice(offer.amount) })}
      </button>
      {flow.error ? (
        <p className="pay-now__error" role="alert">
          {flow.error}
        </p>
      ) : null}
      {flow.modal}
    </div>
  );
}
