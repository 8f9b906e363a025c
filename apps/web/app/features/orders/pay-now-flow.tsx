// The pay-now flow (issue 12, and under a COD confirmation link for issue 34): the gateway order
// for the server's amount, the payment window (the simulated one in demo mode), the verify.
import type { PaymentOrderDto } from '@spice/shared/contracts/commerce';
import { rupeesToPaise } from '@spice/shared/money';
import { useState } from 'react';
import { useRouteLoaderData } from 'react-router';
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
