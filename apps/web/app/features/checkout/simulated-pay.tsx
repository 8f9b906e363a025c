// The simulated gateway's test-mode window (demo mode only): the checkout and the order page's
// 'Pay now' open this one when the server runs the simulated gateway, Razorpay's own otherwise.
import type { PaymentOrderDto } from '@spice/shared/contracts/commerce';
import { formatRupees } from '@spice/shared/money';
import { Modal } from '../../components/modal';
import { useT } from '../../i18n';
import { api } from '../account/api';
import type { PaymentResult } from './payment';

export function SimulatedPayModal({
  order,
  storeName,
  onCancel,
  onPaid,
  onFailed,
  payPath,
}: {
  order: PaymentOrderDto;
  /** Where its Pay goes: the signed-in shopper's by default; a confirmation link's under its token. */
  payPath?: string;
  storeName: string;
  onCancel: () => void;
  onPaid: (result: PaymentResult) => void | Promise<void>;
  onFailed: () => void;
}) {
  const t = useT();
  return (
    <Modal title={t('payment.simulatedTitle')} onClose={onCancel} className="modal--pay">
      <p>{t.rich('payment.simulatedText', { store: storeName, b: (chunks) => <strong>{chunks}</strong> })}</p>
      <div className="form-actions">
        <button type="button" className="button" onClick={onCancel}>
          {t('payment.cancel')}
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={async () => {
            let result: PaymentResult;
            try {
              result = await api<PaymentResult>(
                payPath ?? `/payment/simulated/${encodeURIComponent(order.orderId)}/pay`,
                {
                  method: 'POST',
                  body: {},
                },
              );
            } catch {
              onFailed();
              return;
            }
            await onPaid(result);
          }}
        >
          {t('payment.pay', { amount: formatRupees(order.amount) })}
        </button>
      </div>
    </Modal>
  );
}
