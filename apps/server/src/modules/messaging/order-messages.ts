// Order messages (issue 16): for one order event, the channels the shopper chose, each message
// rendered from templates.ts and sent once. `deliver` is what the durable job calls; it may be
// called again after a partial failure or a crash and sends only what did not go out.
//
// Once per (order, event, refund, channel): each channel is claimed by inserting its row in
// message_deliveries (unique key) in a transaction that also sends; a failed send rolls the claim
// back, so a retry sends it again, and a concurrent deliver waits on the claim and then skips.
// Outbox channels are claimed and written together in one statement (their sending is a write),
// which commits or fails as one without a transaction.
// A crash after the provider accepted but before the commit can repeat that one message: no
// provider here can join our transaction, so that window is the at-least-once remainder.
import type { MessagePreferencesDto } from '@spice/shared/contracts/message-preferences';
import type { Db, Tx } from '../../db/client.ts';
import type { Config } from '../../plugins/config.ts';
import { AppError } from '../../plugins/errors.ts';
import { loadOrderFacts, type OrderFacts } from '../orders/order-facts.ts';
import { messageDeliveries } from './schema.ts';
import type { ChannelName, Messenger, OutgoingMessage } from './service.ts';
import { type RenderedMessage, renderOrderMessage, type StoreFacts } from './templates.ts';

export type OrderMessageEvent =
  | 'placed'
  | 'shipped'
  | 'out_for_delivery'
  | 'delivery_failed'
  | 'delivered'
  | 'cancelled'
  | 'returned'
  | 'refunded';

export const ORDER_MESSAGE_EVENTS: readonly OrderMessageEvent[] = [
  'placed',
  'shipped',
  'out_for_delivery',
  'delivery_failed',
  'delivered',
  'cancelled',
  'returned',
  'refunded',
];

export class OrderMessageError extends Error {}

/**
 * Which channels carry a message: e-mail unless the shopper turned it off; SMS always (it is
 * transactional, so it needs no opt-in); WhatsApp only after the shopper opted in. A channel with
 * no provider on this shop is left out.
 */
export function chooseChannels(input: {
  preferences: Pick<MessagePreferencesDto, 'email' | 'whatsapp'>;
  email: string;
  mobile: string;
  available: (channel: ChannelName) => boolean;
}): ChannelName[] {
  const wanted: [ChannelName, boolean][] = [
    ['email', input.preferences.email && input.email.includes('@')],
    ['sms', /^\d{10}$/.test(input.mobile)],
    ['whatsapp', input.preferences.whatsapp && /^\d{10}$/.test(input.mobile)],
  ];
  return wanted.filter(([c, yes]) => yes && input.available(c)).map(([c]) => c);
}

type ChannelSettings = Pick<Config, 'PUBLIC_URL' | 'WHATSAPP_TEMPLATE_LANGUAGE'> &
  Partial<Pick<Config, 'WHATSAPP_TEMPLATE_LANGUAGE_HI'>> & {
    [K in `MSG91_TEMPLATE_ORDER_${Uppercase<OrderMessageEvent>}${'' | '_HI'}`]?: string | undefined;
  } & { [K in `WHATSAPP_TEMPLATE_ORDER_${Uppercase<OrderMessageEvent>}`]: string };

export type OrderMessages = ReturnType<typeof createOrderMessages>;

export function createOrderMessages(deps: {
  db: Db;
  messenger: Pick<Messenger, 'send' | 'sendOutbox' | 'available' | 'provider' | 'usesOutbox'>;
  config: ChannelSettings;
  /** The site settings: store name, logo and contacts (content service's footer). */
  settings: () => Promise<{
    storeName: string;
    logoUrl: string | null;
    email: string | null;
    phoneNumber: string | null;
  }>;
  /** The refund's amount in paise (refunds module); without it 'refunded' leaves the amount out. */
  refundAmount?: (orderNumber: string, refundId: string) => Promise<number | null>;
  /** What the order's cancellation refunds, in paise (refunds module): the 'cancelled' message says it. */
  cancelRefundAmount?: (orderNumber: string) => Promise<number | null>;
  /** The refund's lines (refunds module): the 'refunded' message lists them. */
  refundLines?: (orderNumber: string, refundId: string) => Promise<{ itemId: number; quantity: number }[]>;
  /** Why a payment was refunded instead of applied to the order (REFUND_REASONS), or null. */
  refundCause?: (refundId: string) => Promise<string | null>;
  /** Where the order is read (PostgreSQL's shared connection); `db` otherwise. */
  reads?: Db | undefined;
  /**
   * 'delivery_failed': the shipping module mints the link for the attempt the key names (a new
   * token, only its hash stored) with the courier's reason; null once the issue is closed.
   */
  deliveryIssueLink?: (key: string) => Promise<{ token: string; reason: string } | null>;
  /** Defaults to the orders module's own read. */
  loadOrder?: (orderNumber: string) => Promise<OrderFacts | null>;
  log: { warn(obj: object, msg: string): void };
}) {
  const { db, messenger, config } = deps;
  const loadOrder =
    deps.loadOrder ?? ((orderNumber: string) => loadOrderFacts(deps.reads ?? db, orderNumber));
  const siteUrl = config.PUBLIC_URL ?? '';

  async function storeFacts(): Promise<StoreFacts> {
    const s = await deps.settings();
    const logo = s.logoUrl?.startsWith('/') ? `${siteUrl}${s.logoUrl}` : s.logoUrl;
    return { name: s.storeName, logoUrl: logo ?? null, siteUrl, email: s.email, phone: s.phoneNumber };
  }

  /**
   * The SMS in the order's language with that language's DLT template id. A Hindi order whose
   * event has no Hindi id on MSG91 gets the English SMS with the English id (DLT delivers only
   * the wording registered under an id); without MSG91 (outbox) the Hindi text goes as it is.
   */
  function sms(event: OrderMessageEvent, order: OrderFacts, r: RenderedMessage, en: () => RenderedMessage) {
    const key = event.toUpperCase() as Uppercase<OrderMessageEvent>;
    const msg91 = messenger.provider('sms') === 'msg91';
    if (order.language === 'hi') {
      const id = config[`MSG91_TEMPLATE_ORDER_${key}_HI`];
      if (id || !msg91) return { id, rendered: r };
      return { id: config[`MSG91_TEMPLATE_ORDER_${key}`], rendered: en() };
    }
    return { id: config[`MSG91_TEMPLATE_ORDER_${key}`], rendered: r };
  }

  function outgoing(
    channel: ChannelName,
    event: OrderMessageEvent,
    order: OrderFacts,
    r: RenderedMessage,
    english: () => RenderedMessage,
  ): OutgoingMessage | null {
    const key = event.toUpperCase() as Uppercase<OrderMessageEvent>;
    if (channel === 'email') return { channel, to: order.customer.email, ...r.email };
    if (channel === 'sms') {
      const { id, rendered } = sms(event, order, r, english);
      // India's DLT rules: MSG91 delivers only registered templates, so no id means no SMS.
      if (messenger.provider('sms') === 'msg91' && !id) return null;
      return {
        channel,
        to: order.customer.mobile,
        text: rendered.sms.text,
        ...(id ? { smsTemplate: { id, vars: rendered.sms.vars } } : {}),
      };
    }
    const name = config[`WHATSAPP_TEMPLATE_ORDER_${key}`];
    return {
      channel,
      to: order.customer.mobile,
      subject: `Template ${name}`,
      text: r.whatsapp.text,
      whatsappTemplate: {
        name,
        language:
          order.language === 'hi'
            ? (config.WHATSAPP_TEMPLATE_LANGUAGE_HI ?? 'hi')
            : config.WHATSAPP_TEMPLATE_LANGUAGE,
        params: r.whatsapp.params,
      },
    };
  }

  return {
    async deliver(input: {
      orderNumber: string;
      event: OrderMessageEvent;
      refundId?: string;
    }): Promise<void> {
      const { orderNumber, event } = input;
      const refundId = input.refundId ?? '';
      const order = await loadOrder(orderNumber);
      if (!order) throw new AppError('notFound', `Order ${orderNumber} not found.`);
      // Channels already sent are not read first: their claims below answer no row, so they are
      // skipped there (a repeat after everything went out renders, then sends nothing).
      const channels = chooseChannels({
        preferences: order.preferences,
        email: order.customer.email,
        mobile: order.customer.mobile,
        available: (c) => messenger.available(c),
      });
      if (channels.length === 0) return;
      // A failed delivery's link, minted now (each run its own; earlier ones stay valid).
      let deliveryIssue: { token: string; reason: string } | null = null;
      if (event === 'delivery_failed' && refundId && deps.deliveryIssueLink) {
        deliveryIssue = await deps.deliveryIssueLink(refundId);
        if (!deliveryIssue) return;
      }

      const refundAmountPaise =
        event === 'refunded' && refundId && deps.refundAmount
          ? await deps.refundAmount(orderNumber, refundId)
          : event === 'cancelled' && order.paymentMode === 'RAZORPAY' && deps.cancelRefundAmount
            ? await deps.cancelRefundAmount(orderNumber)
            : null;
      const refundLines =
        event === 'refunded' && refundId && deps.refundLines
          ? await deps.refundLines(orderNumber, refundId)
          : [];
      const returnedPaymentReason =
        event === 'refunded' && refundId && deps.refundCause ? await deps.refundCause(refundId) : null;
      const messageFacts = {
        event,
        store: await storeFacts(),
        order,
        refundAmountPaise,
        refundLines,
        returnedPaymentReason,
        deliveryIssue,
      };
      const rendered = await renderOrderMessage(messageFacts);
      // The English fallback for an SMS whose Hindi DLT template is not registered (rarely needed).
      const key = event.toUpperCase() as Uppercase<OrderMessageEvent>;
      const needsEnglish =
        order.language === 'hi' &&
        messenger.provider('sms') === 'msg91' &&
        !config[`MSG91_TEMPLATE_ORDER_${key}_HI`];
      const english = needsEnglish ? await renderOrderMessage(messageFacts, 'en') : rendered;
      const messages: OutgoingMessage[] = [];
      for (const channel of channels) {
        const message = outgoing(channel, event, order, rendered, () => english);
        if (message) messages.push(message);
        else
          deps.log.warn({ orderNumber, event, channel }, 'no SMS template id for this event: SMS not sent');
      }
      // Channels whose sending is a write in our own database (the dev outbox) are claimed and
      // written together, in one statement; each provider channel in a transaction of its own, so
      // one failing channel does not take back another's claim.
      const together = messages.filter((m) => messenger.usesOutbox(m.channel));
      const batches = [
        ...(together.length > 0 ? [{ outbox: true, messages: together }] : []),
        ...messages
          .filter((m) => !messenger.usesOutbox(m.channel))
          .map((m) => ({ outbox: false, messages: [m] })),
      ];
      const failed: string[] = [];
      for (const batch of batches) {
        const claim = (executor: Db | Tx) =>
          executor
            .insert(messageDeliveries)
            .values(
              batch.messages.map((m) => ({ orderNumber, event, refundId, channel: m.channel, to: m.to })),
            )
            .onConflictDoNothing()
            .returning({ channel: messageDeliveries.channel });
        try {
          // The outbox claims and writes in one statement, so it needs no transaction.
          if (batch.outbox) await messenger.sendOutbox(batch.messages, db, claim(db));
          else
            await db.transaction(async (tx) => {
              const claimed = await claim(tx);
              // A channel missing from `claimed` was sent meanwhile by another run.
              const mine = batch.messages.filter((m) => claimed.some((c) => c.channel === m.channel));
              for (const m of mine) await messenger.send(m, tx);
            });
        } catch (error) {
          const channel = batch.messages.map((m) => m.channel).join(', ');
          deps.log.warn({ err: error, orderNumber, event, channel }, 'order message not sent');
          failed.push(`${channel}: ${(error as Error).message}`);
        }
      }
      if (failed.length > 0) {
        throw new OrderMessageError(`Order ${orderNumber} ${event}: ${failed.join('; ')}`);
      }
    },
  };
}
