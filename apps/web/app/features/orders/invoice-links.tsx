// 'Download invoice' and the order's credit notes (one per refund of an invoiced order) for an
// order: plain links to the API's PDFs, which check the session; shown once the invoice is issued.
import { formatPrice } from '@spice/shared/money';
import type { OrderStatus } from '@spice/shared/order-status';
import { useT } from '../../i18n';

export function InvoiceLinks({
  orderNumber,
  invoiceNumber,
  status,
  creditNotes,
}: {
  orderNumber: string;
  invoiceNumber: string | null;
  status?: OrderStatus;
  /** The order's credit notes; without them, the latest one's link for a cancelled or returned order. */
  creditNotes?: readonly { number: string; amount: number }[];
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
      {creditNotes ? (
        creditNotes.map((n) => (
          <a
            key={n.number}
            href={`${base}/credit-notes/${encodeURIComponent(n.number)}`}
            download={`${n.number.replaceAll('/', '-')}.pdf`}
          >
            {t('invoice.creditNoteNumbered', { number: n.number, amount: formatPrice(n.amount) })}
          </a>
        ))
      ) : status === 'CANCELLED' || status === 'RTO' ? (
        <a href={`${base}/credit-note`} download={`${file}-credit-note.pdf`}>
          {t('invoice.creditNote')}
        </a>
      ) : null}
    </span>
  );
}
