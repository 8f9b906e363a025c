// Grievances (Consumer Protection (E-Commerce) Rules 2020 rule 4(4)/(5), decision 0036). Owns the
// grievance tables: a complaint gets the next ticket of its IST year, deadlines of 48 hours
// (acknowledge) and 30 days (resolve), and an acknowledgement at once; the back office moves it
// OPEN → ACKNOWLEDGED → RESOLVED | REJECTED with a written reply that is sent to the shopper.
// Pure rules: packages/shared/src/grievances.ts.

import type { UserDto } from '@spice/shared/contracts/accounts';
import type {
  AdminGrievanceDto,
  GrievanceInputValues,
  GrievanceOfficerDto,
  GrievanceViewDto,
} from '@spice/shared/contracts/grievances';
import { GRIEVANCE_TEXTS, signedOutContact } from '@spice/shared/contracts/grievances';
import {
  canMoveGrievance,
  deadlines,
  dueAt,
  type GrievanceStatus,
  isOverdue,
  istMonthRange,
  istYear,
  TICKET_PATTERN,
  ticketNumber,
} from '@spice/shared/grievances';
import type { Lang } from '@spice/shared/lang';
import { localizePath } from '@spice/shared/lang';
import { nationalMobile } from '@spice/shared/validators';
import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { csvDocument, csvIstTimestamp } from '../../lib/csv.ts';
import type { InvalidationBus } from '../../lib/invalidation-bus.ts';
import { linkTokenHash, newLinkToken } from '../../lib/link-token.ts';
import { createSnapshot } from '../../lib/snapshot.ts';
import { AppError } from '../../plugins/errors.ts';
import { grievanceAcknowledgement, grievanceReplyMessage } from '../messaging/rights-templates.ts';
import type { Messenger } from '../messaging/service.ts';
import { grievanceReplies, grievanceSeries, grievanceSettings, grievances } from './schema.ts';

type Row = typeof grievances.$inferSelect;
type ReplyRow = typeof grievanceReplies.$inferSelect;

export type GrievancesService = ReturnType<typeof createGrievancesService>;

const notFound = () => new AppError('notFound', GRIEVANCE_TEXTS.notFound);

export function createGrievancesService(
  db: Db,
  deps: {
    messenger: Messenger;
    siteUrl: string;
    storeName: () => Promise<string>;
    /** Whether the order is the filer's (orders module). */
    isOrderOf: (orderNumber: string, owner: { userId: number } | { mobile: string }) => Promise<boolean>;
    log: { warn(obj: object, msg: string): void };
    now?: () => Date;
    /** How long the officer's details stay in memory (every page's footer names the officer). */
    ttlMs?: number;
    bus?: InvalidationBus;
  },
) {
  const now = deps.now ?? (() => new Date());

  async function readOfficer(): Promise<GrievanceOfficerDto | null> {
    const [row] = await db.select().from(grievanceSettings).where(eq(grievanceSettings.id, 1));
    if (!row) return null;
    const { name, designation, phone, email, address } = row;
    return { name, designation, phone, email, address };
  }
  const officerSnapshot = createSnapshot(readOfficer, deps.ttlMs ?? 0, {
    shared: deps.bus && { bus: deps.bus, topic: 'grievance-officer' },
  });

  const statusLink = (r: Row, token: string | null) =>
    `${deps.siteUrl}${localizePath(`/grievance/${r.ticketNumber}`, r.language)}${token ? `?token=${token}` : ''}`;

  function view(r: Row, replies: ReplyRow[]): GrievanceViewDto {
    return {
      ticketNumber: r.ticketNumber,
      category: r.category,
      orderNumber: r.orderNumber,
      description: r.description,
      status: r.status,
      filedAt: r.filedAt.toISOString(),
      acknowledgeBy: r.acknowledgeBy.toISOString(),
      resolveBy: r.resolveBy.toISOString(),
      acknowledgedAt: r.acknowledgedAt?.toISOString() ?? null,
      closedAt: r.closedAt?.toISOString() ?? null,
      replies: replies.map((x) => ({ body: x.body, status: x.status, createdAt: x.createdAt.toISOString() })),
    };
  }

  async function repliesOf(ids: number[]) {
    if (ids.length === 0) return [];
    return db
      .select()
      .from(grievanceReplies)
      .where(inArray(grievanceReplies.grievanceId, ids))
      .orderBy(asc(grievanceReplies.createdAt), asc(grievanceReplies.id));
  }

  function adminView(r: Row, replies: ReplyRow[], at: Date): AdminGrievanceDto {
    return {
      ...view(r, replies),
      id: r.id,
      contactName: r.contactName,
      contactMobile: r.contactMobile,
      contactEmail: r.contactEmail,
      language: r.language,
      overdue: isOverdue(r, at),
      dueAt: dueAt(r).toISOString(),
    };
  }

  /** SMS to the mobile, and the e-mail too when there is one; a failure is logged, never lost. */
  async function tell(r: Row, message: { sms: string; email: { subject: string; text: string } }) {
    try {
      if (r.contactMobile)
        await deps.messenger.send({ channel: 'sms', to: r.contactMobile, text: message.sms });
      if (r.contactEmail)
        await deps.messenger.send({ channel: 'email', to: r.contactEmail, ...message.email });
    } catch (error) {
      deps.log.warn({ err: error, ticket: r.ticketNumber }, 'grievance message not sent');
    }
  }

  async function nextTicket(tx: Tx, at: Date): Promise<string> {
    const year = istYear(at);
    const [row] = await tx
      .insert(grievanceSeries)
      .values({ year, last: 1 })
      .onConflictDoUpdate({ target: grievanceSeries.year, set: { last: sql`${grievanceSeries.last} + 1` } })
      .returning({ last: grievanceSeries.last });
    return ticketNumber(year, row!.last);
  }

  return {
    /** The officer's published details (from memory; every page's footer names the officer). */
    officer: (): Promise<GrievanceOfficerDto | null> => officerSnapshot.get(),

    async setOfficer(input: GrievanceOfficerDto): Promise<GrievanceOfficerDto> {
      const values = { ...input, updatedAt: now() };
      await db
        .insert(grievanceSettings)
        .values({ id: 1, ...values })
        .onConflictDoUpdate({ target: grievanceSettings.id, set: values });
      officerSnapshot.invalidate();
      return input;
    },

    /**
     * Files a complaint: the account's contact when signed in (and only its own orders), the typed
     * one otherwise (an order then has to carry that mobile). A signed-out filer's status link
     * carries a token; only its hash is kept.
     */
    async file(input: GrievanceInputValues, filer: { user: UserDto | null; lang: Lang }) {
      const { user } = filer;
      if (!user) {
        const errors = signedOutContact(input.contact);
        if (errors) throw new AppError('invalid', Object.values(errors)[0]!, errors);
      }
      const contact = user
        ? {
            name: `${user.firstName} ${user.lastName}`.trim(),
            mobile: user.mobile,
            email: input.contact.email ?? (user.email || undefined),
          }
        : { ...input.contact, mobile: nationalMobile(input.contact.mobile)! };
      if (input.orderNumber) {
        const owner = user ? { userId: user.id } : { mobile: contact.mobile };
        if (!(await deps.isOrderOf(input.orderNumber, owner)))
          throw new AppError('invalid', GRIEVANCE_TEXTS.notYourOrder, {
            orderNumber: GRIEVANCE_TEXTS.notYourOrder,
          });
      }
      const filedAt = now();
      const due = deadlines(filedAt);
      const token = user ? null : newLinkToken();
      const row = await db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(grievances)
          .values({
            ticketNumber: await nextTicket(tx, filedAt),
            userId: user?.id ?? null,
            orderNumber: input.orderNumber ?? null,
            category: input.category,
            description: input.description,
            contactName: contact.name,
            contactMobile: contact.mobile,
            contactEmail: contact.email ?? null,
            language: filer.lang,
            tokenHash: token?.hash ?? null,
            filedAt,
            ...due,
          })
          .returning();
        return inserted!;
      });
      const facts = {
        storeName: await deps.storeName(),
        ticketNumber: row.ticketNumber,
        link: statusLink(row, token?.token ?? null),
        ...due,
      };
      await tell(row, grievanceAcknowledgement(facts, row.language));
      return {
        ticketNumber: row.ticketNumber,
        acknowledgeBy: due.acknowledgeBy.toISOString(),
        resolveBy: due.resolveBy.toISOString(),
        ...(token ? { token: token.token } : {}),
      };
    },

    /** The ticket for its own shopper, or for whoever holds its link's token; 404 for anyone else. */
    async find(
      ticket: string,
      who: { userId: number | null; token: string | null },
    ): Promise<GrievanceViewDto> {
      if (!TICKET_PATTERN.test(ticket)) throw notFound();
      const [row] = await db.select().from(grievances).where(eq(grievances.ticketNumber, ticket));
      if (!row) throw notFound();
      const hash = who.token ? linkTokenHash(who.token) : null;
      const mine = who.userId !== null && row.userId === who.userId;
      const byToken = hash !== null && row.tokenHash === hash;
      if (!mine && !byToken) throw notFound();
      return view(row, await repliesOf([row.id]));
    },

    /** A shopper's own tickets, newest first (the status page's list and the data export). */
    async mine(userId: number): Promise<GrievanceViewDto[]> {
      const rows = await db
        .select()
        .from(grievances)
        .where(eq(grievances.userId, userId))
        .orderBy(desc(grievances.filedAt));
      const replies = await repliesOf(rows.map((r) => r.id));
      return rows.map((r) =>
        view(
          r,
          replies.filter((x) => x.grievanceId === r.id),
        ),
      );
    },

    /**
     * The owner's alerts (issue 41): open tickets whose next deadline (acknowledgement while OPEN,
     * then redress) falls before `before`, with that deadline, soonest first.
     */
    async openDueBefore(before: Date) {
      const rows = await db
        .select({
          ticketNumber: grievances.ticketNumber,
          category: grievances.category,
          status: grievances.status,
          acknowledgeBy: grievances.acknowledgeBy,
          resolveBy: grievances.resolveBy,
        })
        .from(grievances)
        .where(
          and(
            inArray(grievances.status, ['OPEN', 'ACKNOWLEDGED']),
            sql`case when ${grievances.status} = 'OPEN' then ${grievances.acknowledgeBy} else ${grievances.resolveBy} end < ${before.toISOString()}::timestamptz`,
          ),
        )
        .limit(200);
      return rows
        .map((r) => ({
          ticketNumber: r.ticketNumber,
          category: r.category,
          stage: r.status === 'OPEN' ? ('acknowledge' as const) : ('resolve' as const),
          dueAt: r.status === 'OPEN' ? r.acknowledgeBy : r.resolveBy,
        }))
        .sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime());
    },

    /** The back office's queue: open tickets by their next deadline, then the latest closed ones. */
    async queue(): Promise<AdminGrievanceDto[]> {
      const at = now();
      const rows = await db.select().from(grievances).orderBy(desc(grievances.filedAt)).limit(500);
      const replies = await repliesOf(rows.map((r) => r.id));
      const list = rows.map((r) =>
        adminView(
          r,
          replies.filter((x) => x.grievanceId === r.id),
          at,
        ),
      );
      const open = list.filter((g) => g.closedAt === null).sort((a, b) => a.dueAt.localeCompare(b.dueAt));
      return [...open, ...list.filter((g) => g.closedAt !== null)];
    },

    /**
     * Moves a ticket on with a written reply (a conditional UPDATE: of two racing answers one
     * wins, the other gets 409), then sends the reply to the shopper.
     */
    async answer(
      admin: UserDto,
      ticket: string,
      to: GrievanceStatus,
      reply: string,
    ): Promise<AdminGrievanceDto> {
      const at = now();
      const row = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(grievances).where(eq(grievances.ticketNumber, ticket));
        if (!before) throw notFound();
        if (!canMoveGrievance(before.status, to)) throw new AppError('conflict', GRIEVANCE_TEXTS.badMove);
        const [after] = await tx
          .update(grievances)
          .set({
            status: to,
            acknowledgedAt: before.acknowledgedAt ?? at,
            closedAt: to === 'ACKNOWLEDGED' ? null : at,
          })
          .where(and(eq(grievances.id, before.id), eq(grievances.status, before.status)))
          .returning();
        if (!after) throw new AppError('conflict', GRIEVANCE_TEXTS.badMove);
        await tx
          .insert(grievanceReplies)
          .values({ grievanceId: after.id, status: to, body: reply, sentBy: admin.id, createdAt: at });
        return after;
      });
      const facts = {
        storeName: await deps.storeName(),
        ticketNumber: row.ticketNumber,
        // The signed-out filer keeps the link of the acknowledgement (its token is not kept).
        link: statusLink(row, null),
        acknowledgeBy: row.acknowledgeBy,
        resolveBy: row.resolveBy,
      };
      await tell(row, grievanceReplyMessage(facts, to, reply, row.language));
      return adminView(row, await repliesOf([row.id]), now());
    },

    /**
     * The month's report (IST): each ticket filed in it, whether it was resolved within 30 days and
     * whether it is overdue, with the totals in the last lines.
     */
    async monthlyReport(month: string): Promise<string> {
      const range = istMonthRange(month);
      if (!range) throw new AppError('invalid', GRIEVANCE_TEXTS.month);
      const at = now();
      const rows = await db
        .select()
        .from(grievances)
        .where(and(gte(grievances.filedAt, range.from), lt(grievances.filedAt, range.to)))
        .orderBy(asc(grievances.filedAt));
      const inTime = (r: Row) =>
        r.status === 'RESOLVED' && r.closedAt !== null && r.closedAt.getTime() <= r.resolveBy.getTime();
      const lines = rows.map((r) => [
        r.ticketNumber,
        csvIstTimestamp(r.filedAt),
        r.category,
        r.status,
        r.acknowledgedAt ? csvIstTimestamp(r.acknowledgedAt) : '',
        r.closedAt ? csvIstTimestamp(r.closedAt) : '',
        inTime(r) ? 'yes' : 'no',
        isOverdue(r, at) ? 'yes' : 'no',
      ]);
      const total = (label: string, n: number) => [label, String(n), '', '', '', '', '', ''];
      return csvDocument(
        [
          'Ticket',
          'Filed (IST)',
          'Category',
          'Status',
          'Acknowledged (IST)',
          'Closed (IST)',
          'Resolved within 30 days',
          'Overdue',
        ],
        [
          ...lines,
          total('Received', rows.length),
          total('Resolved within 30 days', rows.filter(inTime).length),
          total('Overdue', rows.filter((r) => isOverdue(r, at)).length),
        ],
      );
    },

    /** Retention (privacy/retention.ts): tickets closed before `before` go, with their replies. */
    async purgeClosedBefore(tx: Tx, before: Date): Promise<number> {
      const gone = await tx
        .delete(grievances)
        .where(lt(grievances.closedAt, before))
        .returning({ id: grievances.id });
      return gone.length;
    },

    /**
     * Erasure (privacy module): the tickets stay for the consumer-protection record, but no longer
     * name or reach the person, and their links stop working.
     */
    async detachFiler(tx: Tx, userId: number): Promise<void> {
      await tx
        .update(grievances)
        .set({
          userId: null,
          contactName: 'Erased customer',
          contactMobile: '',
          contactEmail: null,
          tokenHash: null,
        })
        .where(eq(grievances.userId, userId));
    },
  };
}
