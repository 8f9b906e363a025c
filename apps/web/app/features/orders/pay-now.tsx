// 'Pay now and save ₹X' on the order page of a COD order not yet shipped: the server makes the
// gateway order for its own amount, the same payment window as the checkout opens, and the
// server verifies the payment and converts the order (or records a refund and says so). The same
// flow runs under a COD confirmation link, without sign-in (usePayNowFlow with the link's paths).
import type { OrderDetailDto } from '@spice/shared/contracts/commerce';
import { formatPrice, formatRupees, rupeesToPaise } from '@spice/shared/money';
import { useRevalidator } from 'react-router';
import { useT } from '../../i18n';
import { usePayNowFlow } from './pay-now-flow';

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
