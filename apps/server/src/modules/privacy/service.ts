// A shopper's personal-data rights (DPDP Act 2023 ss. 6, 11–13 and the DPDP Rules 2025; decision
// 0036). Owns the consent record and the erasure log. The export gathers what every module holds
// on the shopper; the erasure, confirmed by a one-time code, runs each module's part in one
// transaction: the person goes, the orders stay for tax law but detached, issued invoices stay
// as issued. Consents (WhatsApp, marketing) live here rather than in a marketing module: they are
// the proof the Act asks for, one record for every purpose, and WhatsApp's is about order messages.
import { CHECKOUT_WHATSAPP_CONSENT, consentText } from '@spice/shared/consent-texts';
import type { UserDto } from '@spice/shared/contracts/accounts';
import {
  CONSENT_CHANNELS,
  type ConsentChannel,
  type ConsentPurpose,
  type ConsentRecordDto,
  PRIVACY_TEXTS,
} from '@spice/shared/contracts/privacy';
import type { Lang } from '@spice/shared/lang';
import { desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import { accountDataOf, eraseAccount } from '../accounts/personal-data.ts';
import { forgetLogins } from '../auth/personal-data.ts';
import { cartLinesOf, emptyCartOf } from '../cart/personal-data.ts';
import type { GrievancesService } from '../grievances/service.ts';
import { forgetShopper, marketingDataOf } from '../marketing/personal-data.ts';
import { forgetRecipients, messagesSentTo } from '../messaging/personal-data.ts';
import { detachOrders, orderDataOf, orderProgressOf } from '../orders/personal-data.ts';
import type { RefundsService } from '../refunds/service.ts';
import { anonymiseReviews, reviewsOf } from '../reviews/personal-data.ts';
import { consents, erasures } from './schema.ts';

export type PrivacyService = ReturnType<typeof createPrivacyService>;

export function createPrivacyService(
  db: Db,
  deps: {
    grievances: Pick<GrievancesService, 'mine' | 'detachFiler'>;
    refunds: Pick<RefundsService, 'forOrders'>;
    /** The products whose cached reviews name the erased author. */
    reviewsChanged: (productIds: number[]) => void;
    /** Drops cached sessions of the user (sessions.invalidateUser). */
    sessionsEnded: (userId: number) => void;
    now?: () => Date;
  },
) {
  const now = deps.now ?? (() => new Date());

  async function recordConsent(
    executor: Db | Tx,
    c: {
      userId: number;
      mobile: string;
      purpose: ConsentPurpose;
      /** Marketing's channel (issue 37). */
      channel?: ConsentChannel | null;
      given: boolean;
      lang: Lang;
      source: string;
      at: Date;
      /** The words shown where they differ from the profile's (the checkout's tick box). */
      text?: string;
    },
  ) {
    await executor.insert(consents).values({
      userId: c.userId,
      purpose: c.purpose,
      channel: c.channel ?? null,
      given: c.given,
      textShown: c.text ?? consentText(c.purpose, c.lang, c.mobile, c.channel),
      language: c.lang,
      source: c.source,
      createdAt: c.at,
    });
  }

  async function history(userId: number): Promise<ConsentRecordDto[]> {
    const rows = await db
      .select()
      .from(consents)
      .where(eq(consents.userId, userId))
      .orderBy(desc(consents.createdAt), desc(consents.id));
    return rows.map((r) => ({
      purpose: r.purpose,
      channel: r.channel,
      given: r.given,
      textShown: r.textShown,
      language: r.language,
      source: r.source,
      at: r.createdAt.toISOString(),
    }));
  }

  /**
   * Marketing per channel from the history (newest first): the latest record naming the channel,
   * or, for SMS and e-mail, a record of the first form naming none. None recorded means off.
   */
  const marketingOf = (list: readonly ConsentRecordDto[]) =>
    Object.fromEntries(
      CONSENT_CHANNELS.map((ch) => [
        ch,
        list.find(
          (r) => r.purpose === 'marketing' && (r.channel === ch || (r.channel === null && ch !== 'whatsapp')),
        )?.given ?? false,
      ]),
    ) as Record<ConsentChannel, boolean>;

  /** The latest choice per purpose; none recorded means not given. */
  async function state(userId: number) {
    const list = await history(userId);
    const marketingChannels = marketingOf(list);
    // Tracking (the cookie banner's tags, issue 38): the latest choice; none recorded means not given.
    const tracking = list.find((r) => r.purpose === 'tracking')?.given ?? false;
    return {
      marketing: Object.values(marketingChannels).some(Boolean),
      marketingChannels,
      tracking,
      history: list,
    };
  }

  /**
   * Sets marketing per channel, recording a consent for each channel that changes (in `executor`'s
   * transaction when given). Answers the choices after.
   */
  async function setMarketing(
    user: { id: number; mobile: string },
    choices: Partial<Record<ConsentChannel, boolean>>,
    how: { lang: Lang; source: string; text?: string },
    executor: Db | Tx = db,
  ) {
    const before = marketingOf(await history(user.id));
    const at = now();
    for (const ch of CONSENT_CHANNELS) {
      const given = choices[ch];
      if (given === undefined || given === before[ch]) continue;
      await recordConsent(executor, {
        userId: user.id,
        mobile: user.mobile,
        purpose: 'marketing',
        channel: ch,
        given,
        lang: how.lang,
        source: how.source,
        at,
        ...(how.text !== undefined && { text: how.text }),
      });
      before[ch] = given;
    }
    return before;
  }

  /** Refuses (409) while an order is on its way or a refund is still owed. */
  async function assertNothingInProgress(userId: number) {
    const progress = await orderProgressOf(db, userId);
    const refunds = await deps.refunds.forOrders(progress.settledIds);
    const owed = [...refunds.values()].flat().some((r) => r.status !== 'processed');
    if (progress.unsettled > 0 || owed) throw new AppError('conflict', PRIVACY_TEXTS.orderInProgress);
  }

  return {
    recordConsent,
    consents: state,
    setMarketing,
    /** Marketing per channel for many shoppers at once (the recovery job's read). */
    async marketingChannels(userId: number) {
      return marketingOf(await history(userId));
    },

    /** A choice given or withdrawn the same way, from the profile (marketing; WhatsApp via its preferences). */
    async setConsent(
      user: UserDto,
      purpose: ConsentPurpose,
      given: boolean,
      lang: Lang,
      source: string,
      channel?: ConsentChannel,
    ) {
      if (channel) {
        // The checkout's tick box shows its own words: those are the ones kept.
        const text =
          source === 'checkout' && channel === 'whatsapp' ? CHECKOUT_WHATSAPP_CONSENT[lang] : undefined;
        await setMarketing(user, { [channel]: given }, { lang, source, ...(text && { text }) });
        return state(user.id);
      }
      await recordConsent(db, {
        userId: user.id,
        mobile: user.mobile,
        purpose,
        given,
        lang,
        source,
        at: now(),
      });
      return state(user.id);
    },

    /** Everything the shop holds on the shopper, as one JSON document. */
    async exportFor(user: UserDto) {
      const [account, orders, reviews, cart, consentHistory, grievances, marketing] = await Promise.all([
        accountDataOf(db, user.id),
        orderDataOf(db, user.id),
        reviewsOf(db, user.id),
        cartLinesOf(db, user.id),
        history(user.id),
        deps.grievances.mine(user.id),
        marketingDataOf(db, user.id),
      ]);
      const messages = await messagesSentTo(db, {
        mobile: user.mobile,
        email: user.email,
        orderNumbers: orders.map((o) => o.orderNumber),
      });
      return {
        exportedAt: now().toISOString(),
        ...account,
        orders,
        invoiceNumbers: orders.flatMap((o) => (o.invoiceNumber ? [o.invoiceNumber] : [])),
        reviews,
        cart,
        messagesSent: messages,
        consents: consentHistory,
        grievances,
        // Issue 37: saved carts and their reminders, back-in-stock requests.
        ...marketing,
      };
    },

    assertNothingInProgress,

    /**
     * Erases the account (the code was checked by the caller). One transaction: orders detached,
     * messages' recipients forgotten, reviews anonymised, grievances detached, cart emptied,
     * consents deleted, logins ended, the account blanked; and the fact of the erasure logged.
     */
    async erase(user: UserDto): Promise<void> {
      const at = now();
      await assertNothingInProgress(user.id);
      const productIds = await db.transaction(async (tx) => {
        // Checked again inside: an order placed meanwhile (a refund only ever gets paid) stops it.
        if ((await orderProgressOf(tx, user.id)).unsettled > 0)
          throw new AppError('conflict', PRIVACY_TEXTS.orderInProgress);
        const orderNumbers = await detachOrders(tx, user.id);
        await forgetRecipients(tx, orderNumbers);
        const products = await anonymiseReviews(tx, user.id);
        await deps.grievances.detachFiler(tx, user.id);
        await emptyCartOf(tx, user.id);
        await forgetShopper(tx, user.id);
        await tx.delete(consents).where(eq(consents.userId, user.id));
        await forgetLogins(tx, user.id, user.mobile);
        await eraseAccount(tx, user.id, at);
        await tx
          .insert(erasures)
          .values({ userId: user.id, ordersDetached: orderNumbers.length, erasedAt: at });
        return products;
      });
      deps.sessionsEnded(user.id);
      deps.reviewsChanged([...new Set(productIds)]);
    },
  };
}
