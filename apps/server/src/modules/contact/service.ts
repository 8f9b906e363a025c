// Contact messages. Owns the contact_messages table: every message is stored first (the owner's
// inbox), then forwarded to the store's e-mail through the messenger. A failed forward does not
// lose the message. Each IP may send a few per hour, counted from the stored rows under a lock
// per IP so racing sends cannot slip past the cap (and every instance sees the same count).
import { CONTACT_TEXTS, type ContactValues } from '@spice/shared/contracts/contact';
import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Messenger } from '../messaging/service.ts';
import { contactMessages } from './schema.ts';

const HOUR_MS = 3_600_000;

export type ContactService = ReturnType<typeof createContactService>;

export interface ContactResult {
  id: number;
  forwarded: boolean;
  /** Why forwarding failed (already logged). */
  error?: unknown;
}

export function createContactService(
  db: Db,
  messenger: Messenger,
  options: {
    storeEmail: string;
    perIpPerHour: number;
    /** Where a failed forward is reported (the app's logger). */
    log?: { warn(obj: object, msg: string): void };
    now?: () => Date;
  },
) {
  const now = options.now ?? (() => new Date());

  return {
    async send(input: ContactValues, ip: string): Promise<ContactResult> {
      const t = now();
      const id = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`contact:${ip}`}))`);
        const [recent] = await tx
          .select({ n: count() })
          .from(contactMessages)
          .where(
            and(eq(contactMessages.ip, ip), gte(contactMessages.createdAt, new Date(t.getTime() - HOUR_MS))),
          );
        if ((recent?.n ?? 0) >= options.perIpPerHour) throw new AppError('tooMany', CONTACT_TEXTS.tooMany);
        const [row] = await tx
          .insert(contactMessages)
          .values({ ...input, ip, createdAt: t })
          .returning({ id: contactMessages.id });
        return row!.id;
      });
      try {
        await messenger.send({
          channel: 'email',
          to: options.storeEmail,
          subject: `Contact form: ${input.name.replace(/[\r\n\t]+/g, ' ').slice(0, 80)}`,
          text: [
            'A new message from the contact form.',
            '',
            `Name: ${input.name}`,
            `Email: ${input.email}`,
            `Phone: ${input.phone}`,
            `Received: ${t.toISOString()} (message #${id})`,
            '',
            input.message,
          ].join('\n'),
        });
        return { id, forwarded: true };
      } catch (error) {
        options.log?.warn(
          { err: error, contactMessageId: id },
          'contact message stored but not forwarded to the store e-mail',
        );
        return { id, forwarded: false, error };
      }
    },
  };
}
