// The retention job (DPDP Act 2023 s.8(7), decision 0036): once a day, each kind of personal data
// past the period the privacy notice promises goes, by the one table both read
// (packages/shared/src/retention.ts). Each module deletes or detaches its own rows; everything runs
// in one transaction, so a failed run changes nothing and the next day's run does it all. The clock
// is passed in. Orders and invoices stay their 8 years; after that they keep only the figures.
import { RETENTION, type RetentionKind, retentionCutoff } from '@spice/shared/retention';
import { lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { deleteErasedAccounts, erasedAccountIds } from '../accounts/personal-data.ts';
import { purgeSignInRecords } from '../auth/personal-data.ts';
import { emptyIdleCarts } from '../cart/personal-data.ts';
import { deleteContactMessagesBefore } from '../contact/personal-data.ts';
import type { GrievancesService } from '../grievances/service.ts';
import { forgetBuyersOf } from '../invoices/personal-data.ts';
import { forgetRecipients } from '../messaging/personal-data.ts';
import { accountsWithOrders, detachOrdersPlacedBefore } from '../orders/personal-data.ts';
import { erasures } from './schema.ts';

/** The durable job's name; the worker runs it once a day (app.ts). */
export const RETENTION_JOB = 'apply-retention';
export const RETENTION_EVERY_MS = 24 * 3_600_000;

/** What one run did, by kind: rows deleted, or orders detached; and the erased accounts' blank rows. */
export type RetentionReport = Record<RetentionKind, number> & { erasedAccounts: number };

export function createRetention(
  db: Db,
  deps: { grievances: Pick<GrievancesService, 'purgeClosedBefore'>; now?: () => Date },
) {
  const clock = deps.now ?? (() => new Date());
  return {
    async run(now: Date = clock()): Promise<RetentionReport> {
      const before = (kind: RetentionKind) => retentionCutoff(RETENTION[kind], now);
      return db.transaction(async (tx) => {
        const signIn = await purgeSignInRecords(tx, before('signIn'));
        const carts = await emptyIdleCarts(tx, before('carts'));
        const contactMessages = await deleteContactMessagesBefore(tx, before('contactMessages'));
        const grievances = await deps.grievances.purgeClosedBefore(tx, before('grievances'));
        const old = await detachOrdersPlacedBefore(tx, before('orders'));
        await forgetBuyersOf(tx, old.ids);
        await forgetRecipients(tx, old.orderNumbers);
        const loggedErasures = await tx
          .delete(erasures)
          .where(lt(erasures.erasedAt, before('erasures')))
          .returning({ id: erasures.id });
        // An erased account's blank row stays only while an order points at it.
        const blank = await erasedAccountIds(tx);
        const needed = await accountsWithOrders(tx, blank);
        const erasedAccounts = await deleteErasedAccounts(
          tx,
          blank.filter((id) => !needed.has(id)),
        );
        return {
          signIn,
          carts,
          contactMessages,
          grievances,
          orders: old.ids.length,
          erasures: loggedErasures.length,
          erasedAccounts,
        };
      });
    },
  };
}
