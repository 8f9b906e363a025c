// The shopper's order-message channels (table message_preferences, owned by accounts). No row
// means the defaults. Opting in to WhatsApp records when (WhatsApp asks businesses to keep proof
// of opt-in); opting out records when too, and a later opt-in starts a new one.
import type {
  OrderMessagePreferencesDto as MessagePreferencesDto,
  MessagePreferencesInputDto,
} from '@spice/shared/contracts/message-preferences';
import type { Lang } from '@spice/shared/lang';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
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

/** The channel choices an order message needs: e-mail and WhatsApp on or off. */
export type ChannelPreferences = Pick<MessagePreferencesDto, 'email' | 'whatsapp'>;

/**
 * For another module's one-statement read: the channel choices of the user whose id is the
 * caller's `userId` column, a correlated subquery (null when the shopper never chose: see
 * `channelPreferences`).
 */
export const channelPreferencesOf = (userId: SQL) =>
  sql<ChannelPreferences | null>`(
    select json_build_object('email', p.email, 'whatsapp', p.whatsapp)
    from ${messagePreferences} p where p.user_id = ${userId})`;

/** What `channelPreferencesOf` answered, with the defaults when there was no row. */
export const channelPreferences = (read: ChannelPreferences | null): ChannelPreferences =>
  read ?? { email: DEFAULT_PREFERENCES.email, whatsapp: DEFAULT_PREFERENCES.whatsapp };

/** Where a choice was made: the profile, the signup form or the checkout (the consent's source). */
export type ChoiceSource = 'profile' | 'signup' | 'checkout';

/** Called in the change's transaction when WhatsApp is turned on or off (the privacy module's consent record). */
export type WhatsappConsentHook = (
  change: { userId: number; mobile: string; given: boolean; at: Date; lang: Lang; source: ChoiceSource },
  tx: Tx,
) => Promise<void>;

export function createMessagePreferences(db: Db, hooks: { onWhatsapp?: WhatsappConsentHook } = {}) {
  async function get(userId: number): Promise<MessagePreferencesDto> {
    const [row] = await preferencesRow(db).execute({ userId });
    return toDto(row);
  }

  /** The change and, when WhatsApp turned on or off, its consent record, in the caller's transaction. */
  async function write(
    tx: Tx,
    user: { id: number; mobile: string },
    input: MessagePreferencesInputDto,
    now: Date,
    lang: Lang,
    source: ChoiceSource,
  ) {
    const userId = user.id;
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
    if (input.whatsapp !== wasIn)
      await hooks.onWhatsapp?.(
        { userId, mobile: user.mobile, given: input.whatsapp, at: now, lang, source },
        tx,
      );
    return toDto(row);
  }

  return {
    get,
    write,
    async set(
      user: { id: number; mobile: string },
      input: MessagePreferencesInputDto,
      now = new Date(),
      lang: Lang = 'en',
      source: ChoiceSource = 'profile',
    ) {
      return db.transaction((tx) => write(tx, user, input, now, lang, source));
    },
  };
}
