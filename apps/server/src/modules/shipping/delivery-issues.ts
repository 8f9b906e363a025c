// Failed deliveries (NDR, issue 34; decision record 0034). A courier reports an attempt that did
// not deliver (Shiprocket's webhook, or the back office's 'Delivery failed' for the manual
// courier): the event is recorded as DELIVERY_FAILED with the courier's reason, a delivery issue
// opens and the shopper is told: a message job enqueued in the same transaction, which mints the
// link token when it runs (only its hash kept; no token in the job's payload). The shopper answers through the link (a new day, a landmark, another phone, or
// cancel); the back office answers from the NDR queue (re-attempt or return to origin). Each answer
// goes to the courier through its adapter and is recorded as a shipment event, so it shows on the
// order's timeline.
import type { UserDto } from '@spice/shared/contracts/accounts';
import type {
  DeliveryIssueActionInput,
  DeliveryIssueDto,
  NdrRowDto,
} from '@spice/shared/contracts/delivery-issues';
import {
  DELIVERY_FAILED,
  DELIVERY_ISSUE_TEXTS,
  REATTEMPT_DAYS,
  REATTEMPT_REQUESTED,
  RTO_REQUESTED,
  reattemptDates,
} from '@spice/shared/delivery-issue';
import { toRupees } from '@spice/shared/money';
import { and, count, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { linkTokenHash, newLinkToken } from '../../lib/link-token.ts';
import { AppError } from '../../plugins/errors.ts';
import type { AuditService } from '../admin/audit.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { orderMessageJob } from '../messaging/order-message-job.ts';
import { type OrderForDeliveryIssue, ordersForDeliveryIssues } from '../orders/parcel-source.ts';
import type { CourierAdapter, NdrInstruction } from './courier.ts';
import { deliveryIssueLinks, deliveryIssues, shipmentEvents, shipments } from './schema.ts';

/** The message's key names the attempt: 'delivery-issue-<id>' (its `refundId`). */
export const DELIVERY_ISSUE_KEY = 'delivery-issue-';

/** A link stays open for the days it offers (and the day it was sent). */
const LINK_LIFETIME_MS = (REATTEMPT_DAYS + 1) * 24 * 60 * 60 * 1000;

type Shipment = typeof shipments.$inferSelect;
type Issue = typeof deliveryIssues.$inferSelect;

export interface DeliveryIssueDeps {
  jobs: Pick<JobQueue, 'enqueue'>;
  audit: Pick<AuditService, 'audit'>;
  /** The adapter that booked a shipment, by its provider ('manual', 'shiprocket'). */
  adapterFor: (provider: string) => CourierAdapter | null;
  now?: () => Date;
}

export type DeliveryIssues = ReturnType<typeof createDeliveryIssues>;

export function createDeliveryIssues(db: Db, deps: DeliveryIssueDeps) {
  const now = deps.now ?? (() => new Date());

  /**
   * Inside the transaction that records a DELIVERY_FAILED event: the issue opens (an earlier open
   * one of this parcel closes: the new link replaces it) and the shopper's message is enqueued.
   */
  async function open(tx: Tx, shipment: Shipment, orderNumber: string, reason: string, at: Date) {
    const opened = now();
    await tx
      .update(deliveryIssues)
      .set({ closedAt: opened })
      .where(and(eq(deliveryIssues.shipmentId, shipment.id), isNull(deliveryIssues.closedAt)));
    const [issue] = await tx
      .insert(deliveryIssues)
      .values({
        shipmentId: shipment.id,
        orderId: shipment.orderId,
        reason,
        failedAt: at,
        expiresAt: new Date(opened.getTime() + LINK_LIFETIME_MS),
      })
      .returning({ id: deliveryIssues.id });
    await deps.jobs.enqueue(
      tx,
      orderMessageJob({
        orderNumber,
        event: 'delivery_failed',
        refundId: `${DELIVERY_ISSUE_KEY}${issue!.id}`,
      }),
    );
  }

  async function attemptsOf(executor: Pick<Db, 'select'>, shipmentIds: readonly number[]) {
    if (shipmentIds.length === 0) return new Map<number, number>();
    const rows = await executor
      .select({ shipmentId: shipmentEvents.shipmentId, n: count() })
      .from(shipmentEvents)
      .where(
        and(inArray(shipmentEvents.shipmentId, [...shipmentIds]), eq(shipmentEvents.status, DELIVERY_FAILED)),
      )
      .groupBy(shipmentEvents.shipmentId);
    return new Map(rows.map((r) => [r.shipmentId, r.n]));
  }

  /** The issue a shopper's link opens: 404 when unknown, expired, replaced or the parcel moved on. */
  async function byToken(token: string) {
    const hash = linkTokenHash(token);
    if (!hash) throw new AppError('notFound', DELIVERY_ISSUE_TEXTS.notFound);
    const [row] = await db
      .select({ issue: deliveryIssues, shipment: shipments })
      .from(deliveryIssueLinks)
      .innerJoin(deliveryIssues, eq(deliveryIssues.id, deliveryIssueLinks.issueId))
      .innerJoin(shipments, eq(shipments.id, deliveryIssues.shipmentId))
      .where(and(eq(deliveryIssueLinks.tokenHash, hash), gt(deliveryIssues.expiresAt, now())));
    const [order] = row ? await ordersForDeliveryIssues(db, { ids: [row.issue.orderId] }) : [];
    const replaced = row?.issue.closedAt && !row.issue.adminAction;
    if (!row || !order || order.status !== 'SHIPPED' || replaced) {
      throw new AppError('notFound', DELIVERY_ISSUE_TEXTS.notFound);
    }
    return { ...row, order };
  }

  const answerOf = (i: Issue) =>
    i.answer
      ? {
          action: i.answer,
          date: i.answerDate,
          landmark: i.landmark,
          alternatePhone: i.alternatePhone,
          at: i.answeredAt!.toISOString(),
        }
      : null;

  /** What the shopper's answer tells the courier. */
  function instructionOf(input: DeliveryIssueActionInput): NdrInstruction {
    if (input.action === 'CANCEL') {
      return { action: 'RTO', comment: 'The customer cancelled the order: please return it.' };
    }
    const details = [
      `Customer asks for delivery on ${input.date}`,
      input.landmark && `landmark: ${input.landmark}`,
      input.alternatePhone && `other phone: ${input.alternatePhone}`,
    ];
    return {
      action: 'REATTEMPT',
      date: input.date,
      landmark: input.landmark,
      alternatePhone: input.alternatePhone,
      comment: `${details.filter(Boolean).join('; ')}.`,
    };
  }

  /** The courier hears the instruction; the manual courier's is the back office's phone call. */
  async function tellCourier(shipment: Shipment, instruction: NdrInstruction) {
    await deps.adapterFor(shipment.provider)?.ndrAction?.(shipment.awb, instruction);
  }

  async function recordEvent(tx: Tx, shipmentId: number, status: string, detail: string) {
    await tx.insert(shipmentEvents).values({ shipmentId, status, at: now(), location: null, detail });
  }

  async function get(token: string): Promise<DeliveryIssueDto> {
    const { issue, shipment, order } = await byToken(token);
    const attempts = (await attemptsOf(db, [shipment.id])).get(shipment.id) ?? 1;
    return {
      orderNumber: order.orderNumber,
      status: issue.adminAction ? 'CLOSED' : issue.answer ? 'ANSWERED' : 'OPEN',
      reason: issue.reason,
      failedAt: issue.failedAt.toISOString(),
      attempts,
      courier: shipment.courierName,
      awb: shipment.awb,
      dates: reattemptDates(now()),
      address: {
        name: order.address.name,
        fullAddress: order.address.fullAddress,
        pincode: order.address.pincode,
      },
      codAmount: order.paymentStatus === 'COD_PENDING' ? toRupees(order.totalPaise) : 0,
      answer: answerOf(issue),
      expiresAt: issue.expiresAt.toISOString(),
    };
  }

  return {
    open,

    /**
     * The message job's link for the issue its key names: a new token, only its hash stored; null
     * when the issue was replaced or closed meanwhile (nothing left to tell).
     */
    async mintLink(messageKey: string): Promise<{ token: string; reason: string } | null> {
      if (!messageKey.startsWith(DELIVERY_ISSUE_KEY)) return null;
      const id = Number(messageKey.slice(DELIVERY_ISSUE_KEY.length));
      if (!Number.isSafeInteger(id)) return null;
      const [issue] = await db
        .select({ reason: deliveryIssues.reason })
        .from(deliveryIssues)
        .where(
          and(
            eq(deliveryIssues.id, id),
            isNull(deliveryIssues.closedAt),
            gt(deliveryIssues.expiresAt, now()),
          ),
        );
      if (!issue) return null;
      const { token, hash } = newLinkToken();
      await db.insert(deliveryIssueLinks).values({ tokenHash: hash, issueId: id });
      return { token, reason: issue.reason };
    },

    /** The manual courier's failed attempt, as the back office records it (audited). */
    async recordFailure(admin: UserDto, orderNumber: string, reason: string): Promise<void> {
      const [order] = await ordersForDeliveryIssues(db, { orderNumber });
      if (!order) throw new AppError('notFound', 'Order not found.');
      const [shipment] = await db.select().from(shipments).where(eq(shipments.orderId, order.id));
      if (!shipment || order.status !== 'SHIPPED') {
        throw new AppError('conflict', DELIVERY_ISSUE_TEXTS.notShipped);
      }
      await db.transaction(async (tx) => {
        const at = now();
        await tx
          .insert(shipmentEvents)
          .values({ shipmentId: shipment.id, status: DELIVERY_FAILED, at, location: null, detail: reason });
        await open(tx, shipment, order.orderNumber, reason, at);
        await deps.audit.audit(
          {
            actorUserId: admin.id,
            action: 'order.delivery-failed',
            entity: 'order',
            entityId: order.orderNumber,
            before: null,
            after: { reason },
          },
          tx,
        );
      });
    },

    get,

    /**
     * The shopper's answer, once: claimed by a conditional UPDATE (a second answer, or one racing
     * it, is a 409), sent to the courier (given back if the courier refuses, so the shopper can try
     * again), then recorded on the order's timeline.
     */
    async answer(token: string, input: DeliveryIssueActionInput): Promise<DeliveryIssueDto> {
      const { issue, shipment } = await byToken(token);
      if (input.action === 'REATTEMPT' && !reattemptDates(now()).includes(input.date)) {
        throw new AppError('invalid', DELIVERY_ISSUE_TEXTS.badDate, { date: DELIVERY_ISSUE_TEXTS.badDate });
      }
      if (issue.answer || issue.adminAction) throw new AppError('conflict', DELIVERY_ISSUE_TEXTS.answered);
      const values =
        input.action === 'REATTEMPT'
          ? {
              answer: 'REATTEMPT' as const,
              answerDate: input.date,
              landmark: input.landmark ?? null,
              alternatePhone: input.alternatePhone ?? null,
            }
          : { answer: 'CANCEL' as const };
      const claimed = await db
        .update(deliveryIssues)
        .set({ ...values, answeredAt: now() })
        .where(
          and(
            eq(deliveryIssues.id, issue.id),
            isNull(deliveryIssues.answer),
            isNull(deliveryIssues.closedAt),
          ),
        )
        .returning({ id: deliveryIssues.id });
      if (claimed.length === 0) throw new AppError('conflict', DELIVERY_ISSUE_TEXTS.answered);
      const instruction = instructionOf(input);
      try {
        await tellCourier(shipment, instruction);
      } catch (error) {
        await db
          .update(deliveryIssues)
          .set({ answer: null, answerDate: null, landmark: null, alternatePhone: null, answeredAt: null })
          .where(eq(deliveryIssues.id, issue.id));
        throw error;
      }
      await db.transaction((tx) =>
        recordEvent(
          tx,
          shipment.id,
          input.action === 'REATTEMPT' ? REATTEMPT_REQUESTED : RTO_REQUESTED,
          `Shopper: ${instruction.comment}`,
        ),
      );
      return get(token);
    },

    /** The NDR queue: parcels still out whose latest failed attempt is not settled, oldest first. */
    async queue(): Promise<NdrRowDto[]> {
      const rows = await db
        .select({ issue: deliveryIssues, shipment: shipments })
        .from(deliveryIssues)
        .innerJoin(shipments, eq(shipments.id, deliveryIssues.shipmentId))
        .where(isNull(deliveryIssues.closedAt))
        .orderBy(deliveryIssues.failedAt, desc(deliveryIssues.id));
      const [orders, attempts] = await Promise.all([
        ordersForDeliveryIssues(db, { ids: rows.map((r) => r.issue.orderId) }),
        attemptsOf(
          db,
          rows.map((r) => r.shipment.id),
        ),
      ]);
      const at = now().getTime();
      return rows.flatMap(({ issue, shipment }) => {
        const order = orders.find((o) => o.id === issue.orderId);
        if (order?.status !== 'SHIPPED') return [];
        return [
          {
            orderNumber: order.orderNumber,
            customerName: order.address.name || order.userName,
            mobile: order.address.phone || order.userMobile,
            courier: shipment.courierName,
            awb: shipment.awb,
            reason: issue.reason,
            failedAt: issue.failedAt.toISOString(),
            ageHours: Math.max(0, Math.floor((at - issue.failedAt.getTime()) / 3_600_000)),
            attempts: attempts.get(shipment.id) ?? 1,
            paymentMode: order.paymentMode,
            answer: answerOf(issue),
          },
        ];
      });
    },

    /** The back office's 'Re-attempt' or 'Return to origin' for an order's open issue (audited). */
    async act(
      admin: UserDto,
      orderNumber: string,
      input: { action: 'REATTEMPT'; date?: string | undefined } | { action: 'RTO' },
    ): Promise<void> {
      const [order] = await ordersForDeliveryIssues(db, { orderNumber });
      if (!order) throw new AppError('notFound', 'Order not found.');
      const [row] = await db
        .select({ issue: deliveryIssues, shipment: shipments })
        .from(deliveryIssues)
        .innerJoin(shipments, eq(shipments.id, deliveryIssues.shipmentId))
        .where(and(eq(deliveryIssues.orderId, order.id), isNull(deliveryIssues.closedAt)));
      if (!row || order.status !== 'SHIPPED')
        throw new AppError('conflict', DELIVERY_ISSUE_TEXTS.noOpenIssue);
      const { issue, shipment } = row;
      const instruction = adminInstruction(issue, input);
      await tellCourier(shipment, instruction);
      await db.transaction(async (tx) => {
        const closed = await tx
          .update(deliveryIssues)
          .set({ adminAction: input.action, adminBy: admin.id, closedAt: now() })
          .where(and(eq(deliveryIssues.id, issue.id), isNull(deliveryIssues.closedAt)))
          .returning({ id: deliveryIssues.id });
        if (closed.length === 0) throw new AppError('conflict', DELIVERY_ISSUE_TEXTS.noOpenIssue);
        await recordEvent(
          tx,
          shipment.id,
          input.action === 'REATTEMPT' ? REATTEMPT_REQUESTED : RTO_REQUESTED,
          `Shop: ${instruction.comment}`,
        );
        await deps.audit.audit(
          {
            actorUserId: admin.id,
            action: input.action === 'REATTEMPT' ? 'order.ndr-reattempt' : 'order.ndr-rto',
            entity: 'order',
            entityId: order.orderNumber,
            before: null,
            after: instruction,
          },
          tx,
        );
      });
    },
  };
}

/** The back office's instruction: a re-attempt keeps what the shopper asked for (day, landmark, phone). */
function adminInstruction(
  issue: Issue,
  input: { action: 'REATTEMPT'; date?: string | undefined } | { action: 'RTO' },
): NdrInstruction {
  if (input.action === 'RTO') return { action: 'RTO', comment: 'Return the parcel to the shop.' };
  const date = input.date ?? (issue.answer === 'REATTEMPT' ? (issue.answerDate ?? undefined) : undefined);
  const details = [
    date ? `Deliver again on ${date}` : 'Deliver again',
    issue.landmark && `landmark: ${issue.landmark}`,
    issue.alternatePhone && `other phone: ${issue.alternatePhone}`,
  ];
  return {
    action: 'REATTEMPT',
    date,
    landmark: issue.landmark ?? undefined,
    alternatePhone: issue.alternatePhone ?? undefined,
    comment: `${details.filter(Boolean).join('; ')}.`,
  };
}

export type { OrderForDeliveryIssue };
