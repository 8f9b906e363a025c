// The order's shared words (status, payment mode and status, refunds, dates) in the page's
// language. English reads exactly as the shared rules write it (order-status, cod, refunds, ist);
// labels.test.ts keeps the English catalogue equal to them.
import type { PAYMENT_STATUS_LABELS } from '@spice/shared/cod';
import { formatIst } from '@spice/shared/ist';
import { formatRupees } from '@spice/shared/money';
import { type OrderStatus, statusLabel } from '@spice/shared/order-status';
import type { RefundStatus } from '@spice/shared/refunds';
import { type MessageKey, useFormat, useLang, useT } from '../../i18n';

const STATUS_KEYS: Record<OrderStatus, MessageKey> = {
  PLACED: 'order.statusPLACED',
  CONFIRMED: 'order.statusCONFIRMED',
  PACKED: 'order.statusPACKED',
  SHIPPED: 'order.statusSHIPPED',
  DELIVERED: 'order.statusDELIVERED',
  CANCELLED: 'order.statusCANCELLED',
  RTO: 'order.statusRTO',
};

const PAYMENT_STATUS_KEYS: Record<keyof typeof PAYMENT_STATUS_LABELS, MessageKey> = {
  PAID: 'payment.statusPaid',
  COD_PENDING: 'payment.statusCodPending',
  COD_COLLECTED: 'payment.statusCodCollected',
  PARTIALLY_REFUNDED: 'payment.statusPartlyRefunded',
  REFUNDED: 'payment.statusRefunded',
};

const REFUND_KEYS: Record<RefundStatus, MessageKey> = {
  pending: 'refund.initiated',
  processed: 'refund.processed',
  failed: 'refund.failed',
};

export function useOrderLabels() {
  const t = useT();
  const lang = useLang();
  const format = useFormat();
  return {
    status: (status: string) =>
      status in STATUS_KEYS ? t(STATUS_KEYS[status as OrderStatus]) : statusLabel(status),
    paymentMode: (mode: 'RAZORPAY' | 'COD') => t(mode === 'COD' ? 'payment.modeCod' : 'payment.modeOnline'),
    paymentStatus: (status: keyof typeof PAYMENT_STATUS_LABELS) => t(PAYMENT_STATUS_KEYS[status]),
    refund: (status: RefundStatus, amountPaise: number) =>
      t(REFUND_KEYS[status] ?? 'refund.initiated', { amount: formatRupees(amountPaise) }),
    /** An instant on the Indian clock: '3 Sep 2026, 9:05 am IST'; Hindi month names on Hindi pages. */
    dateTime: (at: string | Date) => (lang === 'hi' ? format.dateTime(at) : formatIst(at)),
    /** A day: '23 Nov 2026' (Hindi: '23 नवंबर 2026'). */
    date: (at: string | Date) => format.date(at),
  };
}
