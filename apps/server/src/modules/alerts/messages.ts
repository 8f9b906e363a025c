// The words of the owner's alerts (issue 41), in English and Hindi: one subject and one text per
// alert, the same text on every channel (an e-mail's body, an SMS, the one parameter of the
// WhatsApp template `staff_alert`). Staff read them, so names, SKUs and order numbers stay as the
// shop wrote them; links go to the back office.

import { formatIst } from '@spice/shared/ist';
import type { Lang } from '@spice/shared/lang';
import { istMinuteOfDay } from '@spice/shared/marketing-timing';
import { formatRupees } from '@spice/shared/money';
import type { AlertKind } from '@spice/shared/owner-alerts';
import { paymentReasonLabel } from '@spice/shared/payments';

export interface AlertOrder {
  orderNumber: string;
  totalPaise: number;
  paymentMode: 'RAZORPAY' | 'COD';
  customerName: string;
  place: string;
}

export interface LowVariant {
  variantId: number;
  productName: string;
  productNameHi: string;
  weight: string;
  sku: string;
  stock: number;
  reorderLevel: number;
}

/** What an alert is about, as its job carries it (JSON: instants as ISO strings). */
export type AlertFacts =
  | { kind: 'new_order'; order: AlertOrder }
  /** The orders are read when the digest goes, so it holds every order of its window. */
  | { kind: 'new_order_digest'; from: string; to: string }
  | { kind: 'low_stock'; variants: LowVariant[] }
  | {
      kind: 'payment';
      what: 'refund_pending' | 'refund_failed';
      id: string;
      amountPaise: number;
      orderNumber: string | null;
      reason: string | null;
    }
  | { kind: 'failed_job'; jobId: number; name: string; attempts: number; error: string | null }
  | {
      kind: 'grievance';
      ticketNumber: string;
      category: string;
      stage: 'acknowledge' | 'resolve';
      dueAt: string;
    }
  | {
      kind: 'daily_summary';
      /** The IST day summed up ('YYYY-MM-DD': yesterday when it went). */
      of: string;
      orders: number;
      salesPaise: number;
      codToConfirm: number;
      toShip: number;
      lowStock: number;
    };

/** The preference kind an alert counts as. */
export function kindOf(f: AlertFacts): AlertKind {
  return f.kind === 'new_order_digest' ? 'new_order' : f.kind;
}

export interface RenderedAlert {
  subject: string;
  text: string;
}

/** Lines listed in one alert (a digest, low stock); the rest are counted, the page has them all. */
export const LIST_MAX = 15;

const mode = { en: { COD: 'COD', RAZORPAY: 'prepaid' }, hi: { COD: 'कैश ऑन डिलीवरी', RAZORPAY: 'प्रीपेड' } };
/** 'HH:MM' on an Indian clock. */
const hm = (iso: string) => {
  const m = istMinuteOfDay(new Date(iso));
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

const orderLine = (lang: Lang, o: AlertOrder) =>
  `${o.orderNumber} · ${formatRupees(o.totalPaise)} ${mode[lang][o.paymentMode]} · ${o.customerName}, ${o.place}`;

const TEXTS = {
  en: {
    newOrder: (o: AlertOrder) => ({
      subject: `New order ${o.orderNumber}: ${formatRupees(o.totalPaise)}`,
      text: `New order ${orderLine('en', o)}.`,
    }),
    digest: (orders: AlertOrder[], from: string, to: string) => ({
      subject: `${orders.length} new order${orders.length === 1 ? '' : 's'}, ${hm(from)}–${hm(to)}: ${formatRupees(orders.reduce((a, o) => a + o.totalPaise, 0))}`,
      text: [
        `${orders.length} new order${orders.length === 1 ? '' : 's'} between ${hm(from)} and ${hm(to)} IST:`,
        ...orders.slice(0, LIST_MAX).map((o) => `- ${orderLine('en', o)}`),
        ...(orders.length > LIST_MAX ? [`…and ${orders.length - LIST_MAX} more`] : []),
      ].join('\n'),
    }),
    lowStock: (v: LowVariant[]) => ({
      subject: `Low stock: ${v.length === 1 ? `${v[0]!.productName} ${v[0]!.weight}` : `${v.length} packs`}`,
      text: [
        'Below the reorder level:',
        ...v.map(
          (x) => `- ${x.productName} ${x.weight} (${x.sku}): ${x.stock} left, reorder at ${x.reorderLevel}`,
        ),
      ].join('\n'),
    }),
    refundPending: (amount: number, id: string, reason: string | null) => ({
      subject: `Payment to refund: ${formatRupees(amount)}`,
      text: `Payment ${id} of ${formatRupees(amount)} has no order to go to and waits for its refund${reason ? `: ${reason}` : ''}.`,
    }),
    refundFailed: (amount: number, id: string, order: string | null, reason: string | null) => ({
      subject: `Refund failed: ${formatRupees(amount)}`,
      text: `Refund ${id} of ${formatRupees(amount)}${order ? ` for order ${order}` : ''} failed${reason ? `: ${reason}` : ''}. Retry it from Payments.`,
    }),
    failedJob: (name: string, id: number, attempts: number, error: string | null) => ({
      subject: `Job failed: ${name}`,
      text: `Job ${name} (#${id}) failed ${attempts} time${attempts === 1 ? '' : 's'} and stopped${error ? `: ${error}` : ''}. Retry it from Jobs.`,
    }),
    grievance: (ticket: string, stage: 'acknowledge' | 'resolve', dueAt: string) => ({
      subject: `Grievance ${ticket}: ${stage === 'acknowledge' ? 'acknowledge' : 'resolve'} by ${formatIst(dueAt)}`,
      text: `Grievance ${ticket} must be ${stage === 'acknowledge' ? 'acknowledged' : 'resolved'} by ${formatIst(dueAt)}.`,
    }),
    daily: (f: Extract<AlertFacts, { kind: 'daily_summary' }>) => ({
      subject: `Yesterday (${f.of}): ${f.orders} order${f.orders === 1 ? '' : 's'}, ${formatRupees(f.salesPaise)}`,
      text: [
        `Yesterday (${f.of}): ${f.orders} order${f.orders === 1 ? '' : 's'}, sales ${formatRupees(f.salesPaise)}.`,
        `COD to confirm: ${f.codToConfirm}. Orders to ship: ${f.toShip}. Low stock: ${f.lowStock} pack${f.lowStock === 1 ? '' : 's'}.`,
      ].join('\n'),
    }),
    open: 'Open',
  },
  hi: {
    newOrder: (o: AlertOrder) => ({
      subject: `नया ऑर्डर ${o.orderNumber}: ${formatRupees(o.totalPaise)}`,
      text: `नया ऑर्डर ${orderLine('hi', o)}।`,
    }),
    digest: (orders: AlertOrder[], from: string, to: string) => ({
      subject: `${hm(from)}–${hm(to)} में ${orders.length} नए ऑर्डर: ${formatRupees(orders.reduce((a, o) => a + o.totalPaise, 0))}`,
      text: [
        `${hm(from)} से ${hm(to)} IST के बीच ${orders.length} नए ऑर्डर:`,
        ...orders.slice(0, LIST_MAX).map((o) => `- ${orderLine('hi', o)}`),
        ...(orders.length > LIST_MAX ? [`…और ${orders.length - LIST_MAX}`] : []),
      ].join('\n'),
    }),
    lowStock: (v: LowVariant[]) => ({
      subject: `स्टॉक कम: ${v.length === 1 ? `${v[0]!.productNameHi || v[0]!.productName} ${v[0]!.weight}` : `${v.length} पैक`}`,
      text: [
        'दोबारा मँगाने के स्तर से कम:',
        ...v
          .slice(0, LIST_MAX)
          .map(
            (x) =>
              `- ${x.productNameHi || x.productName} ${x.weight} (${x.sku}): ${x.stock} बचे, ${x.reorderLevel} पर मँगाएँ`,
          ),
        ...(v.length > LIST_MAX ? [`…और ${v.length - LIST_MAX}`] : []),
      ].join('\n'),
    }),
    refundPending: (amount: number, id: string, reason: string | null) => ({
      subject: `रिफ़ंड करना है: ${formatRupees(amount)}`,
      text: `भुगतान ${id} (${formatRupees(amount)}) किसी ऑर्डर से नहीं जुड़ा और रिफ़ंड की प्रतीक्षा में है${reason ? `: ${reason}` : ''}।`,
    }),
    refundFailed: (amount: number, id: string, order: string | null, reason: string | null) => ({
      subject: `रिफ़ंड विफल: ${formatRupees(amount)}`,
      text: `रिफ़ंड ${id} (${formatRupees(amount)})${order ? ` ऑर्डर ${order} का` : ''} विफल रहा${reason ? `: ${reason}` : ''}। Payments से दोबारा करें।`,
    }),
    failedJob: (name: string, id: number, attempts: number, error: string | null) => ({
      subject: `जॉब विफल: ${name}`,
      text: `जॉब ${name} (#${id}) ${attempts} बार विफल होकर रुक गया${error ? `: ${error}` : ''}। Jobs से दोबारा चलाएँ।`,
    }),
    grievance: (ticket: string, stage: 'acknowledge' | 'resolve', dueAt: string) => ({
      subject: `शिकायत ${ticket}: ${formatIst(dueAt)} तक ${stage === 'acknowledge' ? 'पावती दें' : 'निपटाएँ'}`,
      text: `शिकायत ${ticket} की ${stage === 'acknowledge' ? 'पावती' : 'निपटान'} ${formatIst(dueAt)} तक ज़रूरी है।`,
    }),
    daily: (f: Extract<AlertFacts, { kind: 'daily_summary' }>) => ({
      subject: `कल (${f.of}): ${f.orders} ऑर्डर, ${formatRupees(f.salesPaise)}`,
      text: [
        `कल (${f.of}): ${f.orders} ऑर्डर, बिक्री ${formatRupees(f.salesPaise)}।`,
        `पुष्टि बाकी COD: ${f.codToConfirm}। भेजने हैं: ${f.toShip} ऑर्डर। कम स्टॉक: ${f.lowStock} पैक।`,
      ].join('\n'),
    }),
    open: 'खोलें',
  },
} as const;

/** Where in the back office the alert is acted on. */
function adminPath(f: AlertFacts): string {
  switch (f.kind) {
    case 'new_order':
      return `/admin/orders/${encodeURIComponent(f.order.orderNumber)}`;
    case 'new_order_digest':
    case 'daily_summary':
      return '/admin/orders';
    case 'low_stock':
      return '/admin/stock';
    case 'payment':
      return '/admin/payments';
    case 'failed_job':
      return '/admin/jobs?status=dead';
    case 'grievance':
      return '/admin/grievances';
  }
}

/**
 * The alert in `lang`, with its back-office link (`siteUrl` '' on a demo: the link is then
 * relative). A digest needs its window's orders; null when there were none (nothing is sent).
 */
export function renderAlert(
  f: AlertFacts,
  lang: Lang,
  siteUrl: string,
  digestOrders: AlertOrder[] = [],
): RenderedAlert | null {
  const t = TEXTS[lang];
  let r: RenderedAlert;
  switch (f.kind) {
    case 'new_order':
      r = t.newOrder(f.order);
      break;
    case 'new_order_digest':
      if (digestOrders.length === 0) return null;
      r = t.digest(digestOrders, f.from, f.to);
      break;
    case 'low_stock':
      if (f.variants.length === 0) return null;
      r = t.lowStock(f.variants);
      break;
    case 'payment':
      r =
        f.what === 'refund_pending'
          ? t.refundPending(f.amountPaise, f.id, paymentReasonLabel(f.reason))
          : t.refundFailed(f.amountPaise, f.id, f.orderNumber, f.reason);
      break;
    case 'failed_job':
      r = t.failedJob(f.name, f.jobId, f.attempts, f.error?.slice(0, 200) ?? null);
      break;
    case 'grievance':
      r = t.grievance(f.ticketNumber, f.stage, f.dueAt);
      break;
    case 'daily_summary':
      r = t.daily(f);
      break;
  }
  return { subject: r.subject, text: `${r.text}\n${t.open}: ${siteUrl}${adminPath(f)}` };
}
