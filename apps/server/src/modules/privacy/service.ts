// A shopper's personal-data rights (DPDP Act 2023 ss. 6, 11–13 and the DPDP Rules 2025; decision
// 0036). Owns the consent record and the erasure log. The export gathers what every module holds
// on the shopper; the erasure, confirmed by a one-time code, runs each module's part in one
// transaction: the person goes, the orders stay for tax law but detached, issued invoices stay
// as issued. Consents (WhatsApp, marketing) live here rather than in a marketing module: they are
// the proof the Act asks for, one record for every purpose, and WhatsApp's is about order messages.
import { consentText } from '@spice/shared/consent-texts';
import type { UserDto } from '@spice/shared/contracts/accounts';
import { type ConsentPurpose, type ConsentRecordDto, PRIVACY_TEXTS } from '@spice/shared/contracts/privacy';
import type { Lang } from '@spice/shared/lang';
import { desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import { accountDataOf, eraseAccount } from '../accounts/personal-data.ts';
import { forgetLogins } from '../auth/personal-data.ts';
import { cartLinesOf, emptyCartOf } from '../cart/personal-data.ts';
import type { GrievancesService } from '../grievances/service.ts';
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
      given: boolean;
      lang: Lang;
      source: string;
      at: Date;
    },
  ) {
    await executor.insert(consents).values({
      userId: c.userId,
      purpose: c.purpose,
      given: c.given,
      textShown: consentText(c.purpose, c.lang, c.mobile),
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
      given: r.given,
      textShown: r.textShown,
      language: r.language,
      source: r.source,
      at: r.createdAt.toISOString(),
    }));
  }

  /** The latest choice per purpose; none recorded means not given. */
  async function state(userId: number) {
    const list = await history(userId);
    const latest = (p: ConsentPurpose) => list.find((r) => r.purpose === p)?.given ?? false;
    return { marketing: latest('marketing'), tracking: latest('tracking'), history: list };
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

    /** A choice given or withdrawn the same way, from the profile (marketing; WhatsApp via its preferences). */
    async setConsent(user: UserDto, purpose: ConsentPurpose, given: boolean, lang: Lang, source: string) {
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
      const [account, orders, reviews, cart, consentHistory, grievances] = await Promise.all([
        accountDataOf(db, user.id),
        orderDataOf(db, user.id),
        reviewsOf(db, user.id),
        cartLinesOf(db, user.id),
        history(user.id),
        deps.grievances.mine(user.id),
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
