// What a subscriber is told, in English and Hindi: every change confirmed, a failed charge with a
// link to pay, the gateway halting, and a cycle skipped (and refunded) for want of stock.
import type { Lang } from '@spice/shared/lang';
import { formatRupees } from '@spice/shared/money';

export type SubscriptionMessageEvent =
  | 'skipped'
  | 'paused'
  | 'resumed'
  | 'changed'
  | 'cancelled'
  | 'payment_failed'
  | 'halted'
  | 'out_of_stock';

interface Facts {
  lang: Lang;
  productName: string;
  amountPaise: number;
  nextChargeAt: Date | null;
  link: string;
}

const date = (at: Date | null, lang: Lang) =>
  at
    ? new Intl.DateTimeFormat(lang === 'hi' ? 'hi-IN' : 'en-IN', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'Asia/Kolkata',
      }).format(at)
    : '';

export function subscriptionMessage(
  event: SubscriptionMessageEvent,
  f: Facts,
): { subject: string; body: string } {
  const amount = formatRupees(f.amountPaise);
  const next = date(f.nextChargeAt, f.lang);
  const en: Record<SubscriptionMessageEvent, [string, string]> = {
    skipped: [
      'Your next delivery is skipped',
      `Your next ${f.productName} delivery is skipped. Nothing is charged for it.`,
    ],
    paused: [
      'Your subscription is paused',
      `Your ${f.productName} subscription is paused. Nothing is charged while it is paused.`,
    ],
    resumed: [
      'Your subscription is back on',
      `Your ${f.productName} subscription is back on. Next charge: ${amount} on ${next}.`,
    ],
    changed: [
      'Your subscription is changed',
      `Your ${f.productName} subscription is changed from the next delivery: ${amount} a delivery.`,
    ],
    cancelled: [
      'Your subscription is cancelled',
      `Your ${f.productName} subscription is cancelled. Nothing more will be charged.`,
    ],
    payment_failed: [
      'Your subscription payment did not go through',
      `We could not charge ${amount} for your ${f.productName} subscription. We will try again; you can pay for this delivery now: ${f.link}`,
    ],
    halted: [
      'Payment failed: update your payment method',
      `Your ${f.productName} subscription is on hold because the payment failed several times. Update your payment method: ${f.link}`,
    ],
    out_of_stock: [
      'This delivery is skipped: out of stock',
      `${f.productName} is out of stock, so this delivery is skipped. Anything charged for it is refunded to you.`,
    ],
  };
  const hi: Record<SubscriptionMessageEvent, [string, string]> = {
    skipped: [
      'आपकी अगली डिलीवरी छोड़ दी गई',
      `${f.productName} की आपकी अगली डिलीवरी छोड़ दी गई है। इसके लिए कुछ नहीं लिया जाएगा।`,
    ],
    paused: [
      'आपकी सदस्यता रोकी गई',
      `${f.productName} की आपकी सदस्यता रोकी गई है। रुके रहने तक कुछ नहीं लिया जाएगा।`,
    ],
    resumed: [
      'आपकी सदस्यता फिर शुरू',
      `${f.productName} की आपकी सदस्यता फिर शुरू हो गई है। अगला भुगतान: ${next} को ${amount}।`,
    ],
    changed: [
      'आपकी सदस्यता बदली गई',
      `${f.productName} की आपकी सदस्यता अगली डिलीवरी से बदल गई है: हर डिलीवरी ${amount}।`,
    ],
    cancelled: ['आपकी सदस्यता रद्द', `${f.productName} की आपकी सदस्यता रद्द कर दी गई है। आगे कुछ नहीं लिया जाएगा।`],
    payment_failed: [
      'आपकी सदस्यता का भुगतान नहीं हो सका',
      `${f.productName} की सदस्यता के लिए ${amount} नहीं लिए जा सके। हम फिर कोशिश करेंगे; आप यह डिलीवरी अभी चुका सकते हैं: ${f.link}`,
    ],
    halted: [
      'भुगतान विफल: भुगतान का तरीका बदलें',
      `कई बार भुगतान विफल होने से ${f.productName} की आपकी सदस्यता रुकी है। भुगतान का तरीका बदलें: ${f.link}`,
    ],
    out_of_stock: [
      'यह डिलीवरी छोड़ी गई: स्टॉक ख़त्म',
      `${f.productName} का स्टॉक ख़त्म है, इसलिए यह डिलीवरी छोड़ी गई है। इसके लिए लिया गया पैसा आपको लौटाया जाएगा।`,
    ],
  };
  const [subject, body] = (f.lang === 'hi' ? hi : en)[event];
  return { subject, body };
}
