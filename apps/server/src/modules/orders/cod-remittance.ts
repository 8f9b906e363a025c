// COD remittance (issue 12): delivered cash on delivery orders whose cash was collected, and whether
// the courier has paid it over to the shop yet. Marking orders remitted is one conditional UPDATE
// (only orders still unremitted), all or nothing, audited in the same transaction: of two admins
// remitting the same order at once exactly one succeeds and the other is told.
import type { UserDto } from '@spice/shared/contracts/accounts';
import type {
  CodRemittanceFilterInput,
  CodRemittancePageDto,
  CodRemittanceQueryInput,
  MarkRemittedInput,
} from '@spice/shared/contracts/cod-remittance';
import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { csvDocument, csvIstTimestamp, csvRupees } from '../../lib/csv.ts';
import { pageOf, pageRows } from '../../lib/pagination.ts';
import { AppError } from '../../plugins/errors.ts';
import { userFullNameById } from '../accounts/directory.ts';
import type { AuditService } from '../admin/audit.ts';
import { amountDto } from './dto.ts';
import { orders } from './schema.ts';

export const ALREADY_REMITTED = (numbers: string[]) =>
  `Already marked remitted or not collected yet: ${numbers.join(', ')}. Reload and try again.`;

const DAY_MS = 24 * 60 * 60 * 1000;
const startOfIstDay = (day: string): Date => new Date(`${day}T00:00:00+05:30`);

const collected = and(eq(orders.paymentMode, 'COD'), eq(orders.paymentStatus, 'COD_COLLECTED'));

/** The filter as SQL: collected COD orders, remitted or not, delivered within the IST days. */
function where(filter: CodRemittanceFilterInput): SQL | undefined {
  const parts: (SQL | undefined)[] = [collected];
  if (filter.remitted === 'no') parts.push(isNull(orders.codRemittedAt));
  if (filter.remitted === 'yes') parts.push(isNotNull(orders.codRemittedAt));
  if (filter.from) parts.push(gte(orders.codCollectedAt, startOfIstDay(filter.from)));
  if (filter.to) parts.push(lt(orders.codCollectedAt, new Date(startOfIstDay(filter.to).getTime() + DAY_MS)));
  return and(...parts);
}

// Who collected and who remitted, named through the accounts module in the list's one statement.
// Spelled out: in a one-table select Drizzle leaves the columns unqualified.
const collectedBy = userFullNameById(sql`"orders"."cod_collected_by"`);
const remittedBy = userFullNameById(sql`"orders"."cod_remitted_by"`);

const totalsOf = (db: Db, condition: SQL | undefined) =>
  db
    .select({
      orders: sql<number>`count(*)::int`,
      paise: sql<number>`coalesce(sum(${orders.codCollectedPaise}), 0)::int`,
    })
    .from(orders)
    .where(condition);

export function createCodRemittanceService(db: Db, deps: { audit: AuditService }) {
  /** Matching orders, oldest collection first (the courier remits in that order). */
  function rows(filter: CodRemittanceFilterInput) {
    return db
      .select({
        orderNumber: orders.orderNumber,
        customerName: orders.userName,
        collectedAt: orders.codCollectedAt,
        paise: orders.codCollectedPaise,
        collectedBy,
        remittedAt: orders.codRemittedAt,
        remittedBy,
        reference: orders.codRemittanceRef,
      })
      .from(orders)
      .where(where(filter))
      .orderBy(asc(orders.codCollectedAt), asc(orders.id))
      .$dynamic();
  }

  return {
    async list(query: CodRemittanceQueryInput): Promise<CodRemittancePageDto> {
      const [page, [totals], [outstanding]] = await Promise.all([
        pageRows(rows(query), query),
        totalsOf(db, where(query)),
        totalsOf(db, where({ remitted: 'no' })),
      ]);
      const total = totals?.orders ?? 0;
      return {
        ...pageOf(
          page.map((r) => ({
            orderNumber: r.orderNumber,
            customerName: r.customerName,
            collectedAt: r.collectedAt!.toISOString(),
            amount: amountDto(r.paise ?? 0),
            collectedBy: r.collectedBy,
            remittedAt: r.remittedAt?.toISOString() ?? null,
            remittedBy: r.remittedBy,
            reference: r.reference,
          })),
          total,
          query,
        ),
        totals: { orders: total, amount: amountDto(totals?.paise ?? 0) },
        outstanding: { orders: outstanding?.orders ?? 0, amount: amountDto(outstanding?.paise ?? 0) },
      };
    },

    /** Marks the orders remitted now, all or none (409 naming those already remitted). */
    async markRemitted(admin: UserDto, input: MarkRemittedInput) {
      const numbers = [...new Set(input.orderNumbers)];
      const now = new Date();
      const marked = await db.transaction(async (tx) => {
        const updated = await tx
          .update(orders)
          .set({ codRemittedAt: now, codRemittedBy: admin.id, codRemittanceRef: input.reference })
          .where(and(inArray(orders.orderNumber, numbers), collected, isNull(orders.codRemittedAt)))
          .returning({ orderNumber: orders.orderNumber, paise: orders.codCollectedPaise });
        if (updated.length < numbers.length) {
          const done = new Set(updated.map((u) => u.orderNumber));
          // Thrown inside the transaction: the orders this call did mark are rolled back too.
          throw new AppError('conflict', ALREADY_REMITTED(numbers.filter((n) => !done.has(n))));
        }
        for (const u of updated) {
          await deps.audit.audit(
            {
              actorUserId: admin.id,
              action: 'order.cod_remitted',
              entity: 'order',
              entityId: u.orderNumber,
              before: { remittedAt: null },
              after: {
                remittedAt: now.toISOString(),
                reference: input.reference,
                amount: amountDto(u.paise ?? 0),
              },
            },
            tx,
          );
        }
        return updated;
      });
      const paise = marked.reduce((sum, u) => sum + (u.paise ?? 0), 0);
      return { remitted: marked.length, amount: amountDto(paise), remittedAt: now.toISOString() };
    },

    /** The filter's orders (every page) as CSV: rupees with two decimals, IST times. */
    async csv(filter: CodRemittanceFilterInput): Promise<string> {
      const all = await rows(filter);
      return csvDocument(
        [
          'Order number',
          'Customer',
          'Delivered and collected at (IST)',
          'Amount (₹)',
          'Collected by',
          'Remitted',
          'Remitted at (IST)',
          'Remitted by',
          'Reference',
        ],
        all.map((r) => [
          r.orderNumber,
          r.customerName,
          csvIstTimestamp(r.collectedAt!),
          csvRupees(r.paise ?? 0),
          r.collectedBy ?? '',
          r.remittedAt ? 'Yes' : 'No',
          r.remittedAt ? csvIstTimestamp(r.remittedAt) : '',
          r.remittedBy ?? '',
          r.reference ?? '',
        ]),
      );
    },
  };
}
