// Every text of the order messages (issue 16), in one place: the e-mail (React Email, HTML with a
// plain-text part), the SMS body registered on DLT, and the WhatsApp template's parameters. The
// store's name, logo and contacts come from the site settings, never written here.
//
// Texts are keyed by language (English and Hindi; TypeScript asks for every key of both). An
// order's messages are in the order's language (decision 0019); Hindi links go to /hi/….
// The login and e-mail codes (OTP) are here too, with the store's name and the code's lifetime
// from the settings.
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
import { plainTextSelectors, render } from '@react-email/render';
import { deliveryDay } from '@spice/shared/delivery';
import { type Lang, localizePath } from '@spice/shared/lang';
import { pick } from '@spice/shared/localized';
import { formatRupees } from '@spice/shared/money';
import { RETURN_CAUSES } from '@spice/shared/payments';
import { addressInLanguage } from '@spice/shared/states-hi';
import { formatMobile } from '@spice/shared/validators';
import { compile } from 'html-to-text';
import { type FunctionComponent, createElement as h, type ReactNode } from 'react';
import type { OrderFacts } from '../orders/order-facts.ts';
import type { OrderMessageEvent } from './order-messages.ts';

export type Language = Lang;

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
  /**
   * 'refunded': the refund's; 'cancelled': what the cancellation refunds. Null when not known (the
   * text then leaves it out).
   */
  refundAmountPaise: number | null;
  /** 'refunded' only: the order lines the refund is for and their units (none: not said). */
  refundLines?: readonly { itemId: number; quantity: number }[];
  /**
   * 'refunded' only: set when the refund is of a payment that could not be applied to the order
   * ('Pay now' arriving after it shipped: 'order_shipped'); the order itself is unchanged.
   */
  returnedPaymentReason?: string | null;
  /** 'delivery_failed' only: the shopper's link token and the courier's reason. */
  deliveryIssue?: { token: string; reason: string } | null;
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
  /** An automatic offer's row (issue 36), by its name. */
  offerDiscount(name: string): string;
  delivery: string;
  free: string;
  platformFee: string;
  codFee: string;
  prepaidDiscount: string;
  totalPaid: string;
  totalCod: string;
  deliveringTo: string;
  addressType: Record<string, string>;
  phone: string;
  placedOn(date: string): string;
  viewOrder: string;
  courier: string;
  awb: string;
  track: string;
  rateHeading: string;
  rate(product: string): string;
  /** The failed delivery's button. */
  answerIssue: string;
  footer(store: StoreFacts): string;
}

const n = (f: Pick<MessageFacts, 'order'>) => f.order.orderNumber;
/** The refunded lines as the shopper reads them: '2 × Garam Masala 100g, 1 × Haldi Powder 200g'. */
const refundedLines = (f: MessageFacts) =>
  (f.refundLines ?? [])
    .flatMap((r) => {
      const line = f.order.lines.find((l) => l.itemId === r.itemId);
      return line ? [`${r.quantity} × ${line.productName} ${line.variant}`.trim()] : [];
    })
    .join(', ');
const forLines = (f: MessageFacts, words: string, end = '.') =>
  refundedLines(f) ? ` ${words} ${refundedLines(f)}${end}` : '';
const first = (f: MessageFacts) => f.order.customer.name.split(' ')[0] || f.order.customer.name;
const total = (f: MessageFacts) => formatRupees(f.order.totals.totalPaise);
/**
 * What a cancellation refunds now: all that was paid, or (after an earlier partial refund) the
 * part not refunded yet; said without a figure when the refund is not known.
 */
const cancelRefund = (f: MessageFacts) =>
  f.refundAmountPaise === null
    ? 'What you paid and was not refunded yet'
    : f.refundAmountPaise >= f.order.totals.totalPaise
      ? `The ${total(f)} you paid`
      : `${formatRupees(f.refundAmountPaise)}, the part of the ${total(f)} you paid not refunded yet,`;
const cancelRefundHi = (f: MessageFacts) =>
  f.refundAmountPaise === null
    ? 'आपके चुकाए पैसों में से जो अभी तक वापस नहीं हुए, वे'
    : f.refundAmountPaise >= f.order.totals.totalPaise
      ? `आपके चुकाए ${total(f)}`
      : `आपके चुकाए ${total(f)} में से जो ${formatRupees(f.refundAmountPaise)} अभी तक वापस नहीं हुए, वे`;
/** A storefront link in the order's language: /hi/orders/… for a Hindi order. */
const link = (f: Pick<MessageFacts, 'store' | 'order'>, path: string) =>
  `${f.store.siteUrl}${localizePath(path, f.order.language)}`;
const orderUrl = (f: Pick<MessageFacts, 'store' | 'order'>) => link(f, `/orders/${encodeURIComponent(n(f))}`);
const rateUrl = (f: MessageFacts, productId: number | string) => link(f, `/rate/${productId}`);
const firstRateUrl = (f: MessageFacts) => rateUrl(f, f.order.lines[0]?.productId ?? '');
/** The failed delivery's page (/delivery-issue/{token}, /hi/… for a Hindi order). */
const issueUrl = (f: MessageFacts) =>
  f.deliveryIssue ? link(f, `/delivery-issue/${f.deliveryIssue.token}`) : orderUrl(f);
const issueReason = (f: MessageFacts) => (f.deliveryIssue?.reason ? ` (${f.deliveryIssue.reason})` : '');

/**
 * The formatters, made once: a new Intl.DateTimeFormat per message was 1.3% of the shop's CPU
 * under the checkout bench (profile, issue 33).
 */
const MESSAGE_DATE = {
  en: new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  }),
  hi: new Intl.DateTimeFormat('hi-IN', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  }),
};
/** A date as the shopper reads it, in IST: '23 November 2026' or '23 नवंबर 2026'. */
export function messageDate(date: Date, lang: Language): string {
  return MESSAGE_DATE[lang === 'hi' ? 'hi' : 'en'].format(date);
}
/** The day the order was promised by, in the order's language ('Sat, 28 Nov'); null when unknown. */
const deliveryBy = (f: MessageFacts) =>
  f.order.estimatedDelivery ? deliveryDay(f.order.estimatedDelivery.to, f.order.language) : null;
/** A COD order whose cash is still to collect. */
const codDue = (f: MessageFacts) => f.order.paymentMode === 'COD' && f.order.status !== 'CANCELLED';
/** Why a payment was refunded instead of applied, as the shopper reads it. */
const returnCause = {
  en: (reason: string) => RETURN_CAUSES[reason]?.[0] ?? 'it could not be applied to the order',
  hi: (reason: string) => RETURN_CAUSES[reason]?.[1] ?? 'यह ऑर्डर पर लागू नहीं हो सका',
};
/** A line's product name and weight in the order's language: the Hindi kept on it, if any. */
const lineName = (l: OrderFacts['lines'][number], lang: Language) =>
  pick(l.productName, l.productNameHi, lang);
const lineVariant = (l: OrderFacts['lines'][number], lang: Language) => pick(l.variant, l.variantHi, lang);
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
      // The order's own promise, the one the product page and checkout gave (its window's last day).
      lead: (f) =>
        deliveryBy(f)
          ? `Namaste ${f.order.customer.name}, we have received your order ${n(f)}. It should reach you by ${deliveryBy(f)}.`
          : `Namaste ${f.order.customer.name}, we have received your order ${n(f)}. We will tell you when it ships.`,
      vars: (f) => ({ name: first(f), order: n(f), amount: total(f), delivery: deliveryBy(f) ?? '-' }),
      short: (f) =>
        `${f.store.name}: Hi ${first(f)}, your order ${n(f)} of ${total(f)} is confirmed.${deliveryBy(f) ? ` Delivery by ${deliveryBy(f)}.` : ''} We will tell you when it ships.`,
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
    delivery_failed: {
      subject: (f) => `Your ${f.store.name} order ${n(f)} could not be delivered`,
      heading: 'The courier missed you',
      lead: (f) =>
        `Namaste ${f.order.customer.name}, the courier could not deliver your order ${n(f)}${issueReason(f)}. Choose a day for the next attempt, add a landmark or another phone number, or cancel: ${issueUrl(f)}`,
      vars: (f) => ({ name: first(f), order: n(f), url: issueUrl(f) }),
      short: (f) =>
        `${f.store.name}: Hi ${first(f)}, the courier could not deliver your order ${n(f)}. Choose a new day or add a landmark: ${issueUrl(f)}`,
    },
    delivered: {
      subject: (f) => `Your ${f.store.name} order ${n(f)} is delivered`,
      heading: 'Delivered. Enjoy your masalas!',
      lead: (f) =>
        `Namaste ${f.order.customer.name}, your order ${n(f)} has been delivered. How did you like it? A rating helps other cooks choose.`,
      vars: (f) => ({
        name: first(f),
        order: n(f),
        url: firstRateUrl(f),
      }),
      short: (f) =>
        `${f.store.name}: Hi ${first(f)}, your order ${n(f)} is delivered. Rate it: ${firstRateUrl(f)}`,
    },
    cancelled: {
      subject: (f) => `Your ${f.store.name} order ${n(f)} is cancelled`,
      heading: 'Your order is cancelled',
      lead: (f) =>
        f.order.paymentMode === 'RAZORPAY'
          ? `Namaste ${f.order.customer.name}, your order ${n(f)} has been cancelled. ${cancelRefund(f)} will be refunded to your original payment method; we will write again when the refund is processed.`
          : `Namaste ${f.order.customer.name}, your order ${n(f)} has been cancelled. Nothing is due from you.`,
      vars: (f) => ({ name: first(f), order: n(f) }),
      short: (f) => `${f.store.name}: Hi ${first(f)}, your order ${n(f)} is cancelled.`,
    },
    returned: {
      subject: (f) => `Your ${f.store.name} order ${n(f)} came back to us`,
      heading: 'Your parcel came back to us',
      lead: (f) =>
        f.order.paymentMode === 'RAZORPAY'
          ? `Namaste ${f.order.customer.name}, the courier could not deliver your order ${n(f)} and returned it to us. What you paid and was not refunded yet is being refunded to your original payment method; we will write again when the refund is processed.`
          : `Namaste ${f.order.customer.name}, the courier could not deliver your order ${n(f)} and returned it to us. Nothing is due from you.`,
      vars: (f) => ({ name: first(f), order: n(f) }),
      short: (f) =>
        `${f.store.name}: Hi ${first(f)}, your order ${n(f)} could not be delivered and came back to us.`,
    },
    refunded: {
      subject: (f) => `Refund for your ${f.store.name} order ${n(f)}`,
      heading: 'Your refund is processed',
      lead: (f) =>
        f.returnedPaymentReason
          ? `Namaste ${f.order.customer.name}, your online payment${f.refundAmountPaise === null ? '' : ` of ${formatRupees(f.refundAmountPaise)}`} for order ${n(f)} could not be applied: ${returnCause.en(f.returnedPaymentReason)}. We are refunding it to your original payment method within 5–7 business days.${codDue(f) ? ` Please pay ${total(f)} in cash or UPI when the order arrives.` : ''}`
          : f.refundAmountPaise === null
            ? `Namaste ${f.order.customer.name}, the refund for your order ${n(f)} is processed. It reaches your original payment method within 5–7 business days.`
            : `Namaste ${f.order.customer.name}, a refund of ${formatRupees(f.refundAmountPaise)} for your order ${n(f)} is processed.${forLines(f, 'It covers')} It reaches your original payment method within 5–7 business days.`,
      vars: (f) => ({
        name: first(f),
        order: n(f),
        amount: f.refundAmountPaise === null ? 'your payment' : formatRupees(f.refundAmountPaise),
      }),
      short: (f) =>
        f.returnedPaymentReason
          ? `${f.store.name}: Hi ${first(f)}, ${f.refundAmountPaise === null ? 'your payment' : formatRupees(f.refundAmountPaise)} paid online for order ${n(f)} is being refunded: ${returnCause.en(f.returnedPaymentReason)}.${codDue(f) ? ` Please pay ${total(f)} on delivery.` : ''}`
          : `${f.store.name}: Hi ${first(f)}, the refund of ${f.refundAmountPaise === null ? 'your payment' : formatRupees(f.refundAmountPaise)} for order ${n(f)} is processed.`,
    },
  },
  summary: 'Order summary',
  item: 'Item',
  amount: 'Amount',
  subtotal: 'Subtotal',
  couponDiscount: (code) => (code ? `Coupon (${code})` : 'Coupon discount'),
  offerDiscount: (name) => `Offer discount (${name})`,
  delivery: 'Delivery',
  free: 'Free',
  platformFee: 'Platform fee',
  codFee: 'Cash on delivery fee',
  prepaidDiscount: 'Prepaid discount',
  totalPaid: 'Total paid',
  totalCod: 'To pay on delivery (cash or UPI)',
  deliveringTo: 'Delivering to',
  addressType: { Home: 'Home', Work: 'Work' },
  phone: 'Phone',
  placedOn: (date) => `Ordered on ${date}`,
  viewOrder: 'View your order',
  courier: 'Courier',
  awb: 'AWB / tracking number',
  track: 'Track your parcel',
  rateHeading: 'Rate what you bought',
  answerIssue: 'Choose a new day or cancel',
  rate: (product) => `Rate ${product}`,
  footer: (store) =>
    [`${store.name}`, store.email, store.phone].filter(Boolean).join(' · ') +
    '. You get this message because you ordered from us.',
};

const rupeesOrPayment = (f: MessageFacts) =>
  f.refundAmountPaise === null ? 'आपके भुगतान' : formatRupees(f.refundAmountPaise);

const hi: Texts = {
  events: {
    placed: {
      subject: (f) => `${f.store.name}: आपका ऑर्डर ${n(f)} कन्फ़र्म हो गया है`,
      heading: 'ऑर्डर करने के लिए धन्यवाद',
      lead: (f) =>
        deliveryBy(f)
          ? `नमस्ते ${f.order.customer.name}, हमें आपका ऑर्डर ${n(f)} मिल गया है। यह ${deliveryBy(f)} तक आप तक पहुँच जाना चाहिए।`
          : `नमस्ते ${f.order.customer.name}, हमें आपका ऑर्डर ${n(f)} मिल गया है। भेजते ही हम आपको बताएँगे।`,
      vars: (f) => ({ name: first(f), order: n(f), amount: total(f), delivery: deliveryBy(f) ?? '-' }),
      short: (f) =>
        `${f.store.name}: नमस्ते ${first(f)}, ${total(f)} का आपका ऑर्डर ${n(f)} कन्फ़र्म हो गया है।${deliveryBy(f) ? ` ${deliveryBy(f)} तक डिलीवरी।` : ''} भेजते ही हम आपको बताएँगे।`,
    },
    shipped: {
      subject: (f) => `${f.store.name}: आपका ऑर्डर ${n(f)} भेज दिया गया है`,
      heading: 'आपका ऑर्डर रास्ते में है',
      lead: (f) => `नमस्ते ${f.order.customer.name}, आपका ऑर्डर ${n(f)} हमारी रसोई से निकल चुका है।`,
      vars: (f) => ({ name: first(f), order: n(f), tracking: trackingText(f) || orderUrl(f) }),
      short: (f) =>
        `${f.store.name}: नमस्ते ${first(f)}, आपका ऑर्डर ${n(f)} भेज दिया गया है। ट्रैक करें: ${trackingText(f) || orderUrl(f)}`,
    },
    out_for_delivery: {
      subject: (f) => `${f.store.name}: आपका ऑर्डर ${n(f)} आज डिलीवर होगा`,
      heading: 'आज पहुँच रहा है',
      lead: (f) =>
        f.order.paymentMode === 'COD'
          ? `नमस्ते ${f.order.customer.name}, आपका ऑर्डर ${n(f)} डिलीवरी के लिए निकल चुका है। कृपया ${total(f)} नकद या UPI से चुकाने के लिए तैयार रखें।`
          : `नमस्ते ${f.order.customer.name}, आपका ऑर्डर ${n(f)} डिलीवरी के लिए निकल चुका है और आज आप तक पहुँच जाना चाहिए।`,
      vars: (f) => ({ name: first(f), order: n(f), amount: f.order.paymentMode === 'COD' ? total(f) : '-' }),
      short: (f) =>
        `${f.store.name}: नमस्ते ${first(f)}, आपका ऑर्डर ${n(f)} आज डिलीवरी के लिए निकला है।${f.order.paymentMode === 'COD' ? ` कृपया ${total(f)} तैयार रखें।` : ''}`,
    },
    delivery_failed: {
      subject: (f) => `${f.store.name}: आपका ऑर्डर ${n(f)} डिलीवर नहीं हो सका`,
      heading: 'कूरियर आप तक नहीं पहुँच सका',
      lead: (f) =>
        `नमस्ते ${f.order.customer.name}, कूरियर आपका ऑर्डर ${n(f)} डिलीवर नहीं कर सका${issueReason(f)}। अगली कोशिश के लिए दिन चुनें, कोई लैंडमार्क या दूसरा फ़ोन नंबर जोड़ें, या ऑर्डर रद्द करें: ${issueUrl(f)}`,
      vars: (f) => ({ name: first(f), order: n(f), url: issueUrl(f) }),
      short: (f) =>
        `${f.store.name}: नमस्ते ${first(f)}, कूरियर आपका ऑर्डर ${n(f)} डिलीवर नहीं कर सका। नया दिन चुनें या लैंडमार्क बताएँ: ${issueUrl(f)}`,
    },
    delivered: {
      subject: (f) => `${f.store.name}: आपका ऑर्डर ${n(f)} डिलीवर हो गया`,
      heading: 'डिलीवर हो गया। मसालों का आनंद लीजिए!',
      lead: (f) =>
        `नमस्ते ${f.order.customer.name}, आपका ऑर्डर ${n(f)} डिलीवर हो गया है। आपको कैसा लगा? आपकी रेटिंग से दूसरे रसोइयों को चुनने में मदद मिलती है।`,
      vars: (f) => ({ name: first(f), order: n(f), url: firstRateUrl(f) }),
      short: (f) =>
        `${f.store.name}: नमस्ते ${first(f)}, आपका ऑर्डर ${n(f)} डिलीवर हो गया है। रेटिंग दें: ${firstRateUrl(f)}`,
    },
    cancelled: {
      subject: (f) => `${f.store.name}: आपका ऑर्डर ${n(f)} रद्द हो गया है`,
      heading: 'आपका ऑर्डर रद्द हो गया है',
      lead: (f) =>
        f.order.paymentMode === 'RAZORPAY'
          ? `नमस्ते ${f.order.customer.name}, आपका ऑर्डर ${n(f)} रद्द कर दिया गया है। ${cancelRefundHi(f)} उसी तरीक़े में वापस आएँगे जिससे आपने भुगतान किया था; रिफ़ंड होते ही हम आपको फिर लिखेंगे।`
          : `नमस्ते ${f.order.customer.name}, आपका ऑर्डर ${n(f)} रद्द कर दिया गया है। आपको कुछ भी चुकाना नहीं है।`,
      vars: (f) => ({ name: first(f), order: n(f) }),
      short: (f) => `${f.store.name}: नमस्ते ${first(f)}, आपका ऑर्डर ${n(f)} रद्द हो गया है।`,
    },
    returned: {
      subject: (f) => `${f.store.name}: आपका ऑर्डर ${n(f)} हमें वापस मिला`,
      heading: 'आपका पार्सल हमें वापस मिला',
      lead: (f) =>
        f.order.paymentMode === 'RAZORPAY'
          ? `नमस्ते ${f.order.customer.name}, कूरियर आपका ऑर्डर ${n(f)} डिलीवर नहीं कर सका और उसे हमें लौटा दिया। आपका चुकाया जो पैसा अभी तक वापस नहीं हुआ, वह उसी तरीक़े में वापस किया जा रहा है जिससे आपने भुगतान किया था; रिफ़ंड होते ही हम आपको फिर लिखेंगे।`
          : `नमस्ते ${f.order.customer.name}, कूरियर आपका ऑर्डर ${n(f)} डिलीवर नहीं कर सका और उसे हमें लौटा दिया। आपको कुछ भी चुकाना नहीं है।`,
      vars: (f) => ({ name: first(f), order: n(f) }),
      short: (f) =>
        `${f.store.name}: नमस्ते ${first(f)}, आपका ऑर्डर ${n(f)} डिलीवर नहीं हो सका और हमें वापस मिल गया।`,
    },
    refunded: {
      subject: (f) => `${f.store.name}: ऑर्डर ${n(f)} का रिफ़ंड`,
      heading: 'आपका रिफ़ंड हो गया है',
      lead: (f) =>
        f.returnedPaymentReason
          ? `नमस्ते ${f.order.customer.name}, ऑर्डर ${n(f)} के लिए आपका ${rupeesOrPayment(f)} का ऑनलाइन भुगतान लागू नहीं हो सका: ${returnCause.hi(f.returnedPaymentReason)}। हम इसे 5–7 कार्यदिवसों में उसी तरीक़े में वापस कर रहे हैं जिससे आपने भुगतान किया था।${codDue(f) ? ` ऑर्डर पहुँचने पर कृपया ${total(f)} नकद या UPI से चुकाएँ।` : ''}`
          : f.refundAmountPaise === null
            ? `नमस्ते ${f.order.customer.name}, आपके ऑर्डर ${n(f)} का रिफ़ंड कर दिया गया है। यह 5–7 कार्यदिवसों में उसी तरीक़े में पहुँच जाएगा जिससे आपने भुगतान किया था।`
            : `नमस्ते ${f.order.customer.name}, आपके ऑर्डर ${n(f)} के ${formatRupees(f.refundAmountPaise)} का रिफ़ंड कर दिया गया है।${forLines(f, 'यह रिफ़ंड इनके लिए है:', '।')} यह 5–7 कार्यदिवसों में उसी तरीक़े में पहुँच जाएगा जिससे आपने भुगतान किया था।`,
      vars: (f) => ({ name: first(f), order: n(f), amount: rupeesOrPayment(f) }),
      short: (f) =>
        f.returnedPaymentReason
          ? `${f.store.name}: नमस्ते ${first(f)}, ऑर्डर ${n(f)} के लिए ऑनलाइन चुकाए ${rupeesOrPayment(f)} वापस किए जा रहे हैं: ${returnCause.hi(f.returnedPaymentReason)}।${codDue(f) ? ` कृपया डिलीवरी पर ${total(f)} चुकाएँ।` : ''}`
          : `${f.store.name}: नमस्ते ${first(f)}, ऑर्डर ${n(f)} के ${rupeesOrPayment(f)} का रिफ़ंड हो गया है।`,
    },
  },
  summary: 'ऑर्डर का ब्योरा',
  item: 'सामान',
  amount: 'राशि',
  subtotal: 'कुल सामान',
  couponDiscount: (code) => (code ? `कूपन (${code})` : 'कूपन छूट'),
  offerDiscount: (name) => `ऑफ़र छूट (${name})`,
  delivery: 'डिलीवरी',
  free: 'मुफ़्त',
  platformFee: 'प्लेटफ़ॉर्म शुल्क',
  codFee: 'कैश ऑन डिलीवरी शुल्क',
  prepaidDiscount: 'ऑनलाइन भुगतान की छूट',
  totalPaid: 'कुल भुगतान',
  totalCod: 'डिलीवरी पर चुकाना है (नकद या UPI)',
  deliveringTo: 'डिलीवरी का पता',
  addressType: { Home: 'घर', Work: 'कार्यालय' },
  phone: 'फ़ोन',
  placedOn: (date) => `ऑर्डर की तारीख़: ${date}`,
  viewOrder: 'अपना ऑर्डर देखें',
  courier: 'कूरियर',
  awb: 'AWB / ट्रैकिंग नंबर',
  track: 'अपना पार्सल ट्रैक करें',
  rateHeading: 'जो ख़रीदा, उसे रेटिंग दें',
  answerIssue: 'नया दिन चुनें या रद्द करें',
  rate: (product) => `${product} को रेटिंग दें`,
  footer: (store) =>
    [`${store.name}`, store.email, store.phone].filter(Boolean).join(' · ') +
    '। यह संदेश आपको इसलिए मिला है क्योंकि आपने हमसे ऑर्डर किया था।',
};

const TEXTS: Record<Language, Texts> = { en, hi };

/** Every language the messages are written in (a test checks each has every text). */
export const MESSAGE_LANGUAGES = Object.keys(TEXTS) as Language[];

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

function summary(f: Pick<MessageFacts, 'order'>, t: Texts): ReactNode {
  const o = f.order.totals;
  const rows: ReactNode[] = [moneyRow(t.subtotal, formatRupees(o.subtotalPaise))];
  if (o.couponDiscountPaise > 0)
    rows.push(moneyRow(t.couponDiscount(o.couponCode), `−${formatRupees(o.couponDiscountPaise)}`));
  for (const offer of o.offers ?? []) {
    if (offer.amountPaise <= 0) continue;
    const name = f.order.language === 'hi' && offer.nameHi ? offer.nameHi : offer.name;
    rows.push(moneyRow(t.offerDiscount(name), `−${formatRupees(offer.amountPaise)}`));
  }
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
    h(Text, { style: s.text }, t.placedOn(messageDate(f.order.createdAt, f.order.language))),
    ...f.order.lines.map((l, i) =>
      h(
        TextRow,
        { key: `line-${i}`, 'data-text-format': 'dataTable' },
        h(
          Column,
          { style: s.cell },
          `${lineName(l, f.order.language)} ${lineVariant(l, f.order.language)} × ${l.quantity}`,
        ),
        h(Column, { style: s.cellRight }, formatRupees(l.pricePaise * l.quantity)),
      ),
    ),
    h(Hr, null),
    ...rows,
    h(Heading, { as: 'h2', style: s.h2 }, t.deliveringTo),
    h(
      Text,
      { style: s.text },
      `${a.name} (${t.addressType[a.type] ?? a.type}), ${addressInLanguage(a.fullAddress, f.order.language)}`,
    ),
    h(Text, { style: s.text }, `${t.phone}: ${formatMobile(a.phone)}`),
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
  if (f.event === 'delivery_failed' && f.deliveryIssue) {
    return h(
      Section,
      { style: { padding: '8px 0' } },
      h(Button, { href: issueUrl(f), style: s.button }, t.answerIssue),
    );
  }
  if (f.event === 'delivered') {
    const products = [
      ...new Map(f.order.lines.map((l) => [l.productId, lineName(l, f.order.language)])).entries(),
    ];
    return h(
      Section,
      null,
      h(Heading, { as: 'h2', style: s.h2 }, t.rateHeading),
      ...products.map(([id, name]) =>
        h(Text, { key: id, style: s.text }, h(Link, { href: rateUrl(f, id) }, t.rate(name))),
      ),
    );
  }
  return null;
}

function email(f: MessageFacts, t: Texts, lang: Language): ReactNode {
  const e = t.events[f.event];
  return layout(f, t, lang, { heading: e.heading, lead: e.lead(f), block: eventBlock(f, t) });
}

/**
 * Every order e-mail's frame: the store's logo (or name), a heading and a lead, what only this
 * message says, the order's summary and address, the order's button and the footer.
 */
function layout(
  f: Pick<MessageFacts, 'store' | 'order'>,
  t: Texts,
  lang: Language,
  parts: { heading: string; lead: string; block: ReactNode },
): ReactNode {
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
    h(Preview, null, parts.lead),
    h(
      Body,
      { style: s.body },
      h(
        Container,
        { style: s.container },
        // The plain-text part starts with the heading: a logo has no text, and the footer names the store.
        h(TextSection, { 'data-skip-in-text': true }, h(Link, { href: link(f, '/') }, brand)),
        h(Heading, { as: 'h1', style: s.heading }, parts.heading),
        h(Text, { style: s.text }, parts.lead),
        parts.block,
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

/**
 * The plain-text part from the HTML part, as `render(tree, { plainText: true })` makes it (its
 * options and selectors), with the converter compiled once instead of on every message and the
 * tree rendered once. Headings keep their case (html-to-text shouts them by default).
 */
const toPlainText = compile({
  wordwrap: false,
  selectors: [
    ...plainTextSelectors,
    ...['h1', 'h2'].map((selector) => ({ selector, options: { uppercase: false } })),
  ],
});

/** An order's messages, in the order's language unless another is asked for. */
export async function renderOrderMessage(
  f: MessageFacts,
  lang: Language = f.order.language,
): Promise<RenderedMessage> {
  const t = TEXTS[lang];
  const e = t.events[f.event];
  const tree = email(f, t, lang);
  const html = await render(tree);
  // The converter reads the markup without the document type render() puts in front.
  const text = toPlainText(html.replace(/^<!DOCTYPE[^>]*>/, ''));
  const vars = e.vars(f);
  const short = e.short(f);
  return {
    email: { subject: e.subject(f), html, text },
    sms: { text: short, vars },
    whatsapp: { params: Object.values(vars), text: short },
  };
}

/**
 * Another order e-mail in the same frame (the COD confirmation's, cod-confirmation-messages.ts):
 * its own subject, heading, lead and button, with the order's summary, address and footer.
 */
export async function renderOrderEmail(input: {
  store: StoreFacts;
  order: OrderFacts;
  subject: string;
  heading: string;
  lead: string;
  button?: { href: string; label: string };
}): Promise<RenderedMessage['email']> {
  const lang = input.order.language;
  const block = input.button
    ? h(
        Section,
        { style: { padding: '8px 0' } },
        h(Button, { href: input.button.href, style: s.button }, input.button.label),
      )
    : null;
  const html = await render(layout(input, TEXTS[lang], lang, { ...input, block }));
  return { subject: input.subject, html, text: toPlainText(html.replace(/^<!DOCTYPE[^>]*>/, '')) };
}

/** The login / e-mail code texts: the store's name and the code's lifetime come from the settings. */
export interface OtpFacts {
  storeName: string;
  code: string;
  ttlSeconds: number;
}

const minutes = (ttlSeconds: number) => Math.max(1, Math.round(ttlSeconds / 60));

const OTP_TEXTS: Record<
  Language,
  { sms(f: OtpFacts): string; emailSubject(f: OtpFacts): string; emailText(f: OtpFacts): string }
> = {
  en: {
    sms: (f) => {
      const m = minutes(f.ttlSeconds);
      return `${f.code} is your ${f.storeName} login code. It is valid for ${m} minute${m === 1 ? '' : 's'}. Do not share it with anyone.`;
    },
    emailSubject: (f) => `${f.code} is your ${f.storeName} verification code`,
    emailText: (f) => {
      const m = minutes(f.ttlSeconds);
      return `Namaste!\n\nYour code to validate this e-mail address at ${f.storeName} is ${f.code}. It is valid for ${m} minute${m === 1 ? '' : 's'}.\n\nIf you did not ask for it, you can ignore this message.`;
    },
  },
  hi: {
    sms: (f) =>
      `${f.code} आपका ${f.storeName} लॉग इन कोड है। यह ${minutes(f.ttlSeconds)} मिनट तक मान्य है। इसे किसी के साथ साझा न करें।`,
    emailSubject: (f) => `${f.code} आपका ${f.storeName} पुष्टि कोड है`,
    emailText: (f) =>
      `नमस्ते!\n\n${f.storeName} पर इस ईमेल पते की पुष्टि के लिए आपका कोड ${f.code} है। यह ${minutes(f.ttlSeconds)} मिनट तक मान्य है।\n\nअगर आपने यह कोड नहीं माँगा था, तो इस संदेश को अनदेखा कर दें।`,
  },
};

export function otpSmsText(f: OtpFacts, lang: Language): string {
  return OTP_TEXTS[lang].sms(f);
}

export function otpEmail(f: OtpFacts, lang: Language): { subject: string; text: string } {
  return { subject: OTP_TEXTS[lang].emailSubject(f), text: OTP_TEXTS[lang].emailText(f) };
}

/** The contact form's message as forwarded to the store's own inbox (STORE_EMAIL), in English. */
export function contactForwardEmail(f: {
  id: number;
  name: string;
  email: string;
  phone: string;
  message: string;
  receivedAt: Date;
}): { subject: string; text: string } {
  return {
    // One line: a name's line breaks would start new headers.
    subject: `Contact form: ${f.name.replace(/[\r\n\t]+/g, ' ').slice(0, 80)}`,
    text: [
      'A new message from the contact form.',
      '',
      `Name: ${f.name}`,
      `Email: ${f.email}`,
      `Phone: ${f.phone}`,
      `Received: ${f.receivedAt.toISOString()} (message #${f.id})`,
      '',
      f.message,
    ].join('\n'),
  };
}

const CONTACT_REPLY_TEXTS: Record<
  Language,
  {
    subject(store: string): string;
    greeting(name: string): string;
    wrote: string;
    signOff(store: string): string;
  }
> = {
  en: {
    subject: (store) => `Reply to your message to ${store}`,
    greeting: (name) => `Namaste ${name},`,
    wrote: 'You wrote:',
    signOff: (store) => `Warm regards,\n${store}`,
  },
  hi: {
    subject: (store) => `${store} को भेजे आपके संदेश का जवाब`,
    greeting: (name) => `नमस्ते ${name},`,
    wrote: 'आपने लिखा था:',
    signOff: (store) => `सादर,\n${store}`,
  },
};

/** The owner's reply to a contact message, e-mailed to the shopper in English or Hindi. */
export function contactReplyEmail(
  f: { name: string; reply: string; original: string; storeName: string },
  lang: Language,
): { subject: string; text: string } {
  const t = CONTACT_REPLY_TEXTS[lang];
  const quoted = f.original
    .split('\n')
    .map((l) => `> ${l}`)
    .join('\n');
  return {
    subject: t.subject(f.storeName.replace(/[\r\n\t]+/g, ' ')),
    text: [t.greeting(f.name), '', f.reply, '', t.signOff(f.storeName), '', t.wrote, quoted].join('\n'),
  };
}
