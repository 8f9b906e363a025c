// Placing an order for a captured payment, once: the payment's fate is decided with its
// checkout locked (an order, or a refund recorded in the payments ledger), in the transaction
// that writes the order, its items, the coupon redemption and the cart change.
import { randomInt } from 'node:crypto';
import type { UserDto } from '@spice/shared/contracts/accounts';
import type { RefundReason } from '@spice/shared/payments';
import { withCountryCode } from '@spice/shared/validators';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { endsTransaction } from '../../db/pg-pipeline.ts';
import { preparedInsert, preparedSql, preparedStatement } from '../../db/prepared.ts';
import { AppError } from '../../plugins/errors.ts';
import { userById } from '../accounts/directory.ts';
import { removeBought } from '../cart/lines.ts';
import type { StockLevel } from '../catalog/service.ts';
import { reserveStock } from '../catalog/stock.ts';
import type { CouponsService } from '../coupons/service.ts';
import { type InvoiceBasis, type InvoicesService, invoiceBasisStatement } from '../invoices/service.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { orderMessageJob } from '../messaging/order-message-job.ts';
import { decidePaymentFate } from '../payments/fate.ts';
import type { PaymentRow, PaymentsLedger } from '../payments/ledger.ts';
import type { RefundsService } from '../refunds/service.ts';
import { markCheckoutPaid } from './checkout-status.ts';
import { boughtFromCart } from './gift-line.ts';
import { checkouts, orderItems, orderStatusHistory, orders, PRICE_COLUMNS } from './schema.ts';

type CheckoutRow = typeof checkouts.$inferSelect;
type OrderRow = typeof orders.$inferSelect;
const insertOrderRow = preparedInsert(
  'insert_order',
  orders,
  [
    'id',
    'orderNumber',
    'userId',
    'checkoutId',
    'addressId',
    'userName',
    'userMobile',
    'userEmail',
    'address',
    ...PRICE_COLUMNS,
    'codFeePaise',
    'prepaidDiscountPaise',
    'totalPaise',
    'buyerGstin',
    'language',
    'estimatedDelivery',
    'attribution',
    'paymentMode',
    'paymentStatus',
    'providerOrderId',
    'providerPaymentId',
    'providerSignature',
    'createdAt',
    'updatedAt',
  ],
  // With its first status row, written from what the insert returns: one statement. A number
  // another order already has fails it (orders_number_key): placingTransaction draws again.
  (insert, db) => {
    const placed = db.$with('placed').as(insert.returning());
    const firstStatus = db
      .$with('first_status', {})
      .as(
        sql`insert into ${orderStatusHistory} (order_id, status, at) select id, 'PLACED', created_at from placed`,
      );
    return db.with(placed, firstStatus).select().from(placed);
  },
);

// The order's lines from one JSON parameter, in their order: one shape whatever their number, so
// the statement is prepared (a multi-row VALUES is parsed and planned again each time).
const insertItems = preparedSql(
  'insert_order_items',
  sql`insert into ${orderItems} (order_id, product_id, variant_id, product_name, variant, product_name_hi, variant_hi, quantity, price_paise, mrp_paise, gift)
    select ${sql.placeholder('orderId')}::int, l.product_id, l.variant_id, l.product_name, l.variant,
      nullif(l.product_name_hi, ''), nullif(l.variant_hi, ''), l.quantity, l.price_paise, l.mrp_paise, coalesce(l.gift, false)
    from rows from (jsonb_to_recordset(${sql.placeholder('lines')}::jsonb) as (product_id int, variant_id int,
      product_name text, variant text, product_name_hi text, variant_hi text, quantity int, price_paise int, mrp_paise int, gift boolean)) with ordinality
      as l(product_id, variant_id, product_name, variant, product_name_hi, variant_hi, quantity, price_paise, mrp_paise, gift, n)
    order by l.n`,
);

// The invoice basis of the order a checkout becomes (the seller, the rates of its lines'
// products), read with the checkout's lock: the invoice then goes with the order, in its write.
const basisOfCheckout = invoiceBasisStatement(
  'invoice_basis_of_checkout',
  sql`(select array_agg((l->>'productId')::int) from ${checkouts} c cross join jsonb_array_elements(c.lines) l
    where c.provider_order_id = ${sql.placeholder('providerOrderId')})`,
);

// The order's id is taken before its insert, by a statement sent with one the placement makes
// anyway (its checkout's lock, the ledger read), so that the order and everything naming it
// (items, coupon redemption) leave in one write (decision 0027) instead of waiting for the
// insert's answer. orders.id is a serial column: it takes an id given, and the sequence hands
// each value out once, used or not (a replay, a refund or a rolled-back attempt leaves a gap).
// Inserting the items in the order's statement instead would not cover the coupon redemption.
const takeOrderId = preparedStatement('next_order_id', (db) =>
  db
    .select({ id: sql<number>`id` })
    .from(sql`(select nextval(pg_get_serial_sequence('orders', 'id'))::int as id) as next_order`),
);

/** An id for an order this transaction may write (see takeOrderId). */
export async function nextOrderId(tx: Tx): Promise<number> {
  const [row] = await takeOrderId(tx).execute();
  return row!.id;
}

/** Attempts at an unused order number: 32^6 a day, a second is rare, a sixth would mean a broken generator. */
const ORDER_NUMBER_DRAWS = 5;

function isOrderNumberClash(error: unknown): boolean {
  const pg = ((error as { cause?: unknown }).cause ?? error) as { code?: string; constraint?: string };
  return pg.code === '23505' && pg.constraint === 'orders_number_key';
}

/**
 * A transaction that may place an order (insertOrder), run again whole when the order number it
 * drew was taken: the order is sent with the statements that follow it, so a clash is known only
 * when the transaction has already failed. Nothing in it may act outside the database.
 */
export async function placingTransaction<T>(db: Db, run: (tx: Tx) => Promise<T>): Promise<T> {
  for (let draw = 1; ; draw++) {
    try {
      return await db.transaction(run);
    } catch (error) {
      if (!isOrderNumberClash(error)) throw error;
      if (draw === ORDER_NUMBER_DRAWS)
        throw new Error(`No unused order number in ${ORDER_NUMBER_DRAWS} draws.`, { cause: error });
    }
  }
}

/**
 * What a placement reads with its checkout's lock: the payment's ledger entry, an id for its
 * order and its invoice's basis.
 */
export interface ReadWithLock {
  recorded: PaymentRow | null;
  orderId: number;
  basis: InvoiceBasis;
}

/** A payment's fate: an order (new or found again), or a refund recorded in the ledger. */
export type Settlement =
  /** `levels`: the stock a late payment took again, for the catalogue after the commit. */
  | { kind: 'order'; order: OrderRow; created: boolean; levels?: StockLevel[] }
  | { kind: 'refund'; reason: RefundReason; amountPaise: number; created: boolean };

/** A new order's number: KC, the date and six characters drawn (a clash is drawn again: placingTransaction). */
export function newOrderNumber(now: Date): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const date = now.toISOString().slice(2, 10).replaceAll('-', '');
  let tail = '';
  for (let i = 0; i < 6; i++) tail += alphabet[randomInt(alphabet.length)];
  return `KC${date}-${tail}`;
}

export function createPlacement(deps: {
  coupons: Pick<CouponsService, 'claimUse' | 'recordRedemption'>;
  ledger: PaymentsLedger;
  /** Issues the GST invoice of an order paid online, in the placement's transaction. */
  invoices: Pick<InvoicesService, 'onOrderPlaced'>;
  jobs: Pick<JobQueue, 'enqueue'>;
  refunds: Pick<RefundsService, 'requestForPayment'>;
  stockChanged: (levels: readonly StockLevel[]) => void;
  log: { warn(obj: object, msg: string): void };
}) {
  const { coupons, ledger } = deps;

  /**
   * Inserts the order, its items and coupon redemption for a checkout whose stock is taken, under
   * `orderId` (nextOrderId). `alongside` writes what else records the order (the payment's ledger
   * entry) with them. An order paid online is invoiced last, from `basis` (read with the
   * checkout's lock): its statement takes the number from the one series row every order of the
   * year updates, so the COMMIT goes with it (decision 0027) and that row's lock is held only until
   * PostgreSQL has committed. Run in placingTransaction: a taken order number fails the transaction.
   */
  async function insertOrder(
    tx: Tx,
    checkout: CheckoutRow,
    orderId: number,
    paymentId: string,
    signature: string,
    /** The buyer when the request is theirs (their session read them); looked up otherwise. */
    buyer?: UserDto,
    alongside?: (orderNumber: string) => Promise<unknown>,
    basis?: InvoiceBasis,
    /** A subscription's charge (issue 43) was not bought from the cart: the cart stays as it is. */
    /** `orderNumber`: drawn by the caller, who recorded it before (a subscription's cycle). */
    options: { fromCart: boolean; orderNumber?: string } = { fromCart: true },
  ): Promise<OrderRow> {
    const user = buyer?.id === checkout.userId ? buyer : await loadUser(tx, checkout.userId);
    const now = new Date();
    const cod = checkout.provider === 'cod';
    const values = {
      id: orderId,
      orderNumber: options.orderNumber ?? newOrderNumber(now),
      userId: checkout.userId,
      checkoutId: checkout.id,
      addressId: checkout.addressId,
      userName: `${user.firstName} ${user.lastName}`.trim(),
      userMobile: withCountryCode(user.mobile),
      userEmail: user.email,
      address: checkout.address,
      couponCode: checkout.couponCode,
      mrpTotalPaise: checkout.mrpTotalPaise,
      subtotalPaise: checkout.subtotalPaise,
      couponDiscountPaise: checkout.couponDiscountPaise,
      deliveryPaise: checkout.deliveryPaise,
      platformFeePaise: checkout.platformFeePaise,
      offerDiscountPaise: checkout.offerDiscountPaise,
      offers: checkout.offers,
      codFeePaise: checkout.codFeePaise,
      prepaidDiscountPaise: checkout.prepaidDiscountPaise,
      totalPaise: checkout.totalPaise,
      buyerGstin: checkout.buyerGstin,
      language: checkout.language,
      estimatedDelivery: checkout.estimatedDelivery,
      attribution: checkout.attribution,
      paymentMode: cod ? ('COD' as const) : ('RAZORPAY' as const),
      paymentStatus: cod ? ('COD_PENDING' as const) : ('PAID' as const),
      providerOrderId: checkout.providerOrderId,
      providerPaymentId: paymentId,
      providerSignature: signature,
      createdAt: now,
      updatedAt: now,
    };
    const { orderNumber } = values;
    const lines = checkout.lines.map((l) => ({
      productId: l.productId,
      variantId: l.variantId,
      productName: l.productName,
      variant: l.weight,
      productNameHi: l.productNameHi ?? '',
      variantHi: l.weightHi ?? '',
      quantity: l.quantity,
      pricePaise: l.pricePaise,
      mrpPaise: l.mrpPaise,
      gift: l.gift === true,
    }));
    // The order, then everything that records it, then its invoice with the COMMIT: issued
    // together, they travel in one write and run in this order (decision 0027). Each starts as it
    // is issued (prepared statements, async functions), so the invoice is the last one sent. If
    // the order's number is taken, it fails and so does the transaction; the statements behind it
    // fail as aborted and its failure is the one reported.
    const [[order], , , , , , , invoiceNumber] = await Promise.all([
      insertOrderRow(tx).execute(values),
      insertItems(tx).execute({
        orderId,
        lines: JSON.stringify(
          lines.map((l) => ({
            product_id: l.productId,
            variant_id: l.variantId,
            product_name: l.productName,
            variant: l.variant,
            product_name_hi: l.productNameHi,
            variant_hi: l.variantHi,
            quantity: l.quantity,
            price_paise: l.pricePaise,
            mrp_paise: l.mrpPaise,
            gift: l.gift,
          })),
        ),
      }),
      checkout.couponId !== null &&
        coupons.recordRedemption(tx, { couponId: checkout.couponId, userId: checkout.userId, orderId }),
      // A cash on delivery checkout is created paid; an online one moves to paid here.
      checkout.status !== 'paid' && markCheckoutPaid(tx, checkout.id),
      options.fromCart && removeBought(tx, checkout.userId, boughtFromCart(checkout.lines)),
      // The confirmation goes out by job, committed with the order: a rolled-back order sends nothing.
      deps.jobs.enqueue(tx, orderMessageJob({ orderNumber, event: 'placed' })),
      alongside?.(orderNumber),
      // A cash on delivery order is invoiced when it ships (invoices/service.ts).
      cod || !basis
        ? null
        : endsTransaction(tx, () =>
            deps.invoices.onOrderPlaced(tx, { ...values, invoiceNumber: null }, { lines, basis }),
          ),
    ]);
    return { ...order!, invoiceNumber: invoiceNumber ?? order!.invoiceNumber };
  }

  /**
   * A checkout whose hold lapsed takes its stock and coupon use again, all or nothing (a
   * savepoint, so a line taken before a short one is given back): the levels it left, or why not.
   */
  async function retake(
    tx: Tx,
    checkout: CheckoutRow,
  ): Promise<{ levels: StockLevel[]; reason: null } | { reason: RefundReason }> {
    try {
      const levels = await tx.transaction(async (sp) => {
        const taken = await reserveStock(sp, checkout.lines);
        if (checkout.couponId !== null && !(await coupons.claimUse(checkout.couponId, sp))) {
          throw new AppError('conflict', 'coupon_unavailable');
        }
        return taken;
      });
      return { levels, reason: null };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return { reason: error.message === 'coupon_unavailable' ? 'coupon_unavailable' : 'sold_out' };
    }
  }

  /**
   * The payment's ledger entry and an id for the order it may become, issued together: started
   * at once, they go in the write of whatever is issued with them (the checkout's lock).
   */
  async function readWithLock(tx: Tx, paymentId: string, providerOrderId: string): Promise<ReadWithLock> {
    const [recorded, orderId, basis] = await Promise.all([
      ledger.find(tx, paymentId),
      nextOrderId(tx),
      basisOfCheckout(tx, { providerOrderId }),
    ]);
    return { recorded, orderId, basis };
  }

  /**
   * Decides, once, what a captured payment becomes: an order, or a refund recorded in the ledger.
   * Called with the checkout locked, so the browser's verify and the gateway's webhook for the
   * same payment are decided one after the other; both are recorded in this transaction.
   */
  async function settlePayment(
    tx: Tx,
    checkout: CheckoutRow,
    payment: {
      id: string;
      signature: string;
      source: 'verify' | 'webhook';
      captured: { amountPaise: number; currency: string } | null;
    },
    buyer?: UserDto,
    /** What the caller read with the checkout's lock (readWithLock); read here otherwise. */
    known?: ReadWithLock,
  ): Promise<Settlement> {
    const { recorded, orderId, basis } =
      known ?? (await readWithLock(tx, payment.id, checkout.providerOrderId));
    const [existing] =
      checkout.status === 'paid'
        ? await tx.select().from(orders).where(eq(orders.checkoutId, checkout.id))
        : [];
    const fate = decidePaymentFate({
      paymentId: payment.id,
      recorded,
      checkout,
      order: existing ? { paymentId: existing.providerPaymentId, status: existing.status } : null,
      captured: payment.captured,
    });
    const amountPaise = payment.captured?.amountPaise ?? checkout.totalPaise;
    const record = (
      status: 'placed' | 'refund_pending',
      orderNumber: string | null,
      reason: RefundReason | null,
    ) =>
      ledger.record(tx, {
        paymentId: payment.id,
        providerOrderId: checkout.providerOrderId,
        checkoutId: checkout.id,
        amountPaise,
        status,
        orderNumber,
        reason,
        source: payment.source,
      });

    if (fate.kind === 'replay') {
      const previous = recorded!;
      if (previous.status === 'placed' && existing) return { kind: 'order', order: existing, created: false };
      return {
        kind: 'refund',
        reason: (previous.reason ?? 'already_paid') as RefundReason,
        amountPaise: previous.amountPaise,
        created: false,
      };
    }
    if (fate.kind === 'same-order') {
      await record('placed', existing!.orderNumber, null);
      return { kind: 'order', order: existing!, created: false };
    }
    const retaken = fate.kind === 'place-late' ? await retake(tx, checkout) : null;
    const reason: RefundReason | null = fate.kind === 'refund' ? fate.reason : (retaken?.reason ?? null);
    if (reason) {
      await record('refund_pending', null, reason);
      await deps.refunds.requestForPayment(tx, { paymentId: payment.id, amountPaise });
      deps.log.warn(
        { paymentId: payment.id, providerOrderId: checkout.providerOrderId, reason, amountPaise },
        'captured payment cannot become an order: refund pending',
      );
      return { kind: 'refund', reason, amountPaise, created: true };
    }
    const order = await insertOrder(
      tx,
      checkout,
      orderId,
      payment.id,
      payment.signature,
      buyer,
      (orderNumber) => record('placed', orderNumber, null),
      basis,
    );
    return retaken?.reason === null
      ? { kind: 'order', order, created: true, levels: retaken.levels }
      : { kind: 'order', order, created: true };
  }

  /** After the commit: the stock levels a late payment left when it took stock again. */
  async function afterSettlement(settled: Settlement) {
    if (settled.kind === 'order' && settled.created && settled.levels) deps.stockChanged(settled.levels);
  }

  async function loadUser(tx: Tx, userId: number): Promise<UserDto> {
    return (await userById(tx, userId))!;
  }

  return { settlePayment, afterSettlement, readWithLock, insertOrder };
}
