// What a push message says for each order update (issue 42), in the order's language. Short: a
// phone shows a title and about two lines.
import type { Lang } from '@spice/shared/lang';

export const PUSH_EVENTS = ['shipped', 'out_for_delivery', 'delivered', 'refunded'] as const;
export type PushEvent = (typeof PUSH_EVENTS)[number];

export function isPushEvent(event: string): event is PushEvent {
  return (PUSH_EVENTS as readonly string[]).includes(event);
}

const TEXTS: Record<Lang, Record<PushEvent, { title: string; body: string }>> = {
  en: {
    shipped: {
      title: 'Order {order} has shipped',
      body: 'Your spices are on their way. Tap to track the order.',
    },
    out_for_delivery: {
      title: 'Order {order} is out for delivery',
      body: 'It arrives today. Please keep your phone nearby.',
    },
    delivered: { title: 'Order {order} is delivered', body: 'Enjoy your spices! Tap to see the order.' },
    refunded: { title: 'Refund for order {order}', body: 'Your refund has been sent. Tap for the details.' },
  },
  hi: {
    shipped: { title: 'ऑर्डर {order} भेज दिया गया है', body: 'आपके मसाले रास्ते में हैं। ऑर्डर ट्रैक करने के लिए टैप करें।' },
    out_for_delivery: {
      title: 'ऑर्डर {order} डिलीवरी के लिए निकला है',
      body: 'यह आज पहुँचेगा। कृपया अपना फ़ोन पास रखें।',
    },
    delivered: { title: 'ऑर्डर {order} डिलीवर हो गया', body: 'मसालों का आनंद लें! ऑर्डर देखने के लिए टैप करें।' },
    refunded: { title: 'ऑर्डर {order} का रिफ़ंड', body: 'आपका रिफ़ंड भेज दिया गया है। जानकारी के लिए टैप करें।' },
  },
};

/** The message's JSON as the service worker reads it (apps/web/pwa/sw.ts: title, body, url, tag). */
export function pushMessage(event: PushEvent, orderNumber: string, lang: Lang): string {
  const text = TEXTS[lang][event];
  return JSON.stringify({
    title: text.title.replace('{order}', orderNumber),
    body: text.body,
    url: `${lang === 'hi' ? '/hi' : ''}/orders/${encodeURIComponent(orderNumber)}`,
    tag: `order-${orderNumber}`,
  });
}
