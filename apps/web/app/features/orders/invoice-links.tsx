// 'Download invoice' (and the credit note of a cancelled or returned one) for an order: plain links
// to the API's PDF, which checks the session; shown once the invoice is issued.
import type { OrderStatus } from '@spice/shared/order-status';
import { useT } from '../../i18n';

export function InvoiceLinks({
  orderNumber,
  invoiceNumber,
  status,
}: {
  orderNumber: string;
  invoiceNumber: string | null;
  status?: OrderStatus;
}) {
  const t = useT();
  if (!invoiceNumber) return null;
  const base = `/api/orders/${encodeURIComponent(orderNumber)}`;
  const file = invoiceNumber.replaceAll('/', '-');
  return (
    <span className="invoice-links">
      <a href={`${base}/invoice`} download={`${file}.pdf`}>
        {t('invoice.download')}
      </a>
      {status === 'CANCELLED' || status === 'RTO' ? (
        <a href={`${base}/credit-note`} download={`${file}-credit-note.pdf`}>
          {t('invoice.creditNote')}
        </a>
      ) : null}
    </span>
  );
}
