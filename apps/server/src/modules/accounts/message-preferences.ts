// The shopper's order-message channels (table message_preferences, owned by accounts). No row
// means the defaults. Opting in to WhatsApp records when (WhatsApp asks businesses to keep proof
// of opt-in); opting out records when too, and a later opt-in starts a new one.
import type {
  MessagePreferencesDto,
  MessagePreferencesInputDto,
} from '@spice/shared/contracts/message-preferences';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { messagePreferences } from './schema.ts';

type Row = typeof messagePreferences.$inferSelect;

export const DEFAULT_PREFERENCES: MessagePreferencesDto = {
  email: true,
  whatsapp: false,
  whatsappOptedInAt: null,
  whatsappOptedOutAt: null,
};

const toDto = (r: Row | undefined): MessagePreferencesDto =>
  r
    ? {
        email: r.email,
        whatsapp: r.whatsapp,
        whatsappOptedInAt: r.whatsappOptedInAt?.toISOString() ?? null,
        whatsappOptedOutAt: r.whatsappOptedOutAt?.toISOString() ?? null,
      }
    : DEFAULT_PREFERENCES;

const preferencesRow = preparedStatement('message_preferences', (db) =>
  db
    .select()
    .from(messagePreferences)
    .where(eq(messagePreferences.userId, sql.placeholder('userId'))),
);

export function createMessagePreferences(db: Db) {
  async function get(userId: number): Promise<MessagePreferencesDto> {
    const [row] = await preferencesRow(db).execute({ userId });
    return toDto(row);
  }

  return {
    get,
    async set(userId: number, input: MessagePreferencesInputDto, now = new Date()) {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(messagePreferences)
          .where(eq(messagePreferences.userId, userId))
          .for('update');
        const wasIn = before?.whatsapp ?? false;
        const times = {
          whatsappOptedInAt: input.whatsapp && !wasIn ? now : (before?.whatsappOptedInAt ?? null),
          whatsappOptedOutAt: !input.whatsapp && wasIn ? now : (before?.whatsappOptedOutAt ?? null),
        };
        const values = { email: input.email, whatsapp: input.whatsapp, ...times, updatedAt: now };
        const [row] = await tx
          .insert(messagePreferences)
          .values({ userId, ...values })
          .onConflictDoUpdate({ target: messagePreferences.userId, set: values })
          .returning();
        return toDto(row);
      });
    },
  };
}
