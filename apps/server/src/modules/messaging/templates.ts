// Every text of the order messages (issue 16), in one place: the e-mail (React Email, HTML with a
// plain-text part), the SMS body registered on DLT, and the WhatsApp template's parameters. The
// store's name, logo and contacts come from the site settings, never written here.
//
// Texts are keyed by language. Only English exists until the Hindi storefront does; adding 'hi'
// is adding a second entry to TEXTS (TypeScript then asks for every key) and passing the
// shopper's language to renderOrderMessage.
//
// Plain .ts with createElement rather than .tsx: the server runs on Node's type stripping, which
// does not compile JSX.

import {
  Body,
  Button,
  Column,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Img,
  Link,
  Preview,
  Row,
  Section,
  Text,
} from '@react-email/components';
import { render } from '@react-email/render';
import { formatRupees } from '@spice/shared/money';
import { type FunctionComponent, createElement as h, type ReactNode } from 'react';
import type { OrderFacts } from '../orders/order-facts.ts';
import type { OrderMessageEvent } from './order-messages.ts';

export type Language = 'en';

export interface StoreFacts {
  name: string;
  /** Absolute when PUBLIC_URL is set; relative on a demo (fine for the dev outbox). */
  logoUrl: string | null;
  /** The shop's origin for links ('' on a demo without PUBLIC_URL: links are then relative). */
  siteUrl: string;
  email: string | null;
  phone: string | null;
}

export interface MessageFacts {
  event: OrderMessageEvent;
  store: StoreFacts;
  order: OrderFacts;
  /** 'refunded' only; null when the amount is not known (the text then leaves it out). */
  refundAmountPaise: number | null;
}

export interface RenderedMessage {
  email: { subject: string; html: string; text: string };
  /** The SMS as the DLT template reads with its variables filled in (also the outbox text). */
  sms: { text: string; vars: Record<string, string> };
  /** The WhatsApp template's body parameters, in order, and the text they make. */
  whatsapp: { params: string[]; text: string };
}

interface EventTexts {
  subject(f: MessageFacts): string;
  heading: string;
  lead(f: MessageFacts): string;
  /**
   * Named variables, in the order of the WhatsApp template's {{1}}, {{2}}…; the same names are
   * the MSG91 flow's ##name## variables. Documented in docs/decisions/0014 for registration.
   */
  vars(f: MessageFacts): Record<string, string>;
  /** The SMS and WhatsApp wording with the variables filled in. */
  short(f: MessageFacts): string;
}

interface Texts {
  events: Record<OrderMessageEvent, EventTexts>;
  summary: string;
  item: string;
  amount: string;
  subtotal: string;
  couponDiscount(code: string | null): string;
  delivery: string;
  free: string;
  platformFee: string;
  codFee: string;
  prepaidDiscount: string;
  totalPaid: string;
  totalCod: string;
  deliveringTo: string;
  viewOrder: string;
  courier: string;
  awb: string;
  track: string;
  rateHeading: string;
  rate(product: string): string;
  footer(store: StoreFacts): string;
}

const n = (f: MessageFacts) => f.order.orderNumber;
const first = (f: MessageFacts) => f.order.customer.name.split(' ')[0] || f.order.customer.name;
const total = (f: MessageFacts) => formatRupees(f.order.totals.totalPaise);
const orderUrl = (f: MessageFacts) => `${f.store.siteUrl}/orders/${encodeURIComponent(n(f))}`;
const trackingText = (f: MessageFacts) => {
  const t = f.order.tracking;
  if (!t) return '';
  return [t.courier, t.awb && `AWB ${t.awb}`, t.url].filter(Boolean).join(', ');
};

const en: Texts = {
  events: {
    placed: {
      subject: (f) => `Your ${f.store.name} order ${n(f)} is confirmed`,
      heading: 'Thank you for your order',
      lead: (f) =>
        `Namaste ${f.order.customer.name}, we have received your order ${n(f)}. We pack within 1–2 business days and deliver within 5–15 business days.`,
      vars: (f) => ({ name: first(f), order: n(f), amount: total(f) }),
      short: (f) =>
        `${f.store.name}: Hi ${first(f)}, your order ${n(f)} of ${total(f)} is confirmed. We will tell you when it ships.`,
    },
    shipped: {
      subject: (f) => `Your ${f.store.name} order ${n(f)} is shipped`,
      heading: 'Your order is on its way',
      lead: (f) => `Namaste ${f.order.customer.name}, your order ${n(f)} has left our kitchen.`,
      vars: (f) => ({
        name: first(f),
        order: n(f),
        tracking: trackingText(f) || orderUrl(f),
      }),
      short: (f) =>
        `${f.store.name}: Hi ${first(f)}, your order ${n(f)} is shipped. Track: ${trackingText(f) || orderUrl(f)}`,
    },
    out_for_delivery: {
      subject: (f) => `Your ${f.store.name} order ${n(f)} is out for delivery`,
      heading: 'Arriving today',
      lead: (f) =>
        f.order.paymentMode === 'COD'
          ? `Namaste ${f.order.customer.name}, your order ${n(f)} is out for delivery. Please keep ${total(f)} ready to pay in cash or by UPI.`
          : `Namaste ${f.order.customer.name}, your order ${n(f)} is out for delivery and should reach you today.`,
      vars: (f) => ({ name: first(f), order: n(f), amount: f.order.paymentMode === 'COD' ? total(f) : '-' }),
      short: (f) =>
        `${f.store.name}: Hi ${first(f)}, your order ${n(f)} is out for delivery today.${f.order.paymentMode === 'COD' ? ` Please keep ${total(f)} ready.` : ''}`,
    },
    delivered: {
      subject: (f) => `Your ${f.store.name} order ${n(f)} is delivered`,
      heading: 'Delivered. Enjoy your masalas!',
      lead: (f) =>
        `Namaste ${f.order.customer.name}, your order ${n(f)} has been delivered. How did you like it? A rating helps other cooks choose.`,
      vars: (f) => ({
        name: first(f),
        order: n(f),
        url: `${f.store.siteUrl}/rate/${f.order.lines[0]?.productId ?? ''}`,
      }),
      short: (f) =>
        `${f.store.name}: Hi ${first(f)}, your order ${n(f)} is delivered. Rate it: ${f.store.siteUrl}/rate/${f.order.lines[0]?.productId ?? ''}`,
    },
    cancelled: {
      subject: (f) => `Your ${f.store.name} order ${n(f)} is cancelled`,
      heading: 'Your order is cancelled',
      lead: (f) =>
        f.order.paymentMode === 'RAZORPAY'
          ? `Namaste ${f.order.customer.name}, your order ${n(f)} has been cancelled. The ${total(f)} you paid will be refunded to your original payment method; we will write again when the refund is processed.`
          : `Namaste ${f.order.customer.name}, your order ${n(f)} has been cancelled. Nothing is due from you.`,
      vars: (f) => ({ name: first(f), order: n(f) }),
      short: (f) => `${f.store.name}: Hi ${first(f)}, your order ${n(f)} is cancelled.`,
    },
    refunded: {
      subject: (f) => `Refund for your ${f.store.name} order ${n(f)}`,
      heading: 'Your refund is processed',
      lead: (f) =>
        f.refundAmountPaise === null
          ? `Namaste ${f.order.customer.name}, the refund for your order ${n(f)} is processed. It reaches your original payment method within 5–7 business days.`
          : `Namaste ${f.order.customer.name}, a refund of ${formatRupees(f.refundAmountPaise)} for your order ${n(f)} is processed. It reaches your original payment method within 5–7 business days.`,
      vars: (f) => ({
        name: first(f),
        order: n(f),
        amount: f.refundAmountPaise === null ? 'your payment' : formatRupees(f.refundAmountPaise),
      }),
      short: (f) =>
        `${f.store.name}: Hi ${first(f)}, the refund of ${f.refundAmountPaise === null ? 'your payment' : formatRupees(f.refundAmountPaise)} for order ${n(f)} is processed.`,
    },
  },
  summary: 'Order summary',
  item: 'Item',
  amount: 'Amount',
  subtotal: 'Subtotal',
  couponDiscount: (code) => (code ? `Coupon (${code})` : 'Coupon discount'),
  delivery: 'Delivery',
  free: 'Free',
  platformFee: 'Platform fee',
  codFee: 'Cash on delivery fee',
  prepaidDiscount: 'Prepaid discount',
  totalPaid: 'Total paid',
  totalCod: 'To pay on delivery (cash or UPI)',
  deliveringTo: 'Delivering to',
  viewOrder: 'View your order',
  courier: 'Courier',
  awb: 'AWB / tracking number',
  track: 'Track your parcel',
  rateHeading: 'Rate what you bought',
  rate: (product) => `Rate ${product}`,
  footer: (store) =>
    [`${store.name}`, store.email, store.phone].filter(Boolean).join(' · ') +
    '. You get this message because you ordered from us.',
};

const TEXTS: Record<Language, Texts> = { en };

// Styles inline, as e-mail clients want them; one column, 600 px at most, readable on a phone.
const s = {
  body: {
    backgroundColor: '#f6f1e7',
    fontFamily: 'Arial, Helvetica, sans-serif',
    color: '#2b2118',
    margin: 0,
  },
  container: { backgroundColor: '#ffffff', maxWidth: '600px', margin: '0 auto', padding: '24px' },
  heading: { fontSize: '22px', margin: '16px 0 8px', color: '#7a2e0e' },
  h2: { fontSize: '17px', margin: '20px 0 8px', color: '#7a2e0e' },
  text: { fontSize: '15px', lineHeight: '22px', margin: '8px 0' },
  small: { fontSize: '12px', lineHeight: '18px', color: '#6b5d4f' },
  cellRight: { textAlign: 'right' as const, fontSize: '15px', padding: '4px 0' },
  cell: { fontSize: '15px', padding: '4px 0' },
  total: { fontSize: '16px', fontWeight: 'bold' as const, padding: '8px 0 0' },
  button: {
    backgroundColor: '#b5441b',
    color: '#ffffff',
    padding: '12px 20px',
    borderRadius: '6px',
    fontSize: '15px',
    textDecoration: 'none',
  },
};

// React Email's own hints for its plain-text part (data-text-format, data-skip-in-text) are
// attributes its Row and Section types do not list; the components pass them on to the table.
const TextRow = Row as unknown as FunctionComponent<{
  'data-text-format': 'dataTable';
  children?: ReactNode;
}>;
const TextSection = Section as unknown as FunctionComponent<{
  'data-skip-in-text': true;
  children?: ReactNode;
}>;

function moneyRow(label: string, value: string, style = s.cell): ReactNode {
  return h(
    TextRow,
    { key: label, 'data-text-format': 'dataTable' },
    h(Column, { style }, label),
    h(Column, { style: { ...s.cellRight, ...(style === s.total ? s.total : {}) } }, value),
  );
}

function summary(f: MessageFacts, t: Texts): ReactNode {
  const o = f.order.totals;
  const rows: ReactNode[] = [moneyRow(t.subtotal, formatRupees(o.subtotalPaise))];
  if (o.couponDiscountPaise > 0)
    rows.push(moneyRow(t.couponDiscount(o.couponCode), `−${formatRupees(o.couponDiscountPaise)}`));
  rows.push(moneyRow(t.delivery, o.deliveryPaise > 0 ? formatRupees(o.deliveryPaise) : t.free));
  if (o.platformFeePaise > 0) rows.push(moneyRow(t.platformFee, formatRupees(o.platformFeePaise)));
  if (o.codFeePaise > 0) rows.push(moneyRow(t.codFee, formatRupees(o.codFeePaise)));
  if (o.prepaidDiscountPaise > 0)
    rows.push(moneyRow(t.prepaidDiscount, `−${formatRupees(o.prepaidDiscountPaise)}`));
  rows.push(
    moneyRow(f.order.paymentMode === 'COD' ? t.totalCod : t.totalPaid, formatRupees(o.totalPaise), s.total),
  );
  const a = f.order.address;
  return h(
    Section,
    null,
    h(Heading, { as: 'h2', style: s.h2 }, t.summary),
    ...f.order.lines.map((l, i) =>
      h(
        TextRow,
        { key: `line-${i}`, 'data-text-format': 'dataTable' },
        h(Column, { style: s.cell }, `${l.productName} ${l.variant} × ${l.quantity}`),
        h(Column, { style: s.cellRight }, formatRupees(l.pricePaise * l.quantity)),
      ),
    ),
    h(Hr, null),
    ...rows,
    h(Heading, { as: 'h2', style: s.h2 }, t.deliveringTo),
    h(Text, { style: s.text }, `${a.name}, ${a.fullAddress}`),
    h(Text, { style: s.text }, `Phone: ${a.phone}`),
  );
}

/** What only this event says: tracking for 'shipped', rating links for 'delivered'. */
function eventBlock(f: MessageFacts, t: Texts): ReactNode {
  const tracking = f.order.tracking;
  if (f.event === 'shipped' && tracking) {
    return h(
      Section,
      null,
      tracking.courier ? h(Text, { style: s.text }, `${t.courier}: ${tracking.courier}`) : null,
      tracking.awb ? h(Text, { style: s.text }, `${t.awb}: ${tracking.awb}`) : null,
      tracking.url ? h(Text, { style: s.text }, h(Link, { href: tracking.url }, t.track)) : null,
    );
  }
  if (f.event === 'delivered') {
    const products = [...new Map(f.order.lines.map((l) => [l.productId, l.productName])).entries()];
    return h(
      Section,
      null,
      h(Heading, { as: 'h2', style: s.h2 }, t.rateHeading),
      ...products.map(([id, name]) =>
        h(Text, { key: id, style: s.text }, h(Link, { href: `${f.store.siteUrl}/rate/${id}` }, t.rate(name))),
      ),
    );
  }
  return null;
}

function email(f: MessageFacts, t: Texts, lang: Language): ReactNode {
  const e = t.events[f.event];
  const brand = f.store.logoUrl
    ? h(Img, {
        src: f.store.logoUrl,
        alt: f.store.name,
        height: 48,
        style: { height: '48px', width: 'auto' },
      })
    : h(Text, { style: { ...s.heading, margin: 0 } }, f.store.name);
  return h(
    Html,
    { lang },
    h(Head, null),
    h(Preview, null, e.lead(f)),
    h(
      Body,
      { style: s.body },
      h(
        Container,
        { style: s.container },
        // The plain-text part starts with the heading: a logo has no text, and the footer names the store.
        h(TextSection, { 'data-skip-in-text': true }, h(Link, { href: `${f.store.siteUrl}/` }, brand)),
        h(Heading, { as: 'h1', style: s.heading }, e.heading),
        h(Text, { style: s.text }, e.lead(f)),
        eventBlock(f, t),
        summary(f, t),
        h(
          Section,
          { style: { padding: '16px 0' } },
          h(Button, { href: orderUrl(f), style: s.button }, t.viewOrder),
        ),
        h(Hr, null),
        h(Text, { style: s.small }, t.footer(f.store)),
      ),
    ),
  );
}

/** Headings keep their case in the plain-text part (html-to-text shouts them by default). */
const TEXT_OPTIONS = {
  selectors: ['h1', 'h2'].map((selector) => ({ selector, options: { uppercase: false } })),
};

export async function renderOrderMessage(f: MessageFacts, lang: Language = 'en'): Promise<RenderedMessage> {
  const t = TEXTS[lang];
  const e = t.events[f.event];
  const tree = email(f, t, lang);
  const [html, text] = await Promise.all([
    render(tree),
    render(tree, { plainText: true, htmlToTextOptions: TEXT_OPTIONS }),
  ]);
  const vars = e.vars(f);
  const short = e.short(f);
  return {
    email: { subject: e.subject(f), html, text },
    sms: { text: short, vars },
    whatsapp: { params: Object.values(vars), text: short },
  };
}
