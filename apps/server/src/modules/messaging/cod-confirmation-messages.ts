// The COD confirmation's messages (issue 34): the request right after placing, one reminder
// half-way, and the notice that an order not confirmed in time was cancelled, in the order's
// language. WhatsApp (an approved template whose quick-reply buttons carry
// 'CONFIRM:{token}' / 'CANCEL:{token}') when the shopper opted in, otherwise SMS; and an e-mail
// when they have an address; the notice goes on the channels the request went on. Each request and
// reminder carries its own link token (only its hash is stored), minted in the transaction that
// claims the channel, so a failed send leaves neither behind and no job payload holds a token.
// The e-mail has the frame of every order e-mail (templates.ts); the SMS goes with its DLT
// template id (MSG91_TEMPLATE_COD_*, a Hindi one for Hindi orders).
// Once per (order, kind, channel), as order-messages.ts claims its messages.
import { formatIst } from '@spice/shared/ist';
import { type Lang, localizePath } from '@spice/shared/lang';
import { formatRupees } from '@spice/shared/money';
import { addressInLanguage } from '@spice/shared/states-hi';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { Config } from '../../plugins/config.ts';
import type { CodConfirmationMessageKind } from '../orders/cod-confirmation.ts';
import { loadOrderFacts, type OrderFacts } from '../orders/order-facts.ts';
import { messageDeliveries } from './schema.ts';
import type { ChannelName, Messenger, OutgoingMessage } from './service.ts';
import { renderOrderEmail, type StoreFacts } from './templates.ts';

/** The quick replies' payloads: the webhook reads them back (whatsapp-webhook.ts). */
export const QUICK_REPLY = { confirm: 'CONFIRM:', cancel: 'CANCEL:' } as const;

interface Facts {
  store: string;
  order: OrderFacts;
  /** The confirmation link; for 'cod_expired', the shop's home page (to order again). */
  link: string;
  deadline: string;
}

interface KindTexts {
  subject: (f: Facts) => string;
  heading: string;
  button: string;
  /** The e-mail's lead: the SMS text without the link (the button carries it). */
  lead: (f: Facts) => string;
  body: (f: Facts) => string;
}

const itemsOf = (o: OrderFacts, lang: Lang) =>
  o.lines
    .map((l) => {
      const name = lang === 'hi' ? l.productNameHi || l.productName : l.productName;
      const weight = lang === 'hi' ? l.variantHi || l.variant : l.variant;
      return `${name} ${weight} × ${l.quantity}`;
    })
    .join(', ');

const TEXTS: Record<Lang, Record<CodConfirmationMessageKind, KindTexts>> & {
  buttons: Record<Lang, [string, string]>;
} = {
  en: {
    cod_confirm: {
      subject: (f) => `Please confirm your order ${f.order.orderNumber}`,
      heading: 'Please confirm your order',
      button: 'Confirm, change the address or cancel',
      lead: (f) =>
        `Namaste ${f.order.customer.name}, please confirm your cash-on-delivery order ${f.order.orderNumber}: ${itemsOf(f.order, 'en')}. ` +
        `Pay ${formatRupees(f.order.totals.totalPaise)} in cash on delivery. ` +
        `Confirm, change the address or cancel by ${f.deadline}.`,
      body: (f) =>
        `${f.store}: please confirm your cash-on-delivery order ${f.order.orderNumber}: ${itemsOf(f.order, 'en')}. ` +
        `Pay ${formatRupees(f.order.totals.totalPaise)} in cash on delivery. ` +
        `Deliver to: ${f.order.address.name}, ${f.order.address.fullAddress}. ` +
        `Confirm, change the address or cancel by ${f.deadline}: ${f.link}`,
    },
    cod_reminder: {
      subject: (f) => `Reminder: confirm your order ${f.order.orderNumber}`,
      heading: 'Your order is waiting for your confirmation',
      button: 'Confirm or cancel',
      lead: (f) =>
        `Namaste ${f.order.customer.name}, your cash-on-delivery order ${f.order.orderNumber} (${formatRupees(f.order.totals.totalPaise)}) is not confirmed yet. ` +
        `It will be cancelled if it is not confirmed by ${f.deadline}.`,
      body: (f) =>
        `${f.store}: your cash-on-delivery order ${f.order.orderNumber} (${formatRupees(f.order.totals.totalPaise)}) is not confirmed yet. ` +
        `It will be cancelled if it is not confirmed by ${f.deadline}. Confirm or cancel: ${f.link}`,
    },
    cod_expired: {
      subject: (f) => `Your order ${f.order.orderNumber} is cancelled: it was not confirmed in time`,
      heading: 'Your order was not confirmed in time',
      button: 'Order again',
      lead: (f) =>
        `Namaste ${f.order.customer.name}, your cash-on-delivery order ${f.order.orderNumber} was cancelled because it was not confirmed by ${f.deadline}. ` +
        'Nothing is due from you. To order again, add the items to your cart on our shop and place a new order.',
      body: (f) =>
        `${f.store}: your cash-on-delivery order ${f.order.orderNumber} was cancelled because it was not confirmed in time. ` +
        `Nothing is due from you. To order again, add the items to your cart and place a new order: ${f.link}`,
    },
  },
  hi: {
    cod_confirm: {
      subject: (f) => `कृपया अपने ऑर्डर ${f.order.orderNumber} की पुष्टि करें`,
      heading: 'कृपया अपने ऑर्डर की पुष्टि करें',
      button: 'पुष्टि करें, पता बदलें या रद्द करें',
      lead: (f) =>
        `नमस्ते ${f.order.customer.name}, कृपया अपने कैश ऑन डिलीवरी ऑर्डर ${f.order.orderNumber} की पुष्टि करें: ${itemsOf(f.order, 'hi')}। ` +
        `डिलीवरी पर ${formatRupees(f.order.totals.totalPaise)} नकद दें। ` +
        `${f.deadline} तक पुष्टि करें, पता बदलें या रद्द करें।`,
      body: (f) =>
        `${f.store}: कृपया अपने कैश ऑन डिलीवरी ऑर्डर ${f.order.orderNumber} की पुष्टि करें: ${itemsOf(f.order, 'hi')}। ` +
        `डिलीवरी पर ${formatRupees(f.order.totals.totalPaise)} नकद दें। ` +
        `पता: ${f.order.address.name}, ${addressInLanguage(f.order.address.fullAddress, 'hi')}। ` +
        `${f.deadline} तक पुष्टि करें, पता बदलें या रद्द करें: ${f.link}`,
    },
    cod_reminder: {
      subject: (f) => `याद दिलाना: अपने ऑर्डर ${f.order.orderNumber} की पुष्टि करें`,
      heading: 'आपका ऑर्डर आपकी पुष्टि की राह देख रहा है',
      button: 'पुष्टि करें या रद्द करें',
      lead: (f) =>
        `नमस्ते ${f.order.customer.name}, आपके कैश ऑन डिलीवरी ऑर्डर ${f.order.orderNumber} (${formatRupees(f.order.totals.totalPaise)}) की पुष्टि अभी नहीं हुई है। ` +
        `${f.deadline} तक पुष्टि न होने पर यह रद्द हो जाएगा।`,
      body: (f) =>
        `${f.store}: आपके कैश ऑन डिलीवरी ऑर्डर ${f.order.orderNumber} (${formatRupees(f.order.totals.totalPaise)}) की पुष्टि अभी नहीं हुई है। ` +
        `${f.deadline} तक पुष्टि न होने पर यह रद्द हो जाएगा। पुष्टि करें या रद्द करें: ${f.link}`,
    },
    cod_expired: {
      subject: (f) => `आपका ऑर्डर ${f.order.orderNumber} रद्द हो गया है: समय पर पुष्टि नहीं हुई`,
      heading: 'आपके ऑर्डर की समय पर पुष्टि नहीं हुई',
      button: 'फिर से ऑर्डर करें',
      lead: (f) =>
        `नमस्ते ${f.order.customer.name}, आपका कैश ऑन डिलीवरी ऑर्डर ${f.order.orderNumber} रद्द कर दिया गया है क्योंकि ${f.deadline} तक इसकी पुष्टि नहीं हुई। ` +
        'आपको कुछ भी चुकाना नहीं है। फिर से ऑर्डर करने के लिए हमारी दुकान पर सामान कार्ट में डालें और नया ऑर्डर करें।',
      body: (f) =>
        `${f.store}: आपका कैश ऑन डिलीवरी ऑर्डर ${f.order.orderNumber} रद्द कर दिया गया है क्योंकि समय पर इसकी पुष्टि नहीं हुई। ` +
        `आपको कुछ भी चुकाना नहीं है। फिर से ऑर्डर करने के लिए सामान कार्ट में डालें और नया ऑर्डर करें: ${f.link}`,
    },
  },
  buttons: { en: ['Confirm order', 'Cancel order'], hi: ['ऑर्डर की पुष्टि करें', 'ऑर्डर रद्द करें'] },
};

/** The SMS's DLT variables (MSG91 flow ##name##), in the order of the WhatsApp template's {{n}}. */
function smsVars(kind: CodConfirmationMessageKind, f: Facts, lang: Lang): Record<string, string> {
  const o = f.order;
  if (kind === 'cod_expired') return { order: o.orderNumber, url: f.link };
  return {
    order: o.orderNumber,
    ...(kind === 'cod_confirm' && { items: itemsOf(o, lang) }),
    amount: formatRupees(o.totals.totalPaise),
    ...(kind === 'cod_confirm' && {
      address: lang === 'hi' ? addressInLanguage(o.address.fullAddress, 'hi') : o.address.fullAddress,
    }),
    deadline: f.deadline,
    url: f.link,
  };
}

/** Rendered texts of one message, exported for the tests. */
export function renderCodConfirmation(kind: CodConfirmationMessageKind, f: Facts, lang = f.order.language) {
  const t = TEXTS[lang][kind];
  return {
    subject: t.subject(f),
    text: t.body(f),
    heading: t.heading,
    lead: t.lead(f),
    button: t.button,
    vars: smsVars(kind, f, lang),
    buttons: TEXTS.buttons[lang],
  };
}

/** The MSG91 settings of each kind's DLT template, English and Hindi. */
const SMS_TEMPLATE = {
  cod_confirm: ['MSG91_TEMPLATE_COD_CONFIRM', 'MSG91_TEMPLATE_COD_CONFIRM_HI'],
  cod_reminder: ['MSG91_TEMPLATE_COD_REMINDER', 'MSG91_TEMPLATE_COD_REMINDER_HI'],
  cod_expired: ['MSG91_TEMPLATE_COD_EXPIRED', 'MSG91_TEMPLATE_COD_EXPIRED_HI'],
} as const;
type SmsTemplateSetting = (typeof SMS_TEMPLATE)[CodConfirmationMessageKind][number];

class NotPending extends Error {}
class NoSmsTemplate extends Error {}

export type CodConfirmationMessages = ReturnType<typeof createCodConfirmationMessages>;

export function createCodConfirmationMessages(deps: {
  db: Db;
  messenger: Pick<Messenger, 'send' | 'available' | 'provider'>;
  config: Pick<Config, 'PUBLIC_URL' | 'WHATSAPP_TEMPLATE_LANGUAGE' | 'WHATSAPP_TEMPLATE_LANGUAGE_HI'> &
    Pick<
      Config,
      'WHATSAPP_TEMPLATE_COD_CONFIRM' | 'WHATSAPP_TEMPLATE_COD_REMINDER' | 'WHATSAPP_TEMPLATE_COD_EXPIRED'
    > &
    Partial<Pick<Config, SmsTemplateSetting>>;
  /** The site settings: store name, logo and contacts (content service's footer). */
  settings: () => Promise<{
    storeName: string;
    logoUrl: string | null;
    email: string | null;
    phoneNumber: string | null;
  }>;
  /** The orders module: a new link token for a pending confirmation (null once it is not). */
  mintLink: (tx: Tx, orderNumber: string) => Promise<{ token: string; confirmBy: Date } | null>;
  /** The orders module: the confirmation's deadline (for the notice that it passed). */
  confirmBy: (orderNumber: string) => Promise<Date | null>;
  /** Defaults to the orders module's own read. */
  loadOrder?: (orderNumber: string) => Promise<OrderFacts | null>;
  log: { warn(obj: object, msg: string): void };
}) {
  const { db, messenger, config } = deps;
  const siteUrl = config.PUBLIC_URL ?? '';

  function channelsFor(o: OrderFacts): ChannelName[] {
    const mobile = /^\d{10}$/.test(o.customer.mobile);
    const chat = o.preferences.whatsapp && mobile && messenger.available('whatsapp') ? 'whatsapp' : 'sms';
    const channels: ChannelName[] = chat === 'sms' && !mobile ? [] : [chat];
    if (o.customer.email.includes('@')) channels.push('email');
    return channels.filter((c) => messenger.available(c));
  }

  /** The notice goes where the request or reminder went (the shopper's choice then). */
  async function channelsUsed(o: OrderFacts): Promise<ChannelName[]> {
    const rows = await db
      .selectDistinct({ channel: messageDeliveries.channel })
      .from(messageDeliveries)
      .where(
        and(
          eq(messageDeliveries.orderNumber, o.orderNumber),
          inArray(messageDeliveries.event, ['cod_confirm', 'cod_reminder']),
        ),
      );
    const used = rows.map((r) => r.channel as ChannelName).filter((c) => messenger.available(c));
    return used.length > 0 ? used : channelsFor(o);
  }

  async function storeFacts(): Promise<StoreFacts> {
    const s = await deps.settings();
    const logo = s.logoUrl?.startsWith('/') ? `${siteUrl}${s.logoUrl}` : s.logoUrl;
    return { name: s.storeName, logoUrl: logo ?? null, siteUrl, email: s.email, phone: s.phoneNumber };
  }

  /**
   * The SMS in the order's language with that language's DLT template id; a Hindi order without a
   * Hindi id on MSG91 gets the English wording and id (as order-messages.ts); on MSG91 without any
   * id, no SMS (DLT delivers only registered wording). Null then.
   */
  function sms(kind: CodConfirmationMessageKind, f: Facts): OutgoingMessage | null {
    const [enKey, hiKey] = SMS_TEMPLATE[kind];
    const msg91 = messenger.provider('sms') === 'msg91';
    const hindi = f.order.language === 'hi';
    const hiId = hindi ? config[hiKey] : undefined;
    const lang: Lang = hindi && (hiId || !msg91) ? 'hi' : 'en';
    const id = lang === 'hi' ? hiId : config[enKey];
    if (msg91 && !id) return null;
    const r = renderCodConfirmation(kind, f, lang);
    return {
      channel: 'sms',
      to: f.order.customer.mobile,
      text: r.text,
      ...(id ? { smsTemplate: { id, vars: r.vars } } : {}),
    };
  }

  async function message(
    channel: ChannelName,
    kind: CodConfirmationMessageKind,
    f: Facts,
    store: StoreFacts,
    token: string | null,
  ): Promise<OutgoingMessage | null> {
    const r = renderCodConfirmation(kind, f);
    if (channel === 'email') {
      const email = await renderOrderEmail({
        store,
        order: f.order,
        subject: r.subject,
        heading: r.heading,
        lead: r.lead,
        button: { href: f.link, label: r.button },
      });
      return { channel, to: f.order.customer.email, ...email };
    }
    if (channel === 'sms') return sms(kind, f);
    const name =
      kind === 'cod_confirm'
        ? config.WHATSAPP_TEMPLATE_COD_CONFIRM
        : kind === 'cod_reminder'
          ? config.WHATSAPP_TEMPLATE_COD_REMINDER
          : config.WHATSAPP_TEMPLATE_COD_EXPIRED;
    const o = f.order;
    const params =
      kind === 'cod_expired'
        ? [o.orderNumber, f.link]
        : [
            o.orderNumber,
            itemsOf(o, o.language),
            formatRupees(o.totals.totalPaise),
            o.address.fullAddress,
            f.deadline,
            f.link,
          ];
    return {
      channel,
      to: o.customer.mobile,
      subject: `Template ${name}`,
      text: token ? `${r.text}\n[${r.buttons[0]}] [${r.buttons[1]}]` : r.text,
      whatsappTemplate: {
        name,
        language:
          o.language === 'hi'
            ? (config.WHATSAPP_TEMPLATE_LANGUAGE_HI ?? 'hi')
            : config.WHATSAPP_TEMPLATE_LANGUAGE,
        params,
        ...(token && { quickReplies: [`${QUICK_REPLY.confirm}${token}`, `${QUICK_REPLY.cancel}${token}`] }),
      },
    } as OutgoingMessage;
  }

  /** Claims the channel in `tx`; false when it was sent already. */
  async function claim(
    tx: Tx,
    orderNumber: string,
    kind: CodConfirmationMessageKind,
    channel: ChannelName,
    to: string,
  ) {
    const claimed = await tx
      .insert(messageDeliveries)
      .values({ orderNumber, event: kind, channel, to })
      .onConflictDoNothing()
      .returning({ id: messageDeliveries.id });
    return claimed.length > 0;
  }

  return {
    /** The job's work: each channel claimed, its link minted and its message sent, once. */
    async deliver(orderNumber: string, kind: CodConfirmationMessageKind): Promise<void> {
      const order = await (deps.loadOrder ?? ((n: string) => loadOrderFacts(db, n)))(orderNumber);
      if (!order) throw new Error(`Order ${orderNumber} not found.`);
      const store = await storeFacts();
      const expired = kind === 'cod_expired';
      const deadline = expired ? await deps.confirmBy(orderNumber) : null;
      for (const channel of expired ? await channelsUsed(order) : channelsFor(order)) {
        const to = channel === 'email' ? order.customer.email : order.customer.mobile;
        try {
          await db.transaction(async (tx) => {
            if (!(await claim(tx, orderNumber, kind, channel, to))) return;
            let facts: Facts;
            let token: string | null = null;
            if (expired) {
              const home = localizePath('/', order.language);
              facts = {
                store: store.name,
                order,
                link: `${siteUrl}${home}`,
                deadline: deadline ? formatIst(deadline) : '',
              };
            } else {
              const link = await deps.mintLink(tx, orderNumber);
              if (!link) throw new NotPending();
              token = link.token;
              const path = localizePath(`/confirm/${link.token}`, order.language);
              facts = {
                store: store.name,
                order,
                link: `${siteUrl}${path}`,
                deadline: formatIst(link.confirmBy),
              };
            }
            const outgoing = await message(channel, kind, facts, store, token);
            // The claim is given back: nothing went out on this channel.
            if (!outgoing) throw new NoSmsTemplate();
            await messenger.send(outgoing, tx);
          });
        } catch (error) {
          if (error instanceof NoSmsTemplate) {
            deps.log.warn(
              { orderNumber, event: kind, channel },
              'no SMS template id for this event: SMS not sent',
            );
            continue;
          }
          // Confirmed, cancelled or expired before the message went: nothing to ask any more.
          if (error instanceof NotPending) return;
          throw error;
        }
      }
    },
  };
}
