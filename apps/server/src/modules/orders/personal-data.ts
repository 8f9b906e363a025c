// The orders module's part of a shopper's data rights (decision 0036). Orders are kept for the
// 8 years tax law asks (CGST Act s.36 with rule 56), so erasure detaches them from the person: the
// name becomes 'Erased customer', the mobile and e-mail go, the address keeps only what the tax
// record needs (pincode and state). The issued invoice is a separate, unchanged document.
import { and, asc, eq, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { checkouts, codConfirmations, orderItems, orders } from './schema.ts';

export const ERASED_CUSTOMER = 'Erased customer';

/** Finished: delivered, or cancelled/returned with nothing left to refund. */
const SETTLED = ['DELIVERED', 'CANCELLED', 'RTO'] as const;

export async function isOrderOf(
  db: Db,
  orderNumber: string,
  owner: { userId: number } | { mobile: string },
): Promise<boolean> {
  const [row] = await db
    .select({ userId: orders.userId, mobile: orders.userMobile })
    .from(orders)
    .where(eq(orders.orderNumber, orderNumber));
  if (!row) return false;
  return 'userId' in owner ? row.userId === owner.userId : row.mobile === owner.mobile;
}

/**
 * The shopper's orders: how many are not yet delivered (or cancelled/returned), and the ids of the
 * rest, whose refunds the refunds module checks.
 */
export async function orderProgressOf(executor: Db | Tx, userId: number) {
  const rows = await executor
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(eq(orders.userId, userId));
  const settled = (s: string) => (SETTLED as readonly string[]).includes(s);
  return {
    unsettled: rows.filter((r) => !settled(r.status)).length,
    settledIds: rows.filter((r) => settled(r.status)).map((r) => r.id),
  };
}

export async function orderDataOf(db: Db, userId: number) {
  const rows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.createdAt));
  const items =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(orderItems)
          .where(
            inArray(
              orderItems.orderId,
              rows.map((o) => o.id),
            ),
          );
  return rows.map((o) => ({
    orderNumber: o.orderNumber,
    status: o.status,
    placedAt: o.createdAt.toISOString(),
    name: o.userName,
    mobile: o.userMobile,
    email: o.userEmail,
    address: o.address,
    paymentMode: o.paymentMode,
    paymentStatus: o.paymentStatus,
    totalRupees: o.totalPaise / 100,
    buyerGstin: o.buyerGstin,
    invoiceNumber: o.invoiceNumber,
    items: items
      .filter((i) => i.orderId === o.id)
      .map((i) => ({
        productName: i.productName,
        variant: i.variant,
        quantity: i.quantity,
        priceRupees: i.pricePaise / 100,
      })),
  }));
}

/** Detaches every order and checkout of the shopper; the order numbers (their messages go too). */
export async function detachOrders(tx: Tx, userId: number): Promise<string[]> {
  const rows = await tx
    .select({ id: orders.id, orderNumber: orders.orderNumber, address: orders.address })
    .from(orders)
    .where(eq(orders.userId, userId));
  await detach(tx, rows);
  const open = await tx
    .select({ id: checkouts.id, address: checkouts.address })
    .from(checkouts)
    .where(eq(checkouts.userId, userId));
  await detachCheckouts(tx, open);
  return rows.map((r) => r.orderNumber);
}

/**
 * Retention (privacy/retention.ts): orders and checkouts made before `before` that still name
 * their buyer are detached as an erasure detaches them. Answers those orders (their invoices and
 * messages forget the buyer too).
 */
export async function detachOrdersPlacedBefore(
  tx: Tx,
  before: Date,
): Promise<{ ids: number[]; orderNumbers: string[] }> {
  const rows = await tx
    .select({ id: orders.id, orderNumber: orders.orderNumber, address: orders.address })
    .from(orders)
    .where(
      and(lt(orders.createdAt, before), or(ne(orders.userMobile, ''), ne(orders.userName, ERASED_CUSTOMER))),
    );
  await detach(tx, rows);
  const open = await tx
    .select({ id: checkouts.id, address: checkouts.address })
    .from(checkouts)
    .where(and(lt(checkouts.createdAt, before), sql`${checkouts.address}->>'name' <> ${ERASED_CUSTOMER}`));
  await detachCheckouts(tx, open);
  return { ids: rows.map((r) => r.id), orderNumbers: rows.map((r) => r.orderNumber) };
}

/** Of these accounts, those an order still points at (as buyer, or as the staff who handled it). */
export async function accountsWithOrders(tx: Tx, userIds: number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const buyers = await tx
    .selectDistinct({ id: orders.userId })
    .from(orders)
    .where(inArray(orders.userId, userIds));
  const handlers = await tx
    .select({ collected: orders.codCollectedBy, remitted: orders.codRemittedBy })
    .from(orders)
    .where(or(inArray(orders.codCollectedBy, userIds), inArray(orders.codRemittedBy, userIds)));
  const deciders = await tx
    .selectDistinct({ id: codConfirmations.decidedBy })
    .from(codConfirmations)
    .where(inArray(codConfirmations.decidedBy, userIds));
  return new Set(
    [
      ...buyers.map((r) => r.id),
      ...handlers.flatMap((r) => [r.collected, r.remitted]),
      ...deciders.map((r) => r.id),
    ].filter((id): id is number => id !== null),
  );
}

async function detach(tx: Tx, rows: { id: number; address: typeof orders.$inferSelect.address }[]) {
  for (const o of rows) {
    await tx
      .update(orders)
      .set({
        userName: ERASED_CUSTOMER,
        userMobile: '',
        userEmail: '',
        addressId: null,
        address: erasedAddress(o.address),
      })
      .where(eq(orders.id, o.id));
  }
}

async function detachCheckouts(
  tx: Tx,
  open: { id: number; address: typeof checkouts.$inferSelect.address }[],
) {
  for (const c of open) {
    await tx
      .update(checkouts)
      .set({ addressId: null, address: erasedAddress(c.address) })
      .where(eq(checkouts.id, c.id));
  }
}

function erasedAddress(a: typeof orders.$inferSelect.address): typeof orders.$inferSelect.address {
  return {
    name: ERASED_CUSTOMER,
    phone: '',
    type: a.type,
    fullAddress: '',
    pincode: a.pincode,
    ...(a.state === undefined ? {} : { state: a.state }),
  };
}
