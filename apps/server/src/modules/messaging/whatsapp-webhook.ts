// Replies on WhatsApp (issue 34): the Cloud API's webhook. Every POST is signed by Meta with the
// app secret (X-Hub-Signature-256: 'sha256=' + HMAC-SHA256 of the raw body); without the secret
// nothing is trusted. A quick reply whose payload names a confirmation token confirms or cancels
// exactly like the link; anything else is acknowledged and logged, so Meta does not retry it.
// 'STOP' turns the shopper's WhatsApp messages off (their message preferences).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../plugins/errors.ts';
import { QUICK_REPLY } from './cod-confirmation-messages.ts';

export const WEBHOOK_SIGNATURE_INVALID = 'Invalid webhook signature.';

interface InboundMessage {
  from?: string;
  type?: string;
  text?: { body?: string };
  button?: { payload?: string; text?: string };
  interactive?: { button_reply?: { id?: string } };
}

/** The messages of a Cloud API notification (entry[].changes[].value.messages[]). */
function messagesOf(body: unknown): InboundMessage[] {
  const entries = (body as { entry?: { changes?: { value?: { messages?: InboundMessage[] } }[] }[] })?.entry;
  if (!Array.isArray(entries)) return [];
  return entries.flatMap((e) =>
    (Array.isArray(e?.changes) ? e.changes : []).flatMap((c) =>
      Array.isArray(c?.value?.messages) ? c.value.messages : [],
    ),
  );
}

export function signatureMatches(secret: string | undefined, rawBody: string, header: string): boolean {
  if (!secret) return false;
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`);
  const actual = Buffer.from(header);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export function createWhatsAppWebhook(deps: {
  appSecret: string | undefined;
  verifyToken: string | undefined;
  confirm: (token: string) => Promise<unknown>;
  cancel: (token: string) => Promise<unknown>;
  /** Turns WhatsApp off for the shopper with this 10-digit mobile; false when there is none. */
  optOut: (mobile: string) => Promise<boolean>;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}) {
  async function act(what: 'confirm' | 'cancel', token: string) {
    try {
      await deps[what](token);
      deps.log.info({ what }, 'whatsapp quick reply applied');
    } catch (error) {
      // A replay, a link expired or an order moved on: nothing changes, the reply is acknowledged.
      if (error instanceof AppError && (error.kind === 'notFound' || error.kind === 'conflict')) {
        deps.log.info({ what, reason: error.message }, 'whatsapp quick reply changed nothing');
        return;
      }
      throw error;
    }
  }

  return {
    /** The subscription handshake: the challenge echoed when the verify token matches. */
    handshake(query: Record<string, string | undefined>): string | null {
      const ok =
        query['hub.mode'] === 'subscribe' &&
        Boolean(deps.verifyToken) &&
        query['hub.verify_token'] === deps.verifyToken;
      return ok ? (query['hub.challenge'] ?? '') : null;
    },

    async receive(rawBody: string, signature: string): Promise<void> {
      if (!signatureMatches(deps.appSecret, rawBody, signature))
        throw new AppError('unauthorized', WEBHOOK_SIGNATURE_INVALID);
      let body: unknown;
      try {
        body = JSON.parse(rawBody);
      } catch {
        deps.log.warn({}, 'whatsapp webhook body is not JSON');
        return;
      }
      for (const m of messagesOf(body)) {
        const payload = m.button?.payload ?? m.interactive?.button_reply?.id ?? '';
        if (payload.startsWith(QUICK_REPLY.confirm))
          await act('confirm', payload.slice(QUICK_REPLY.confirm.length));
        else if (payload.startsWith(QUICK_REPLY.cancel))
          await act('cancel', payload.slice(QUICK_REPLY.cancel.length));
        else if (m.type === 'text' && m.text?.body?.trim().toUpperCase() === 'STOP' && m.from) {
          const found = await deps.optOut(m.from.replace(/\D/g, '').slice(-10));
          deps.log.info({ found }, 'whatsapp STOP: opted out');
        } else deps.log.warn({ type: m.type, payload }, 'whatsapp webhook: unknown message, acknowledged');
      }
    },
  };
}
