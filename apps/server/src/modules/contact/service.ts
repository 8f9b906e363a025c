// Contact messages. Owns the contact_messages table: every message is stored first (the owner's
// inbox), then forwarded to the store's e-mail through the messenger. A failed forward does not
// lose the message. The per-address cap is a named limit (plugins/rate-limit.ts) that the API
// route and the storefront's form action apply before calling send.
import type { ContactValues } from '@spice/shared/contracts/contact';
import { count, desc, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { pageOf, pageRows } from '../../lib/pagination.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Messenger } from '../messaging/service.ts';
import { contactForwardEmail } from '../messaging/templates.ts';
import { contactMessages } from './schema.ts';

type ContactRow = typeof contactMessages.$inferSelect;

export interface ContactMessageDto {
  id: number;
  name: string;
  email: string;
  phone: string;
  message: string;
  read: boolean;
  readAt: string | null;
  createdAt: string;
}

const toDto = (r: ContactRow): ContactMessageDto => ({
  id: r.id,
  name: r.name,
  email: r.email,
  phone: r.phone,
  message: r.message,
  read: r.readAt !== null,
  readAt: r.readAt ? r.readAt.toISOString() : null,
  createdAt: r.createdAt.toISOString(),
});

/** Called inside the change's transaction (the back office writes its audit entry there). */
export type ContactChangeHook = (
  before: ContactMessageDto,
  after: ContactMessageDto,
  tx: Tx,
) => Promise<void>;

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
    /** Where a failed forward is reported (the app's logger). */
    log?: { warn(obj: object, msg: string): void };
    now?: () => Date;
  },
) {
  const now = options.now ?? (() => new Date());

  return {
    /** The owner's inbox, newest first; `unread` keeps only messages not yet read. */
    async inbox(unreadOnly: boolean, page: number, size: number) {
      const where = unreadOnly ? isNull(contactMessages.readAt) : undefined;
      const [rows, [total]] = await Promise.all([
        pageRows(
          db
            .select()
            .from(contactMessages)
            .where(where)
            .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id)),
          { page, size },
        ),
        db.select({ n: count() }).from(contactMessages).where(where),
      ]);
      return pageOf(rows.map(toDto), total?.n ?? 0, { page, size });
    },

    /** Marks a message read (now) or unread again. */
    async setRead(id: number, read: boolean, onChange?: ContactChangeHook): Promise<ContactMessageDto> {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(contactMessages)
          .where(eq(contactMessages.id, id))
          .for('update');
        if (!before) throw new AppError('notFound', 'Message not found.');
        const [after] = await tx
          .update(contactMessages)
          .set({ readAt: read ? (before.readAt ?? new Date()) : null })
          .where(eq(contactMessages.id, id))
          .returning();
        await onChange?.(toDto(before), toDto(after!), tx);
        return toDto(after!);
      });
    },

    async send(input: ContactValues, ip: string): Promise<ContactResult> {
      const t = now();
      const [row] = await db
        .insert(contactMessages)
        .values({ ...input, ip, createdAt: t })
        .returning({ id: contactMessages.id });
      const id = row!.id;
      try {
        await messenger.send({
          channel: 'email',
          to: options.storeEmail,
          ...contactForwardEmail({ ...input, id, receivedAt: t }),
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
