// The simulated gateway's test-mode window (demo mode only): the checkout and the order page's
// 'Pay now' open this one when the server runs the simulated gateway, Razorpay's own otherwise.
import type { PaymentOrderDto } from '@spice/shared/contracts/commerce';
import { formatRupees } from '@spice/shared/money';
import { Modal } from '../../components/modal';
import { api } from '../account/api';
import type { PaymentResult } from './payment';

export function SimulatedPayModal({
  order,
  storeName,
  onCancel,
  onPaid,
  onFailed,
}: {
  order: PaymentOrderDto;
  storeName: string;
  onCancel: () => void;
  onPaid: (result: PaymentResult) => void | Promise<void>;
  onFailed: () => void;
}) {
  return (
    <Modal title="Razorpay (test mode)" onClose={onCancel} className="modal--pay">
      <p>
        This shop runs the simulated payment gateway: no money moves. Paying to <strong>{storeName}</strong>.
      </p>
      <div className="form-actions">
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={async () => {
            let result: PaymentResult;
            try {
              result = await api<PaymentResult>(
                `/payment/simulated/${encodeURIComponent(order.orderId)}/pay`,
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
          Pay {formatRupees(order.amount)}
        </button>
      </div>
    </Modal>
  );
}
