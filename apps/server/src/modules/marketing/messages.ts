// The words of the marketing module's messages, in English and Hindi (issue 37, decision 0041):
// the cart reminder (SMS, WhatsApp, e-mail) and the back-in-stock alert. Every marketing message
// ends with its way out: 'Reply STOP to stop' on SMS and WhatsApp; on e-mail an unsubscribe link
// and the List-Unsubscribe / List-Unsubscribe-Post headers (RFC 2369, RFC 8058 one-click).

import type { Lang } from '@spice/shared/lang';
import { formatRupees } from '@spice/shared/money';
import type { OutgoingMessage } from '../messaging/service.ts';

export interface ReminderLine {
  name: string;
  weight: string;
  quantity: number;
  /** An absolute image URL, for the e-mail. */
  image: string;
  soldOut: boolean;
}

export interface ReminderFacts {
  lang: Lang;
  storeName: string;
  firstName: string;
  lines: ReminderLine[];
  totalPaise: number;
  link: string;
  /** The second message only, when the owner set one. */
  couponCode: string | null;
}

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const TEXTS = {
  en: {
    subject: (f: ReminderFacts) => `${f.storeName}: your cart is waiting`,
    hello: (f: ReminderFacts) => `Hello ${f.firstName}, you left these in your cart:`,
    items: (f: ReminderFacts) =>
      f.lines.map((l) => `${l.name} ${l.weight} × ${l.quantity}${l.soldOut ? ' (sold out)' : ''}`).join(', '),
    total: (f: ReminderFacts) => `Cart total today: ${formatRupees(f.totalPaise)}`,
    short: (f: ReminderFacts) =>
      `${f.storeName}: you left ${TEXTS.en.items(f)} in your cart (${formatRupees(f.totalPaise)}). Complete your order: ${f.link}`,
    coupon: (code: string) => `Use coupon ${code} at checkout.`,
    button: 'Complete your order',
    stop: 'Reply STOP to stop',
    unsubscribe: 'Unsubscribe from offers and reminders by e-mail',
    why: 'You get this because you chose offers and reminders by e-mail.',
    backSubject: (name: string) => `Back in stock: ${name}`,
    back: (store: string, name: string, weight: string, link: string) =>
      `${store}: ${name} ${weight} is back in stock. You asked us to tell you. Buy it here: ${link}`,
  },
  hi: {
    subject: (f: ReminderFacts) => `${f.storeName}: आपकी कार्ट आपका इंतज़ार कर रही है`,
    hello: (f: ReminderFacts) => `नमस्ते ${f.firstName}, आपकी कार्ट में ये रह गए हैं:`,
    items: (f: ReminderFacts) =>
      f.lines
        .map((l) => `${l.name} ${l.weight} × ${l.quantity}${l.soldOut ? ' (स्टॉक में नहीं)' : ''}`)
        .join(', '),
    total: (f: ReminderFacts) => `आज कार्ट का कुल: ${formatRupees(f.totalPaise)}`,
    short: (f: ReminderFacts) =>
      `${f.storeName}: आपकी कार्ट में ${TEXTS.hi.items(f)} रह गए हैं (${formatRupees(f.totalPaise)})। अपना ऑर्डर पूरा करें: ${f.link}`,
    coupon: (code: string) => `चेकआउट पर कूपन ${code} लगाएँ।`,
    button: 'अपना ऑर्डर पूरा करें',
    stop: 'बंद करने के लिए STOP लिखकर भेजें (Reply STOP to stop)',
    unsubscribe: 'ईमेल से ऑफ़र और रिमाइंडर बंद करें',
    why: 'आपको यह इसलिए मिला क्योंकि आपने ईमेल से ऑफ़र और रिमाइंडर चुने थे।',
    backSubject: (name: string) => `फिर से स्टॉक में: ${name}`,
    back: (store: string, name: string, weight: string, link: string) =>
      `${store}: ${name} ${weight} फिर से स्टॉक में है। आपने हमें बताने को कहा था। यहाँ खरीदें: ${link}`,
  },
} as const;

/** The reminder on SMS or WhatsApp: one text, ending with the way out. */
export function reminderShort(f: ReminderFacts): string {
  const t = TEXTS[f.lang];
  const coupon = f.couponCode ? ` ${t.coupon(f.couponCode)}` : '';
  return `${t.short(f)}${coupon}\n${t.stop}`;
}

/** The reminder by e-mail, with its unsubscribe link and one-click headers. */
export function reminderEmail(
  f: ReminderFacts,
  unsubscribe: { pageUrl: string; oneClickUrl: string },
): Pick<OutgoingMessage, 'subject' | 'text' | 'html' | 'headers'> {
  const t = TEXTS[f.lang];
  const coupon = f.couponCode ? t.coupon(f.couponCode) : '';
  const text = [
    t.hello(f),
    ...f.lines.map(
      (l) =>
        `- ${l.name} ${l.weight} × ${l.quantity}${l.soldOut ? (f.lang === 'hi' ? ' (स्टॉक में नहीं)' : ' (sold out)') : ''}`,
    ),
    t.total(f),
    ...(coupon ? [coupon] : []),
    `${t.button}: ${f.link}`,
    '',
    t.why,
    `${t.unsubscribe}: ${unsubscribe.pageUrl}`,
  ].join('\n');
  const rows = f.lines
    .map(
      (l) =>
        `<tr><td style="padding:6px"><img src="${esc(l.image)}" alt="" width="64" height="64" style="border-radius:6px"></td>` +
        `<td style="padding:6px">${esc(l.name)}<br><small>${esc(l.weight)} × ${l.quantity}${l.soldOut ? (f.lang === 'hi' ? ' — स्टॉक में नहीं' : ' — sold out') : ''}</small></td></tr>`,
    )
    .join('');
  const html =
    `<div style="font-family:sans-serif;max-width:560px"><p>${esc(t.hello(f))}</p><table>${rows}</table>` +
    `<p><strong>${esc(t.total(f))}</strong></p>${coupon ? `<p>${esc(coupon)}</p>` : ''}` +
    `<p><a href="${esc(f.link)}" style="background:#b4451f;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${esc(t.button)}</a></p>` +
    `<p style="color:#666;font-size:12px">${esc(t.why)} <a href="${esc(unsubscribe.pageUrl)}">${esc(t.unsubscribe)}</a></p></div>`;
  return {
    subject: t.subject(f),
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${unsubscribe.oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** The back-in-stock alert (transactional: asked for, so no STOP line). */
export function backInStockText(
  lang: Lang,
  store: string,
  name: string,
  weight: string,
  link: string,
): string {
  return TEXTS[lang].back(store, name, weight, link);
}

export function backInStockSubject(lang: Lang, name: string): string {
  return TEXTS[lang].backSubject(name);
}
