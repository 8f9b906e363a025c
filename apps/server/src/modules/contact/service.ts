// Contact messages. Owns the contact_messages table: every message is stored first (the owner's
// inbox), then forwarded to the store's e-mail through the messenger. A failed forward does not
// lose the message. The per-address cap is a named limit (plugins/rate-limit.ts) that the API
// route and the storefront's form action apply before calling send.
import type { ContactReplyInputValues } from '@spice/shared/contracts/admin';
import type { ContactValues } from '@spice/shared/contracts/contact';
import { asc, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { pageOf, pageRows } from '../../lib/pagination.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Messenger } from '../messaging/service.ts';
import { contactForwardEmail, contactReplyEmail } from '../messaging/templates.ts';
import { contactMessages, contactReplies } from './schema.ts';

type ContactRow = typeof contactMessages.$inferSelect;
type ReplyRow = typeof contactReplies.$inferSelect;

export interface ContactReplyDto {
  id: number;
  body: string;
  language: 'en' | 'hi';
  sentByName: string | null;
  createdAt: string;
  emailedAt: string | null;
}

export interface ContactMessageDto {
  id: number;
  name: string;
  email: string;
  phone: string;
  message: string;
  read: boolean;
  readAt: string | null;
  createdAt: string;
  replies: ContactReplyDto[];
}

const replyDto = (r: ReplyRow, names: ReadonlyMap<number, string>): ContactReplyDto => ({
  id: r.id,
  body: r.body,
  language: r.language,
  sentByName: r.sentBy === null ? null : (names.get(r.sentBy) ?? null),
  createdAt: r.createdAt.toISOString(),
  emailedAt: r.emailedAt ? r.emailedAt.toISOString() : null,
});

const toDto = (r: ContactRow, replies: ContactReplyDto[] = []): ContactMessageDto => ({
  id: r.id,
  name: r.name,
  email: r.email,
  phone: r.phone,
  message: r.message,
  read: r.readAt !== null,
  readAt: r.readAt ? r.readAt.toISOString() : null,
  createdAt: r.createdAt.toISOString(),
  replies,
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
    /** Names of the back-office users who sent replies (the accounts module's). */
    userNames?: (ids: number[]) => Promise<Map<number, string>>;
    /** Where a failed forward is reported (the app's logger). */
    log?: { warn(obj: object, msg: string): void };
    now?: () => Date;
  },
) {
  const now = options.now ?? (() => new Date());

  /** Each message with its replies, oldest reply first. */
  async function withReplies(rows: ContactRow[], executor: Pick<Db, 'select'> = db) {
    if (rows.length === 0) return [];
    const replies = await executor
      .select()
      .from(contactReplies)
      .where(
        inArray(
          contactReplies.messageId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(contactReplies.createdAt), asc(contactReplies.id));
    const senders = [...new Set(replies.flatMap((r) => (r.sentBy === null ? [] : [r.sentBy])))];
    const names = senders.length > 0 && options.userNames ? await options.userNames(senders) : new Map();
    return rows.map((m) =>
      toDto(
        m,
        replies.filter((r) => r.messageId === m.id).map((r) => replyDto(r, names)),
      ),
    );
  }

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
      return pageOf(await withReplies(rows), total?.n ?? 0, { page, size });
    },

    /** Marks a message read (now) or unread again. */
    async setRead(id: number, read: boolean, onChange?: ContactChangeHook): Promise<ContactMessageDto> {
      return db
        .transaction(async (tx) => {
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
          return after!;
        })
        .then(async (row) => (await withReplies([row]))[0]!);
    },

    /**
     * The owner's reply: kept with the message (which counts as read from then on), then e-mailed to
     * the shopper through the messenger (the dev outbox in demo mode). A failed e-mail keeps the
     * reply, marked not e-mailed, and is logged.
     */
    async reply(
      id: number,
      input: ContactReplyInputValues,
      from: { userId: number; storeName: string },
      onChange?: (reply: ReplyRow, tx: Tx) => Promise<void>,
    ): Promise<ContactMessageDto> {
      const { message, reply } = await db.transaction(async (tx) => {
        const [message] = await tx
          .select()
          .from(contactMessages)
          .where(eq(contactMessages.id, id))
          .for('update');
        if (!message) throw new AppError('notFound', 'Message not found.');
        const [reply] = await tx
          .insert(contactReplies)
          .values({
            messageId: id,
            body: input.body,
            language: input.language,
            sentBy: from.userId,
            createdAt: now(),
          })
          .returning();
        if (!message.readAt) {
          await tx.update(contactMessages).set({ readAt: now() }).where(eq(contactMessages.id, id));
        }
        await onChange?.(reply!, tx);
        return { message, reply: reply! };
      });
      try {
        await messenger.send({
          channel: 'email',
          to: message.email,
          ...contactReplyEmail(
            { name: message.name, reply: reply.body, original: message.message, storeName: from.storeName },
            reply.language,
          ),
        });
        await db.update(contactReplies).set({ emailedAt: now() }).where(eq(contactReplies.id, reply.id));
      } catch (error) {
        options.log?.warn({ err: error, contactReplyId: reply.id }, 'contact reply kept but not e-mailed');
      }
      const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
      return (await withReplies([row!]))[0]!;
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
