// The Messenger: SMS, e-mail and WhatsApp behind one interface. SMTP (Nodemailer) when SMTP_URL
// is set, an MSG91 SMS adapter when SMS_PROVIDER=msg91, the WhatsApp Business Cloud API when
// WHATSAPP_TOKEN is set, otherwise the dev outbox (stored in the database, readable at
// /api/dev/outbox and /dev/outbox; WhatsApp falls back to it only in demo mode, and is off
// elsewhere). A provider failure throws DeliveryError and nothing is recorded as sent.
import { desc, eq, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { preparedInsert } from '../../db/prepared.ts';
import type { Config } from '../../plugins/config.ts';
import { outboxMessages } from './schema.ts';

export type ChannelName = 'sms' | 'email' | 'whatsapp';

export interface OutgoingMessage {
  channel: ChannelName;
  /** A 10-digit mobile for SMS, an address for e-mail. */
  to: string;
  subject?: string;
  text: string;
  /** An e-mail's HTML part (`text` is its plain-text part). */
  html?: string;
  /** The one-time code carried, if any (providers with OTP templates need it separately). */
  code?: string;
  /**
   * An e-mail's extra headers: a marketing e-mail's List-Unsubscribe and List-Unsubscribe-Post
   * (RFC 2369, RFC 8058; decision 0041).
   */
  headers?: Record<string, string>;
  /** SMS other than login codes: the DLT-approved template and its variables (MSG91 Flow). */
  smsTemplate?: { id: string; vars: Record<string, string> };
  /**
   * WhatsApp: an approved template and its body parameters, in order; `quickReplies`: the
   * payloads of its quick-reply buttons, in order (the webhook gets them back when tapped).
   */
  whatsappTemplate?: { name: string; language: string; params: string[]; quickReplies?: string[] };
}

export class DeliveryError extends Error {}

/** A database handle or an open transaction (the outbox writes inside the caller's transaction). */
type Executor = Db | Tx;

const insertOutbox = preparedInsert('insert_outbox_message', outboxMessages, [
  'channel',
  'to',
  'subject',
  'text',
  'html',
  'code',
  'headers',
]);

interface Transport {
  readonly kind: 'outbox' | 'smtp' | 'msg91' | 'whatsapp' | 'off';
  send(message: OutgoingMessage, executor?: Executor): Promise<void>;
}

export type Messenger = ReturnType<typeof createMessenger>;

export function createMessenger(db: Db, config: Config) {
  const transports: Record<ChannelName, Transport> = {
    sms: config.SMS_PROVIDER === 'msg91' ? msg91Transport(config) : outboxTransport(db),
    email: config.SMTP_URL ? smtpTransport(config) : outboxTransport(db),
    whatsapp: config.WHATSAPP_TOKEN
      ? whatsappTransport(config)
      : config.DEMO_MODE
        ? outboxTransport(db)
        : offTransport(),
  };

  return {
    /**
     * Sends one message. Inside a transaction pass it as `executor`: an outbox message then
     * commits or rolls back with the caller's own writes (and the embedded database, which has
     * a single connection, is not asked for a second one while the transaction holds it).
     */
    async send(message: OutgoingMessage, executor?: Executor): Promise<void> {
      await transports[message.channel].send(message, executor);
    },
    /**
     * Writes messages of outbox channels (`usesOutbox`) in one statement, in the caller's
     * transaction: they are kept together or not at all. With `claim` (an insert answering the
     * channels it claimed, as `channel`) the same statement runs it and writes only the messages
     * of those channels: the claims and the messages are kept together, with no transaction.
     */
    async sendOutbox(
      messages: OutgoingMessage[],
      executor: Executor = db,
      claim?: SQLWrapper,
    ): Promise<void> {
      if (messages.some((m) => transports[m.channel].kind !== 'outbox'))
        throw new Error('sendOutbox takes outbox channels only.');
      if (messages.length === 0) return;
      if (!claim) {
        await executor.insert(outboxMessages).values(messages.map(outboxRow));
        return;
      }
      await executor.execute(sql`with claimed as (${claim.getSQL()})
        insert into ${outboxMessages} (channel, "to", subject, text, html, code)
        select m.channel, m."to", m.subject, m.text, m.html, m.code
        from jsonb_to_recordset(${JSON.stringify(messages.map(outboxRow))}::jsonb)
          as m(channel text, "to" text, subject text, text text, html text, code text)
        where m.channel in (select channel from claimed)`);
    },
    /** Whether the channel writes to the dev outbox rather than a real provider. */
    usesOutbox(channel: ChannelName): boolean {
      return transports[channel].kind === 'outbox';
    },
    /** Whether the channel can send at all (WhatsApp is off on a real shop without its keys). */
    available(channel: ChannelName): boolean {
      return transports[channel].kind !== 'off';
    },
    /** The provider behind a channel, so callers can tell what it needs (MSG91: DLT templates). */
    provider(channel: ChannelName): Transport['kind'] {
      return transports[channel].kind;
    },
    /** Outbox messages to one recipient, newest first. */
    async outbox(to: string, channels: ChannelName[]) {
      if (channels.length === 0) return [];
      const rows = await db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.to, to))
        .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
        .limit(50);
      return rows
        .filter((r) => channels.includes(r.channel))
        .map((r) => ({
          channel: r.channel,
          to: r.to,
          ...(r.subject ? { subject: r.subject } : {}),
          text: r.text,
          ...(r.html ? { html: r.html } : {}),
          ...(r.code ? { code: r.code } : {}),
          ...(r.headers ? { headers: r.headers } : {}),
          createdAt: r.createdAt.toISOString(),
        }));
    },
    /** Every outbox message, newest first, for the /dev/outbox page. */
    async recentOutbox(limit = 50) {
      return db
        .select()
        .from(outboxMessages)
        .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
        .limit(limit);
    },
  };
}

function outboxTransport(db: Db): Transport {
  return {
    kind: 'outbox',
    async send(m, executor = db) {
      await insertOutbox(executor).execute(outboxRow(m));
    },
  };
}

function outboxRow(m: OutgoingMessage) {
  return {
    channel: m.channel,
    to: m.to,
    subject: m.subject ?? null,
    text: m.text,
    html: m.html ?? null,
    code: m.code ?? null,
    headers: m.headers ?? null,
  };
}

function smtpTransport(config: Config): Transport {
  // Loaded lazily so the shop starts without touching SMTP code when it is not configured.
  let transporter: Promise<import('nodemailer').Transporter> | null = null;
  return {
    kind: 'smtp',
    async send(m) {
      transporter ??= import('nodemailer').then((nm) =>
        nm.default.createTransport({
          url: config.SMTP_URL!,
          connectionTimeout: config.MESSAGE_TIMEOUT_MS,
          greetingTimeout: config.MESSAGE_TIMEOUT_MS,
          socketTimeout: config.MESSAGE_TIMEOUT_MS,
        } as import('nodemailer').TransportOptions),
      );
      try {
        await (await transporter).sendMail({
          from: config.SMTP_FROM,
          to: m.to,
          subject: m.subject ?? '',
          text: m.text,
          ...(m.html ? { html: m.html } : {}),
          ...(m.headers ? { headers: m.headers } : {}),
        });
      } catch (error) {
        throw new DeliveryError(`SMTP delivery failed: ${(error as Error).message}`);
      }
    },
  };
}

/** MSG91's Flow API: a DLT-registered template with an ##otp## variable, sent to 91XXXXXXXXXX. */
function msg91Transport(config: Config): Transport {
  return {
    kind: 'msg91',
    async send(m) {
      let response: Response;
      try {
        response = await fetch(`${config.MSG91_BASE_URL}/api/v5/flow`, {
          method: 'POST',
          headers: {
            authkey: config.MSG91_AUTH_KEY!,
            'content-type': 'application/json',
            accept: 'application/json',
          },
          body: JSON.stringify(
            m.smsTemplate
              ? {
                  template_id: m.smsTemplate.id,
                  short_url: '0',
                  recipients: [{ mobiles: `91${m.to}`, ...m.smsTemplate.vars }],
                }
              : {
                  template_id: config.MSG91_TEMPLATE_ID,
                  short_url: '0',
                  recipients: [{ mobiles: `91${m.to}`, otp: m.code ?? '', message: m.text }],
                },
          ),
          signal: AbortSignal.timeout(config.MESSAGE_TIMEOUT_MS),
        });
      } catch (error) {
        throw new DeliveryError(`SMS provider unreachable: ${(error as Error).message}`);
      }
      const body = (await response.json().catch(() => null)) as { type?: string; message?: string } | null;
      if (!response.ok || body?.type !== 'success') {
        throw new DeliveryError(
          `SMS provider refused (${response.status}): ${body?.message ?? 'no reason given'}`,
        );
      }
    },
  };
}

/** A channel with no provider outside demo mode: callers check `available` and skip it. */
function offTransport(): Transport {
  return {
    kind: 'off',
    async send() {
      throw new DeliveryError('This channel has no provider configured.');
    },
  };
}

/**
 * The WhatsApp Business Cloud API: business-initiated messages must be approved templates, sent
 * to the number with its country code. Graph API errors come back as { error: { message } }.
 */
function whatsappTransport(config: Config): Transport {
  return {
    kind: 'whatsapp',
    async send(m) {
      if (!m.whatsappTemplate) throw new DeliveryError('WhatsApp sends approved templates only.');
      const { name, language, params } = m.whatsappTemplate;
      let response: Response;
      try {
        response = await fetch(`${config.WHATSAPP_API_URL}/${config.WHATSAPP_PHONE_NUMBER_ID}/messages`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${config.WHATSAPP_TOKEN}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({
            messaging_product: 'whatsapp',
            recipient_type: 'individual',
            to: `91${m.to}`,
            type: 'template',
            template: {
              name,
              language: { code: language },
              components: [
                ...(params.length > 0
                  ? [{ type: 'body', parameters: params.map((text) => ({ type: 'text', text })) }]
                  : []),
                ...(m.whatsappTemplate.quickReplies ?? []).map((payload, index) => ({
                  type: 'button',
                  sub_type: 'quick_reply',
                  index: String(index),
                  parameters: [{ type: 'payload', payload }],
                })),
              ],
            },
          }),
          signal: AbortSignal.timeout(config.MESSAGE_TIMEOUT_MS),
        });
      } catch (error) {
        throw new DeliveryError(`WhatsApp API unreachable: ${(error as Error).message}`);
      }
      const body = (await response.json().catch(() => null)) as {
        messages?: { id: string }[];
        error?: { message?: string };
      } | null;
      if (!response.ok || !body?.messages?.[0]?.id) {
        throw new DeliveryError(
          `WhatsApp API refused (${response.status}): ${body?.error?.message ?? 'no reason given'}`,
        );
      }
    },
  };
}
