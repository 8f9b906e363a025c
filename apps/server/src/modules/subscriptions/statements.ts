// The subscriptions module's SQL in one place (its tables only; the catalogue's facts through
// catalog/line-facts.ts), apart from the business steps in service.ts.
import type { SubscriptionStatus } from '@spice/shared/subscriptions';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { userFullNameById, userMobileById } from '../accounts/directory.ts';
import { giftVariantById, variantForSale } from '../catalog/line-facts.ts';
import { subscriptionCycles, subscriptionEvents, subscriptionPlans, subscriptions } from './schema.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type CycleRow = typeof subscriptionCycles.$inferSelect;
export type PlanRow = typeof subscriptionPlans.$inferSelect;
type Executor = Db | Tx;

/** A subscription with its product's facts as the catalogue has them now. */
export function withProduct(executor: Executor) {
  return executor
    .select({
      sub: subscriptions,
      product: variantForSale(sql`"subscriptions"."product_id"`, sql`"subscriptions"."variant_id"`),
    })
    .from(subscriptions);
}

export async function ownSubscriptions(executor: Executor, userId: number) {
  return withProduct(executor)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id));
}

export async function cyclesOf(executor: Executor, ids: readonly number[]): Promise<CycleRow[]> {
  if (ids.length === 0) return [];
  return executor
    .select()
    .from(subscriptionCycles)
    .where(inArray(subscriptionCycles.subscriptionId, [...ids]))
    .orderBy(subscriptionCycles.subscriptionId, subscriptionCycles.number);
}

export async function lockOwn(tx: Tx, userId: number, id: number): Promise<SubscriptionRow | null> {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)))
    .for('update');
  return row ?? null;
}

export async function lockById(tx: Tx, id: number): Promise<SubscriptionRow | null> {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
  return row ?? null;
}

export async function lockByGatewayId(
  tx: Tx,
  gatewaySubscriptionId: string,
): Promise<SubscriptionRow | null> {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.gatewaySubscriptionId, gatewaySubscriptionId))
    .for('update');
  return row ?? null;
}

export async function findByGatewayId(executor: Executor, gatewaySubscriptionId: string) {
  const [row] = await executor
    .select({ id: subscriptions.id, userId: subscriptions.userId, status: subscriptions.status })
    .from(subscriptions)
    .where(eq(subscriptions.gatewaySubscriptionId, gatewaySubscriptionId));
  return row ?? null;
}

/**
 * A status move as a conditional UPDATE: only from the statuses `from` lists (the transition
 * table's), so a racing writer that moved it first leaves this one without a row.
 */
export async function moveStatus(
  tx: Tx,
  id: number,
  to: SubscriptionStatus,
  from: readonly SubscriptionStatus[],
  set: Partial<typeof subscriptions.$inferInsert>,
): Promise<SubscriptionRow | null> {
  if (from.length === 0) return null;
  const [row] = await tx
    .update(subscriptions)
    .set({ ...set, status: to, updatedAt: new Date() })
    .where(and(eq(subscriptions.id, id), inArray(subscriptions.status, [...from])))
    .returning();
  return row ?? null;
}

export async function updateSubscription(
  tx: Tx,
  id: number,
  set: Partial<typeof subscriptions.$inferInsert>,
): Promise<SubscriptionRow> {
  const [row] = await tx
    .update(subscriptions)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(subscriptions.id, id))
    .returning();
  return row!;
}

export async function insertSubscription(executor: Executor, values: typeof subscriptions.$inferInsert) {
  const [row] = await executor.insert(subscriptions).values(values).returning();
  return row!;
}

/** The next cycle's number: one more than the last recorded (the subscription's row is locked). */
export async function nextCycleNumber(tx: Tx, subscriptionId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(max(${subscriptionCycles.number}), 0)::int` })
    .from(subscriptionCycles)
    .where(eq(subscriptionCycles.subscriptionId, subscriptionId));
  return (row?.n ?? 0) + 1;
}

/**
 * The number of the cycle a charge (or a failed attempt) is for: the last one when it failed (the
 * gateway's retry of that cycle), else the next.
 */
export async function chargeCycleNumber(tx: Tx, subscriptionId: number): Promise<number> {
  const [last] = await tx
    .select({ number: subscriptionCycles.number, status: subscriptionCycles.status })
    .from(subscriptionCycles)
    .where(eq(subscriptionCycles.subscriptionId, subscriptionId))
    .orderBy(desc(subscriptionCycles.number))
    .limit(1);
  if (!last) return 1;
  return last.status === 'FAILED' ? last.number : last.number + 1;
}

/** Records a cycle's outcome; a cycle already recorded as failed is overwritten by its retry's. */
export async function recordCycle(tx: Tx, values: typeof subscriptionCycles.$inferInsert) {
  await tx
    .insert(subscriptionCycles)
    .values(values)
    .onConflictDoUpdate({
      target: [subscriptionCycles.subscriptionId, subscriptionCycles.number],
      set: {
        status: sql`excluded.status`,
        paymentId: sql`excluded.payment_id`,
        amountPaise: sql`excluded.amount_paise`,
        orderNumber: sql`excluded.order_number`,
        reason: sql`excluded.reason`,
        updatedAt: sql`now()`,
      },
      setWhere: eq(subscriptionCycles.status, 'FAILED'),
    });
}

export async function cycleByPayment(tx: Tx, paymentId: string): Promise<CycleRow | null> {
  const [row] = await tx.select().from(subscriptionCycles).where(eq(subscriptionCycles.paymentId, paymentId));
  return row ?? null;
}

/** True the first time an event id is seen. */
export async function claimEvent(tx: Tx, id: string, type: string): Promise<boolean> {
  const fresh = await tx
    .insert(subscriptionEvents)
    .values({ id, type })
    .onConflictDoNothing()
    .returning({ id: subscriptionEvents.id });
  return fresh.length > 0;
}

export async function planFor(
  executor: Executor,
  variantId: number,
  frequency: number,
): Promise<PlanRow | null> {
  const [row] = await executor
    .select()
    .from(subscriptionPlans)
    .where(
      and(
        eq(subscriptionPlans.variantId, variantId),
        eq(subscriptionPlans.frequency, frequency),
        eq(subscriptionPlans.active, true),
      ),
    );
  return row ?? null;
}

export async function rememberGatewayPlan(
  executor: Executor,
  planId: number,
  gatewayPlanId: string,
  paise: number,
) {
  await executor
    .update(subscriptionPlans)
    .set({ gatewayPlanId, gatewayPlanPaise: paise })
    .where(eq(subscriptionPlans.id, planId));
}

/** The active plans of a product's variants, with each variant's facts. */
export async function plansOfProduct(executor: Executor, productId: number) {
  return executor
    .select({
      plan: subscriptionPlans,
      variant: variantForSale(sql`${productId}::int`, sql`"subscription_plans"."variant_id"`),
    })
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.active, true))
    .then((rows) => rows.filter((r) => r.variant !== null && r.variant.productId === productId));
}

/** A variant as a checkout prices it, with its product (through the catalogue's line facts). */
export async function variantFacts(executor: Executor, variantId: number) {
  const [row] = await executor
    .select({ v: giftVariantById(sql`${variantId}::int`) })
    .from(sql`(select 1) as one`);
  return row?.v ?? null;
}

/** Due cycles that pass without a charge (skipped, or paused), oldest first, locked. */
export async function dueWithoutCharge(tx: Tx, now: Date, limit = 100): Promise<SubscriptionRow[]> {
  return tx
    .select()
    .from(subscriptions)
    .where(
      and(
        sql`${subscriptions.nextChargeAt} <= ${now.toISOString()}::timestamptz`,
        sql`(${subscriptions.skipNext} or ${subscriptions.status} = 'PAUSED')`,
      ),
    )
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** The back office's page of subscriptions with the shopper's name and mobile. */
export function adminRows(executor: Executor, where: SQL | undefined) {
  return executor
    .select({
      sub: subscriptions,
      product: variantForSale(sql`"subscriptions"."product_id"`, sql`"subscriptions"."variant_id"`),
      userName: userFullNameById(sql`"subscriptions"."user_id"`),
      userMobile: userMobileById(sql`"subscriptions"."user_id"`),
    })
    .from(subscriptions)
    .where(where)
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id));
}
