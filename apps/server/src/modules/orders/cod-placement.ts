// Placing a cash on delivery order (issue 12): priced by the server, every COD rule checked, and
// in one transaction the stock taken, the coupon use claimed, the order written and the cart
// emptied. One shopper's placements are decided one at a time (a lock on the shopper's row), so
// two clicks with different Idempotency-Keys give one order and one 'Your cart is empty.'.

import { randomUUID } from 'node:crypto';
import type { Attribution } from '@spice/shared/attribution';
import { codAvailability } from '@spice/shared/cod';
import type { UserDto } from '@spice/shared/contracts/accounts';
import type { DeliveryWindow } from '@spice/shared/delivery';
import type { Lang } from '@spice/shared/lang';
import { codNotForThisOrder, rtoRisk } from '@spice/shared/rto-risk';
import { and, count, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { preparedInsert } from '../../db/prepared.ts';
import { AppError } from '../../plugins/errors.ts';
import { type AddressRow, addressOf, lockUser } from '../accounts/directory.ts';
import { cartLineCount } from '../cart/lines.ts';
import type { StockLevel } from '../catalog/service.ts';
import { reserveStock } from '../catalog/stock.ts';
import type { CheckoutService } from '../checkout/service.ts';
import type { CouponsService } from '../coupons/service.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { startCodConfirmation } from './cod-confirmation.ts';
import { nextOrderId, placingTransaction } from './placement.ts';
import { claimQuotedCoupon, quotedColumns } from './quoted.ts';
import { recordRtoRisk, rtoRiskFacts } from './rto-risk-facts.ts';
import { type AddressSnapshot, checkouts, NEW_CHECKOUT_COLUMNS, orders } from './schema.ts';
import type { Quote } from './service.ts';

type CheckoutRow = typeof checkouts.$inferSelect;
/** The request's Idempotency-Key and the fingerprint of the request it came with. */
export type IdempotencyKey = { key: string; fingerprint: string };
type OrderRow = typeof orders.$inferSelect;

// Created paid (nothing to wait for), under the placing request's Idempotency-Key.
const insertCodCheckout = preparedInsert(
  'insert_cod_checkout',
  checkouts,
  [...NEW_CHECKOUT_COLUMNS, 'codFeePaise', 'idempotencyKey', 'idempotencyFingerprint', 'status'],
  (insert) => insert.returning(),
);

export const COD_CART_EMPTY = 'Your cart is empty.';
export const IDEMPOTENCY_KEY_REUSED =
  'This request does not match the earlier one with the same Idempotency-Key.';
export const COD_TOTAL_CHANGED = 'Your order total has changed. Please review it and place the order again.';

export function createCodPlacement(
  db: Db,
  deps: {
    checkout: CheckoutService;
    coupons: CouponsService;
    quote: (userId: number, couponCode: string | null | undefined, tx: Tx) => Promise<Quote>;
    releaseCheckouts: (
      tx: Tx,
      rows: CheckoutRow[],
      status: 'released' | 'cancelled',
    ) => Promise<StockLevel[]>;
    insertOrder: (
      tx: Tx,
      checkout: CheckoutRow,
      orderId: number,
      paymentId: string,
      signature: string,
      buyer: UserDto,
    ) => Promise<OrderRow>;
    addressSnapshot: (a: AddressRow) => AddressSnapshot;
    /** The levels the placement left, after its commit. */
    stockChanged: (levels: readonly StockLevel[]) => void;
    jobs: Pick<JobQueue, 'enqueue'>;
    /** The delivery module: 400 when the shop does not deliver there; whether its zone takes COD. */
    assertServiceable: (pincode: string) => Promise<{ zoneCod: boolean; estimatedDelivery: DeliveryWindow }>;
  },
) {
  const answer = (order: OrderRow) => ({
    orderNumber: order.orderNumber,
    amount: order.totalPaise,
    paymentMode: 'COD' as const,
  });

  /** The order placed earlier under this key; 422 when that was another request. */
  async function byKey(executor: Pick<Db, 'select'>, userId: number, key: IdempotencyKey) {
    const [found] = await executor
      .select({ order: orders, fingerprint: checkouts.idempotencyFingerprint })
      .from(checkouts)
      .innerJoin(orders, eq(orders.checkoutId, checkouts.id))
      .where(and(eq(checkouts.userId, userId), eq(checkouts.idempotencyKey, key.key)));
    if (!found) return null;
    // Keys stored before fingerprints were kept answer as before.
    if (found.fingerprint !== null && found.fingerprint !== key.fingerprint) {
      throw new AppError('unprocessable', IDEMPOTENCY_KEY_REUSED);
    }
    return found.order;
  }

  /** COD orders of this shopper that came back undelivered. */
  async function rtoCount(executor: Pick<Db, 'select'>, userId: number) {
    const [row] = await executor
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.paymentMode, 'COD'), eq(orders.status, 'RTO')));
    return row?.n ?? 0;
  }

  async function place(
    user: UserDto,
    input: {
      addressId: number;
      couponCode?: string | null | undefined;
      amount: number;
      gstin?: string | null | undefined;
    },
    idempotencyKey: IdempotencyKey | undefined,
    /** The placing request's language: the order's messages and links follow it. */
    language: Lang = 'en',
    /** Where the shopper came from (the attribution cookie), kept on the order. */
    attribution: Attribution | null = null,
  ) {
    if (idempotencyKey) {
      const repeat = await byKey(db, user.id, idempotencyKey);
      if (repeat) return { ...answer(repeat), created: false };
    }
    const address = await addressOf(db, user.id, input.addressId);
    if (!address) throw new AppError('notFound', 'Please select a delivery address.');
    const { zoneCod, estimatedDelivery } = await deps.assertServiceable(address.pincode);
    // The RTO risk's facts, read before the transaction so it holds its locks no longer.
    const riskFacts = await rtoRiskFacts(db, {
      userId: user.id,
      pincode: address.pincode,
      amountPaise: input.amount,
      addressLine: `${address.addressLine}, ${address.locality}`,
    });

    const result = await placingTransaction(db, async (tx) => {
      await lockUser(tx, user.id);
      if (idempotencyKey) {
        const repeat = await byKey(tx, user.id, idempotencyKey);
        if (repeat) return { order: repeat, levels: null };
      }
      if ((await cartLineCount(tx, user.id)) === 0) throw new AppError('conflict', COD_CART_EMPTY);
      const priced = await deps.quote(user.id, input.couponCode, tx);
      if (priced.codTotalPaise !== input.amount) {
        throw new AppError('conflict', COD_TOTAL_CHANGED, undefined, { amount: priced.codTotalPaise });
      }
      const config = await deps.checkout.currentConfig(tx);
      const cod = codAvailability({
        rules: config.cod,
        orderValuePaise: priced.orderValuePaise,
        pincode: address.pincode,
        rtoCount: await rtoCount(tx, user.id),
        zoneAllowsCod: zoneCod,
      });
      if (!cod.available) throw new AppError('invalid', cod.reason);
      const risk = rtoRisk({ ...riskFacts, amountPaise: priced.codTotalPaise }, config.rtoRisk);
      if (risk.level === 'HIGH' && config.rtoRisk.requirePrepaidForHigh) {
        const savePaise = Math.max(0, priced.codTotalPaise - priced.totalPaise);
        throw new AppError('invalid', codNotForThisOrder(savePaise), undefined, { prepaidRequired: true });
      }

      // A payment window left open holds this cart's stock: it is given back before COD takes it.
      const pending = await tx
        .select()
        .from(checkouts)
        .where(and(eq(checkouts.userId, user.id), eq(checkouts.status, 'pending')))
        .for('update');
      const released = await deps.releaseCheckouts(tx, pending, 'cancelled');
      const taken = await reserveStock(tx, priced.lines);
      await claimQuotedCoupon(deps.coupons, priced, user.id, tx);
      // With an id for the order (issued together: one write), so the order goes with its items.
      const [[checkout], orderId] = await Promise.all([
        insertCodCheckout(tx).execute({
          providerOrderId: `cod_${randomUUID()}`,
          provider: 'cod',
          userId: user.id,
          addressId: address.id,
          address: deps.addressSnapshot(address),
          lines: priced.lines,
          ...quotedColumns(priced),
          codFeePaise: priced.codFeePaise,
          totalPaise: priced.codTotalPaise,
          buyerGstin: input.gstin ?? null,
          idempotencyKey: idempotencyKey?.key ?? null,
          idempotencyFingerprint: idempotencyKey?.fingerprint ?? null,
          language,
          estimatedDelivery,
          attribution,
          status: 'paid',
          expiresAt: new Date(),
        }),
        nextOrderId(tx),
      ]);
      const order = await deps.insertOrder(tx, checkout!, orderId, checkout!.providerOrderId, '', user);
      await recordRtoRisk(tx, order.id, risk);
      // The shop may ask the shopper to confirm before it packs (issue 34): the message goes out by job.
      await startCodConfirmation(tx, deps.jobs, order, config.codConfirmation);
      // In statement order (a variant given back and taken again: the last).
      return { order, levels: [...released, ...taken] };
    });
    if (!result.levels) return { ...answer(result.order), created: false };
    deps.stockChanged(result.levels);
    return { ...answer(result.order), created: true };
  }

  /**
   * Before placing, for the checkout (issue 34): whether this cart to this address must be paid
   * online because its RTO risk is HIGH and the shop requires prepaid then, with the saving. Only
   * the outcome, never the level or its reasons; the placement decides again in its transaction.
   */
  async function prepaidRequired(
    user: UserDto,
    input: { addressId: number; couponCode?: string | null | undefined },
  ): Promise<{ prepaidRequired: boolean; savePaise: number }> {
    const address = await addressOf(db, user.id, input.addressId);
    if (!address) throw new AppError('notFound', 'Please select a delivery address.');
    const config = await deps.checkout.currentConfig(db);
    if (!config.rtoRisk.requirePrepaidForHigh) return { prepaidRequired: false, savePaise: 0 };
    const priced = await db.transaction((tx) => deps.quote(user.id, input.couponCode, tx));
    const facts = await rtoRiskFacts(db, {
      userId: user.id,
      pincode: address.pincode,
      amountPaise: priced.codTotalPaise,
      addressLine: `${address.addressLine}, ${address.locality}`,
    });
    const risk = rtoRisk({ ...facts, amountPaise: priced.codTotalPaise }, config.rtoRisk);
    return {
      prepaidRequired: risk.level === 'HIGH',
      savePaise: Math.max(0, priced.codTotalPaise - priced.totalPaise),
    };
  }

  return { place, prepaidRequired, rtoCount: (userId: number) => rtoCount(db, userId) };
}
