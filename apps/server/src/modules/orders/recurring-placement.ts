// A subscription's charge becoming an order (issue 43): the same order a prepaid checkout makes
// (its GST invoice, the 'placed' message, shipping from the order), written in the subscriptions
// module's transaction. The charge is recorded in the payments ledger with its fate, once per
// gateway payment id: a replayed charge finds its entry and makes nothing. Stock is taken at the
// charge; short, the payment is recorded for refund instead ('sold_out').
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { preparedInsert } from '../../db/prepared.ts';
import { AppError } from '../../plugins/errors.ts';
import { variantForSale } from '../catalog/line-facts.ts';
import type { StockLevel } from '../catalog/service.ts';
import { reserveStock } from '../catalog/stock.ts';
import { invoiceBasisStatement } from '../invoices/service.ts';
import type { PaymentsLedger } from '../payments/ledger.ts';
import type { RefundsService } from '../refunds/service.ts';
import { newOrderNumber, nextOrderId } from './placement.ts';
import { type AddressSnapshot, checkouts, NEW_CHECKOUT_COLUMNS, type orders } from './schema.ts';

type CheckoutRow = typeof checkouts.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

const insertRecurringCheckout = preparedInsert(
  'insert_recurring_checkout',
  checkouts,
  [...NEW_CHECKOUT_COLUMNS, 'status'],
  (insert) => insert.returning(),
);

const basisOfRecurring = invoiceBasisStatement(
  'invoice_basis_of_recurring',
  sql`array[${sql.placeholder('productId')}::int]`,
);

export interface RecurringCharge {
  userId: number;
  addressId: number | null;
  address: AddressSnapshot;
  productId: number;
  variantId: number;
  quantity: number;
  /** The subscription's unit price in force at this charge. */
  unitPaise: number;
  language: 'en' | 'hi';
  provider: 'razorpay' | 'simulated';
  /** The gateway's order id of the charge (Razorpay makes one per invoice), or one made up of the payment's. */
  providerOrderId: string;
  paymentId: string;
  /** What the gateway says it captured. */
  capturedPaise: number;
  /**
   * What else records the order (the subscription's cycle), written once the order is sure (its
   * stock taken) and before it: the order's invoice ends the transaction (decision 0027).
   */
  beforeOrder: (orderNumber: string) => Promise<unknown>;
}

export type RecurringOutcome =
  | { kind: 'replay'; orderNumber: string | null }
  | { kind: 'order'; order: OrderRow; levels: StockLevel[] }
  | { kind: 'refund'; reason: 'sold_out' | 'amount_mismatch'; amountPaise: number };

export function createRecurringPlacement(deps: {
  ledger: PaymentsLedger;
  refunds: Pick<RefundsService, 'requestForPayment'>;
  insertOrder: (
    tx: Tx,
    checkout: CheckoutRow,
    orderId: number,
    paymentId: string,
    signature: string,
    buyer: undefined,
    alongside: (orderNumber: string) => Promise<unknown>,
    basis: Awaited<ReturnType<typeof basisOfRecurring>>,
    options: { fromCart: boolean; orderNumber?: string },
  ) => Promise<OrderRow>;
  log: { warn(obj: object, msg: string): void };
}) {
  /**
   * The charge's order, or its refund, once. Ends the caller's transaction's writes: the invoice's
   * statement goes with the COMMIT (decision 0027), so nothing may be issued after it.
   */
  async function placeRecurring(tx: Tx, charge: RecurringCharge): Promise<RecurringOutcome> {
    const recorded = await deps.ledger.find(tx, charge.paymentId);
    if (recorded && recorded.status !== 'failed')
      return { kind: 'replay', orderNumber: recorded.orderNumber };
    const amountPaise = charge.unitPaise * charge.quantity;
    const refund = async (reason: 'sold_out' | 'amount_mismatch') => {
      await deps.ledger.record(tx, {
        paymentId: charge.paymentId,
        providerOrderId: charge.providerOrderId,
        checkoutId: null,
        amountPaise: charge.capturedPaise,
        status: 'refund_pending',
        orderNumber: null,
        reason,
        source: 'webhook',
      });
      await deps.refunds.requestForPayment(tx, {
        paymentId: charge.paymentId,
        amountPaise: charge.capturedPaise,
      });
      deps.log.warn(
        { paymentId: charge.paymentId, reason, amountPaise: charge.capturedPaise },
        'subscription charge cannot become an order: refund pending',
      );
      return { kind: 'refund' as const, reason, amountPaise: charge.capturedPaise };
    };
    if (charge.capturedPaise !== amountPaise) return refund('amount_mismatch');
    const [facts] = await tx
      .select({ v: variantForSale(sql`${charge.productId}::int`, sql`${charge.variantId}::int`) })
      .from(sql`(select 1) as one`);
    const variant = facts?.v ?? null;
    if (!variant || !variant.active) return refund('sold_out');
    const line = lineOf(variant, charge);
    let levels: StockLevel[];
    try {
      levels = await tx.transaction((sp) => reserveStock(sp, [line]));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return refund('sold_out');
    }
    const mrpTotalPaise = Math.max(variant.mrpPaise, charge.unitPaise) * charge.quantity;
    const [[checkout], orderId, basis] = await Promise.all([
      insertRecurringCheckout(tx).execute({
        providerOrderId: charge.providerOrderId,
        provider: charge.provider,
        userId: charge.userId,
        addressId: charge.addressId,
        address: charge.address,
        lines: [line],
        couponId: null,
        couponCode: null,
        mrpTotalPaise,
        subtotalPaise: amountPaise,
        couponDiscountPaise: 0,
        deliveryPaise: 0,
        platformFeePaise: 0,
        offerDiscountPaise: 0,
        offers: [],
        totalPaise: amountPaise,
        buyerGstin: null,
        language: charge.language,
        estimatedDelivery: null,
        attribution: null,
        expiresAt: new Date(),
        status: 'paid',
      }),
      nextOrderId(tx),
      basisOfRecurring(tx, { productId: charge.productId }),
    ]);
    const orderNumber = newOrderNumber(new Date());
    await charge.beforeOrder(orderNumber);
    const order = await deps.insertOrder(
      tx,
      checkout!,
      orderId,
      charge.paymentId,
      `subscription:${charge.paymentId}`,
      undefined,
      (orderNumber) =>
        deps.ledger.record(tx, {
          paymentId: charge.paymentId,
          providerOrderId: charge.providerOrderId,
          checkoutId: checkout!.id,
          amountPaise: charge.capturedPaise,
          status: 'placed',
          orderNumber,
          reason: null,
          source: 'webhook',
        }),
      basis,
      { fromCart: false, orderNumber },
    );
    return { kind: 'order', order, levels };
  }

  return { placeRecurring };
}

function lineOf(
  v: {
    productId: number;
    productName: string;
    productNameHi: string;
    slug: string;
    active: boolean;
    imageUrl: string | null;
    variantId: number;
    weight: string;
    weightHi: string;
    pricePaise: number;
    mrpPaise: number;
  },
  charge: Pick<RecurringCharge, 'quantity' | 'unitPaise'>,
) {
  return {
    productId: v.productId,
    variantId: v.variantId,
    productName: v.productName,
    productNameHi: v.productNameHi ?? '',
    slug: v.slug,
    weight: v.weight,
    weightHi: v.weightHi ?? '',
    image: v.imageUrl ?? '',
    quantity: charge.quantity,
    pricePaise: charge.unitPaise,
    mrpPaise: Math.max(v.mrpPaise, charge.unitPaise),
  };
}
