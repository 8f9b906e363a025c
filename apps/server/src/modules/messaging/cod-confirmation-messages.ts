// The COD confirmation's messages (issue 34): the request right after placing and one reminder
// half-way, in the order's language. WhatsApp (an approved template whose quick-reply buttons carry
// 'CONFIRM:{token}' / 'CANCEL:{token}') when the shopper opted in, otherwise SMS; and an e-mail
// when they have an address. Each message carries its own link token (only its hash is stored),
// minted in the transaction that claims the channel, so a failed send leaves neither behind.
// Once per (order, kind, channel), as order-messages.ts claims its messages.
import { formatIst } from '@spice/shared/ist';
import { type Lang, localizePath } from '@spice/shared/lang';
import { formatRupees } from '@spice/shared/money';
import { addressInLanguage } from '@spice/shared/states-hi';
import type { Db, Tx } from '../../db/client.ts';
import type { Config } from '../../plugins/config.ts';
import type { CodConfirmationMessageKind } from '../orders/cod-confirmation.ts';
import { loadOrderFacts, type OrderFacts } from '../orders/order-facts.ts';
import { messageDeliveries } from './schema.ts';
import type { ChannelName, Messenger, OutgoingMessage } from './service.ts';

/** The quick replies' payloads: the webhook reads them back (whatsapp-webhook.ts). */
export const QUICK_REPLY = { confirm: 'CONFIRM:', cancel: 'CANCEL:' } as const;

interface Facts {
  store: string;
  order: OrderFacts;
  link: string;
  deadline: string;
}

const itemsOf = (o: OrderFacts, lang: Lang) =>
  o.lines
    .map((l) => {
      const name = lang === 'hi' ? l.productNameHi || l.productName : l.productName;
      const weight = lang === 'hi' ? l.variantHi || l.variant : l.variant;
      return `${name} ${weight} × ${l.quantity}`;
    })
    .join(', ');

const TEXTS: Record<
  Lang,
  Record<CodConfirmationMessageKind, { subject: (f: Facts) => string; body: (f: Facts) => string }>
> & { buttons: Record<Lang, [string, string]> } = {
  en: {
    cod_confirm: {
      subject: (f) => `Please confirm your order ${f.order.orderNumber}`,
      body: (f) =>
        `${f.store}: please confirm your cash-on-delivery order ${f.order.orderNumber}: ${itemsOf(f.order, 'en')}. ` +
        `Pay ${formatRupees(f.order.totals.totalPaise)} in cash on delivery. ` +
        `Deliver to: ${f.order.address.name}, ${f.order.address.fullAddress}. ` +
        `Confirm, change the address or cancel by ${f.deadline}: ${f.link}`,
    },
    cod_reminder: {
      subject: (f) => `Reminder: confirm your order ${f.order.orderNumber}`,
      body: (f) =>
        `${f.store}: your cash-on-delivery order ${f.order.orderNumber} (${formatRupees(f.order.totals.totalPaise)}) is not confirmed yet. ` +
        `It will be cancelled if it is not confirmed by ${f.deadline}. Confirm or cancel: ${f.link}`,
    },
  },
  hi: {
    cod_confirm: {
      subject: (f) => `कृपया अपने ऑर्डर ${f.order.orderNumber} की पुष्टि करें`,
      body: (f) =>
        `${f.store}: कृपया अपने कैश ऑन डिलीवरी ऑर्डर ${f.order.orderNumber} की पुष्टि करें: ${itemsOf(f.order, 'hi')}। ` +
        `डिलीवरी पर ${formatRupees(f.order.totals.totalPaise)} नकद दें। ` +
        `पता: ${f.order.address.name}, ${addressInLanguage(f.order.address.fullAddress, 'hi')}। ` +
        `${f.deadline} तक पुष्टि करें, पता बदलें या रद्द करें: ${f.link}`,
    },
    cod_reminder: {
      subject: (f) => `याद दिलाना: अपने ऑर्डर ${f.order.orderNumber} की पुष्टि करें`,
      body: (f) =>
        `${f.store}: आपके कैश ऑन डिलीवरी ऑर्डर ${f.order.orderNumber} (${formatRupees(f.order.totals.totalPaise)}) की पुष्टि अभी नहीं हुई है। ` +
        `${f.deadline} तक पुष्टि न होने पर यह रद्द हो जाएगा। पुष्टि करें या रद्द करें: ${f.link}`,
    },
  },
  buttons: { en: ['Confirm order', 'Cancel order'], hi: ['ऑर्डर की पुष्टि करें', 'ऑर्डर रद्द करें'] },
};

/** Rendered texts of one message, exported for the tests. */
export function renderCodConfirmation(kind: CodConfirmationMessageKind, f: Facts) {
  const lang = f.order.language;
  const t = TEXTS[lang][kind];
  return { subject: t.subject(f), text: t.body(f), buttons: TEXTS.buttons[lang] };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

class NotPending extends Error {}

export type CodConfirmationMessages = ReturnType<typeof createCodConfirmationMessages>;

export function createCodConfirmationMessages(deps: {
  db: Db;
  messenger: Pick<Messenger, 'send' | 'available'>;
  config: Pick<Config, 'PUBLIC_URL' | 'WHATSAPP_TEMPLATE_LANGUAGE' | 'WHATSAPP_TEMPLATE_LANGUAGE_HI'> &
    Pick<Config, 'WHATSAPP_TEMPLATE_COD_CONFIRM' | 'WHATSAPP_TEMPLATE_COD_REMINDER'>;
  storeName: () => Promise<string>;
  /** The orders module: a new link token for a pending confirmation (null once it is not). */
  mintLink: (tx: Tx, orderNumber: string) => Promise<{ token: string; confirmBy: Date } | null>;
  log: { warn(obj: object, msg: string): void };
}) {
  const { db, messenger, config } = deps;

  function channelsFor(o: OrderFacts): ChannelName[] {
    const mobile = /^\d{10}$/.test(o.customer.mobile);
    const chat = o.preferences.whatsapp && mobile && messenger.available('whatsapp') ? 'whatsapp' : 'sms';
    const channels: ChannelName[] = chat === 'sms' && !mobile ? [] : [chat];
    if (o.customer.email.includes('@')) channels.push('email');
    return channels.filter((c) => messenger.available(c));
  }

  function message(channel: ChannelName, kind: CodConfirmationMessageKind, f: Facts, token: string) {
    const r = renderCodConfirmation(kind, f);
    if (channel === 'email') {
      const html = `<p>${escapeHtml(r.text.replace(f.link, ''))}</p><p><a href="${escapeHtml(f.link)}">${escapeHtml(f.link)}</a></p>`;
      return {
        channel,
        to: f.order.customer.email,
        subject: r.subject,
        text: r.text,
        html,
      } as OutgoingMessage;
    }
    if (channel === 'sms') return { channel, to: f.order.customer.mobile, text: r.text } as OutgoingMessage;
    const name =
      kind === 'cod_confirm' ? config.WHATSAPP_TEMPLATE_COD_CONFIRM : config.WHATSAPP_TEMPLATE_COD_REMINDER;
    const o = f.order;
    return {
      channel,
      to: o.customer.mobile,
      subject: `Template ${name}`,
      text: `${r.text}\n[${r.buttons[0]}] [${r.buttons[1]}]`,
      whatsappTemplate: {
        name,
        language:
          o.language === 'hi'
            ? (config.WHATSAPP_TEMPLATE_LANGUAGE_HI ?? 'hi')
            : config.WHATSAPP_TEMPLATE_LANGUAGE,
        params: [
          o.orderNumber,
          itemsOf(o, o.language),
          formatRupees(o.totals.totalPaise),
          o.address.fullAddress,
          f.deadline,
          f.link,
        ],
        quickReplies: [`${QUICK_REPLY.confirm}${token}`, `${QUICK_REPLY.cancel}${token}`],
      },
    } as OutgoingMessage;
  }

  return {
    /** The job's work: each channel claimed, its link minted and its message sent, once. */
    async deliver(orderNumber: string, kind: CodConfirmationMessageKind): Promise<void> {
      const order = await loadOrderFacts(db, orderNumber);
      if (!order) throw new Error(`Order ${orderNumber} not found.`);
      const store = await deps.storeName();
      for (const channel of channelsFor(order)) {
        const to = channel === 'email' ? order.customer.email : order.customer.mobile;
        try {
          await db.transaction(async (tx) => {
            const claimed = await tx
              .insert(messageDeliveries)
              .values({ orderNumber, event: kind, channel, to })
              .onConflictDoNothing()
              .returning({ id: messageDeliveries.id });
            if (claimed.length === 0) return;
            const link = await deps.mintLink(tx, orderNumber);
            if (!link) throw new NotPending();
            const path = localizePath(`/confirm/${link.token}`, order.language);
            const facts = {
              store,
              order,
              link: `${config.PUBLIC_URL ?? ''}${path}`,
              deadline: formatIst(link.confirmBy),
            };
            await messenger.send(message(channel, kind, facts, link.token), tx);
          });
        } catch (error) {
          // Confirmed, cancelled or expired before the message went: nothing to ask any more.
          if (error instanceof NotPending) return;
          throw error;
        }
      }
    },
  };
}
