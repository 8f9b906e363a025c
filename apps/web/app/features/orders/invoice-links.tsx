// 'Download invoice' (and the credit note of a cancelled or returned one) for an order: plain links
// to the API's PDF, which checks the session; shown once the invoice is issued.
import type { OrderStatus } from '@spice/shared/order-status';

export function InvoiceLinks({
  orderNumber,
  invoiceNumber,
  status,
}: {
  orderNumber: string;
  invoiceNumber: string | null;
  status?: OrderStatus;
}) {
  if (!invoiceNumber) return null;
  const base = `/api/orders/${encodeURIComponent(orderNumber)}`;
  const file = invoiceNumber.replaceAll('/', '-');
  return (
    <span className="invoice-links">
      <a href={`${base}/invoice`} download={`${file}.pdf`}>
        Download invoice
      </a>
      {status === 'CANCELLED' || status === 'RTO' ? (
        <a href={`${base}/credit-note`} download={`${file}-credit-note.pdf`}>
          Download credit note
        </a>
      ) : null}
    </span>
  );
}
