import type { Attribution } from '@spice/shared/attribution';
import { checkoutHoldsStock, checkoutStatusesBefore } from '@spice/shared/checkout-status';
import type { UserDto } from '@spice/shared/contracts/accounts';
import type { OrderSummaryDto } from '@spice/shared/contracts/commerce';
import { productImage } from '@spice/shared/images';
import type { Lang } from '@spice/shared/lang';
import { refundNotice } from '@spice/shared/messages';
import { type CartPrice, cartSubtotalPaise, priceCart } from '@spice/shared/price-cart';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { preparedInsert, preparedStatement } from '../../db/prepared.ts';
import { AppError } from '../../plugins/errors.ts';
import { type AddressRow, addressWith, lockUser } from '../accounts/directory.ts';
import { type CartLineForSale, cartLinesForSale, cartLinesForSaleJson } from '../cart/lines.ts';
import { firstImages } from '../catalog/line-facts.ts';
import type { CatalogService, StockLevel } from '../catalog/service.ts';
import { reserveStockLast, returnStock, ShortLine, shortLineError } from '../catalog/stock.ts';
import {
  type CheckoutConfig,
  type CheckoutService,
  checkoutConfigJson,
  configFrom,
} from '../checkout/service.ts';
import type { CouponRow, CouponsService } from '../coupons/service.ts';
import type { DeliveryService } from '../delivery/service.ts';
import type { InvoicesService } from '../invoices/service.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { OfferInForce, OffersService } from '../offers/service.ts';
import { type Gateway, GatewayError } from '../payments/gateway.ts';
import type { PaymentsLedger } from '../payments/ledger.ts';
import type { RefundsService } from '../refunds/service.ts';
import { hasShipment, trackingByOrder } from '../shipping/tracking.ts';
import { addressSnapshotOf } from './address-snapshot.ts';
import { moveCheckouts } from './checkout-status.ts';
import { codConfirmationColumns } from './cod-confirmation-columns.ts';
import { createCodPlacement } from './cod-placement.ts';
import { createCodPrepay } from './cod-prepay.ts';
import { linePriceDto, placedOrderDto, totalAmountDto } from './dto.ts';
import { withGiftLine } from './gift-line.ts';
import { createPlacement, placingTransaction } from './placement.ts';
import { claimQuotedCoupon, quotedColumns } from './quoted.ts';
import { createRecurringPlacement } from './recurring-placement.ts';
import {
  type AddressSnapshot,
  type CheckoutLine,
  checkouts,
  NEW_CHECKOUT_COLUMNS,
  orders,
  paymentEvents,
} from './schema.ts';

type CheckoutRow = typeof checkouts.$inferSelect;

export const PAYMENT_MESSAGES = {
  createFailed: 'Failed to create Razorpay order.',
} as const;

/** The cart priced now: every figure of Price Details (shared priceCart), its lines and coupon. */
export interface Quote extends CartPrice {
  lines: CheckoutLine[];
  coupon: CouponRow | null;
}

// The checkout's hot statements, built once (db/prepared.ts).
const cartRows = preparedStatement('quote_cart_rows', (db) => cartLinesForSale(db));
const ph = <T>(name: string) => sql.placeholder(name) as unknown as T;
/** What holdsSame and the answer need of a checkout awaiting payment. */
type HeldCheckout = Pick<
  CheckoutRow,
  'id' | 'provider' | 'addressId' | 'totalPaise' | 'couponId' | 'lines' | 'providerOrderId'
>;
// The first look at a payment order, before the gateway's: the address (no row when it is not
// the shopper's), the cart's lines and the checkout held, in one statement.
const firstLook = preparedStatement('checkout_first_look', (db) =>
  addressWith(db, {
    cart: cartLinesForSaleJson(sql`${sql.placeholder('userId')}`),
    held: sql<HeldCheckout | null>`(select json_build_object('id', k.id, 'provider', k.provider,
      'addressId', k.address_id, 'totalPaise', k.total_paise, 'couponId', k.coupon_id,
      'lines', k.lines, 'providerOrderId', k.provider_order_id)
      from checkouts k where k.user_id = ${sql.placeholder('userId')} and k.status = 'pending' limit 1)`,
  }),
);
// In a transaction: the lines with the fee and milestones as stored now beside them.
const cartRowsWithConfig = preparedStatement('quote_cart_rows_config', (db) =>
  cartLinesForSale(db, { config: checkoutConfigJson }),
);
const earlierCheckouts = preparedStatement('earlier_checkouts_locked', (db) =>
  db
    .select()
    .from(checkouts)
    .where(
      and(eq(checkouts.userId, ph('userId')), inArray(checkouts.status, checkoutStatusesBefore('cancelled'))),
    )
    .for('update'),
);
const ownCheckout = preparedStatement('own_checkout', (db) =>
  db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.providerOrderId, ph('providerOrderId')), eq(checkouts.userId, ph('userId')))),
);
const ownCheckoutLocked = preparedStatement('own_checkout_locked', (db) =>
  db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.providerOrderId, ph('providerOrderId')), eq(checkouts.userId, ph('userId'))))
    .for('update'),
);
const insertCheckout = preparedInsert(
  'insert_checkout',
  checkouts,
  [...NEW_CHECKOUT_COLUMNS, 'prepaidDiscountPaise'],
  (insert) => insert.returning(),
);

export type OrdersService = ReturnType<typeof createOrdersService>;

export function createOrdersService(
  db: Db,
  deps: {
    catalog: CatalogService;
    checkout: CheckoutService;
    coupons: CouponsService;
    jobs: Pick<JobQueue, 'enqueue'>;
    refunds: Pick<RefundsService, 'requestForPayment' | 'applyWebhook'>;
    gateway: Gateway;
    ledger: PaymentsLedger;
    invoices: Pick<InvoicesService, 'onOrderPlaced'>;
    delivery: Pick<DeliveryService, 'assertServiceable'>;
    /** Automatic offers in force (issue 36), read in the pricing's own transaction. */
    offers: Pick<OffersService, 'inForce'>;
    holdMinutes: number;
    /** Where the short reads before a transaction run (PostgreSQL's shared connection); `db` otherwise. */
    reads?: Db | undefined;
    log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  },
) {
  const reads = deps.reads ?? db;
  // The shopper's order list in one round trip (listForCustomer): items as JSON in item order.
  const customerOrders = db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      totalPaise: orders.totalPaise,
      createdAt: orders.createdAt,
      trackingId: orders.trackingId,
      paymentMode: orders.paymentMode,
      paymentStatus: orders.paymentStatus,
      invoiceNumber: orders.invoiceNumber,
      ...codConfirmationColumns,
      // Written out with aliases: in a one-table select Drizzle leaves columns unqualified, so
      // ${orders.id} inside the subquery would name the subquery's own id (another order's items).
      items: sql<
        {
          productName: string;
          variant: string;
          productNameHi: string | null;
          variantHi: string | null;
          quantity: number;
          pricePaise: number;
        }[]
      >`coalesce((
        select json_agg(json_build_object('productName', oi.product_name, 'variant', oi.variant,
          'productNameHi', oi.product_name_hi, 'variantHi', oi.variant_hi,
          'quantity', oi.quantity, 'pricePaise', oi.price_paise) order by oi.id)
        from order_items oi where oi.order_id = "orders"."id"), '[]'::json)`,
      shipped: hasShipment(sql`"orders"."id"`),
    })
    .from(orders)
    .where(eq(orders.userId, sql.placeholder('userId')))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .prepare('customer_orders');

  const { catalog, coupons, gateway, ledger } = deps;

  /** A product's first image, for the checkout line (display only, never priced). */
  type ImageOf = (productId: number) => Promise<string | null>;
  /** From the catalogue snapshot: read before a transaction starts, never inside one (PGlite). */
  async function imagesFromSnapshot(): Promise<ImageOf> {
    const { byId } = await catalog.snapshot();
    return async (productId) => byId.get(productId)?.image ?? null;
  }

  /**
   * Prices the shopper's cart now from the database's own rows (variants, products, fee and
   * milestones), never from a cache: given a transaction, from what that transaction sees, so the
   * price paid is the price of the stock it holds, whichever instance changed it last. Without
   * one it is a first look (the fee and milestones from their snapshot), priced again in the
   * transaction that takes the stock.
   */
  async function quote(
    userId: number,
    couponCode: string | null | undefined,
    tx?: Tx,
    imageOf?: ImageOf,
  ): Promise<Quote> {
    if (!tx) {
      const [found, config, offersNow] = await Promise.all([
        cartRows(db).execute({ userId }),
        deps.checkout.config(),
        deps.offers.inForce(db),
      ]);
      return priceLines(userId, found, config, couponCode, db, offersNow, imageOf);
    }
    // The cart's lines priced from the catalogue's rows, the fee and milestones beside them, and
    // the offers in force as this transaction sees them (issued together: one round trip).
    const [found, offersNow] = await Promise.all([
      cartRowsWithConfig(tx).execute({ userId }),
      deps.offers.inForce(tx),
    ]);
    const config = found[0] && configFrom(found[0].config);
    return priceLines(userId, found, config, couponCode, tx, offersNow, imageOf);
  }

  /** The quote of cart lines as read (cart/lines.ts) with this fee and milestones. */
  async function priceLines(
    userId: number,
    found: readonly CartLineForSale[],
    config: CheckoutConfig | undefined,
    couponCode: string | null | undefined,
    executor: Db | Tx,
    /** The offers in force, read by the caller with its cart (never a cache). */
    offersNow: readonly OfferInForce[],
    imageOf?: ImageOf,
  ): Promise<Quote> {
    // A line whose product or variant is gone is left out, as an inner join would.
    const rows = found.flatMap((r) =>
      r.item ? [{ ...r.item, cartItemId: r.cartItemId, quantity: r.quantity }] : [],
    );
    if (rows.length === 0 || !config) throw new AppError('invalid', 'Your cart is empty.');
    const productIds = [...new Set(rows.map((r) => r.productId))];
    let firstImage = imageOf;
    if (!firstImage) {
      // One query for every line's image, then looked up per line.
      const fromDb = await firstImages(executor, productIds);
      firstImage = async (id) => fromDb(id);
    }
    const lines: CheckoutLine[] = [];
    for (const row of rows) {
      if (!row.active || row.pricePaise <= 0) {
        throw new AppError('conflict', `${row.productName} is no longer available. Please update your cart.`);
      }
      lines.push({
        productId: row.productId,
        variantId: row.variantId,
        productName: row.productName,
        productNameHi: row.productNameHi ?? '',
        slug: row.slug,
        weight: row.weight,
        weightHi: row.weightHi ?? '',
        image: productImage({
          name: row.productName,
          image: await firstImage(row.productId),
          imageUrl: row.imageUrl,
        }),
        quantity: row.quantity,
        pricePaise: row.pricePaise,
        mrpPaise: row.mrpPaise,
      });
    }
    let coupon: CouponRow | null = null;
    let couponDiscountPaise = 0;
    if (couponCode?.trim()) {
      const applied = await coupons.evaluate(couponCode, cartSubtotalPaise(lines), userId, executor);
      coupon = applied.coupon;
      couponDiscountPaise = applied.discountPaise;
    }
    const price = priceCart({
      lines,
      milestones: config.milestones,
      couponDiscountPaise,
      couponCode: (coupon as CouponRow | null)?.code ?? null,
      platformFeePaise: config.platformFeePaise,
      prepaidDiscount: config.prepaidDiscount,
      codFeePaise: config.cod.feePaise,
      offers: offersNow.map((o) => o.rule),
    });
    return {
      ...price,
      lines: withGiftLine(lines, price, offersNow),
      coupon: price.couponApplied ? coupon : null,
    };
  }

  /**
   * Gives back the stock and coupon use of checkouts that will not be paid (or not yet): expired
   * ones are 'released' (a late payment may still take them again), ones the shopper replaced
   * are 'cancelled' (a payment for them is refunded).
   */
  async function releaseCheckouts(
    tx: Tx,
    rows: CheckoutRow[],
    status: 'released' | 'cancelled' = 'released',
  ): Promise<StockLevel[]> {
    const levels: StockLevel[] = [];
    for (const checkout of rows) {
      if (!checkoutHoldsStock(checkout.status)) continue;
      levels.push(...(await returnStock(tx, checkout.lines)));
      if (checkout.couponId !== null) await coupons.releaseUse(checkout.couponId, tx);
    }
    await moveCheckouts(
      tx,
      rows.map((c) => c.id),
      status,
    );
    return levels;
  }

  /** A checkout's transaction, ending with its stock: a line it could not take answers its 409. */
  async function createHeld<T>(run: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(run);
    } catch (error) {
      if (error instanceof ShortLine) throw await shortLineError(db, error.line);
      throw error;
    }
  }

  /** Whether a pending checkout holds exactly this cart, address, coupon and total. */
  function holdsSame(checkout: HeldCheckout, addressId: number, priced: Quote): boolean {
    const key = (lines: CheckoutLine[]) =>
      lines.map((l) => `${l.variantId}x${l.quantity}@${l.pricePaise}`).join();
    return (
      checkout.provider === gateway.provider &&
      checkout.addressId === addressId &&
      checkout.totalPaise === priced.totalPaise &&
      checkout.couponId === (priced.coupon?.id ?? null) &&
      key(checkout.lines) === key(priced.lines)
    );
  }

  /** The shopper came back to pay the checkout already held: its hold runs from now again. */
  async function extendHold(
    executor: Pick<Db, 'update'>,
    checkout: Pick<CheckoutRow, 'id'>,
    buyerGstin: string | null,
  ): Promise<CheckoutRow | null> {
    const [row] = await executor
      .update(checkouts)
      .set({ expiresAt: new Date(Date.now() + deps.holdMinutes * 60_000), buyerGstin })
      .where(and(eq(checkouts.id, checkout.id), eq(checkouts.status, 'pending')))
      .returning();
    return row ?? null;
  }

  const addressSnapshot = (a: AddressRow): AddressSnapshot => addressSnapshotOf(a);

  const { settlePayment, afterSettlement, readWithLock, insertOrder } = createPlacement({
    coupons,
    ledger,
    invoices: deps.invoices,
    jobs: deps.jobs,
    refunds: deps.refunds,
    stockChanged: (levels) => catalog.stockChanged(levels),
    log: deps.log,
  });

  const recurring = createRecurringPlacement({
    ledger,
    refunds: deps.refunds,
    insertOrder,
    log: deps.log,
  });

  const placeCod = createCodPlacement(db, {
    checkout: deps.checkout,
    coupons,
    quote,
    releaseCheckouts,
    insertOrder,
    addressSnapshot,
    stockChanged: (levels) => catalog.stockChanged(levels),
    assertServiceable: deps.delivery.assertServiceable,
    jobs: deps.jobs,
  });

  const prepay = createCodPrepay(db, {
    checkout: deps.checkout,
    jobs: deps.jobs,
    gateway,
    ledger,
    invoices: deps.invoices,
    refunds: deps.refunds,
    log: deps.log,
  });

  return {
    quote,
    /** A subscription's charge as an order (issue 43), in the subscriptions module's transaction. */
    placeRecurring: recurring.placeRecurring,
    /** After the commit: the stock a subscription's order took. */
    stockChanged: (levels: readonly StockLevel[]) => catalog.stockChanged(levels),
    placeCod: placeCod.place,
    codPrepaidRequired: placeCod.prepaidRequired,
    /** 'Pay now and save ₹X' for a COD order not yet shipped. */
    payNow: {
      create: prepay.create,
      verify: prepay.verify,
      createForOrder: prepay.createForOrder,
      verifyForOrder: prepay.verifyForOrder,
      forOrder: prepay.forOrder,
    },
    codRtoCount: placeCod.rtoCount,

    /**
     * Creates the gateway order for the cart as it is now. The page's amount must equal the
     * server's total (else 409 with the current total); stock and a coupon use are held for
     * CHECKOUT_HOLD_MINUTES under the gateway's order id. One shopper's calls are decided one at
     * a time (a lock on the shopper's row; a partial unique index is the backstop): a repeated
     * call for the same cart (a double-click, a reopened payment window) answers the checkout
     * already holding it, so the cart's stock is held once.
     */
    async createPaymentOrder(
      user: UserDto,
      input: {
        amount: number;
        addressId: number;
        couponCode?: string | null | undefined;
        gstin?: string | null | undefined;
      },
      /** The request's language: the checkout keeps it and the order takes it over. */
      language: Lang = 'en',
      /** Where the shopper came from (the attribution cookie): the order takes it over. */
      attribution: Attribution | null = null,
    ) {
      // The address, cart and held checkout, and the offers in force, issued together.
      const [[look], offersNow] = await Promise.all([
        firstLook(reads).execute({ id: input.addressId, userId: user.id }),
        deps.offers.inForce(reads),
      ]);
      if (!look) throw new AppError('notFound', 'Please select a delivery address.');
      const { address, held } = look;
      const { estimatedDelivery } = await deps.delivery.assertServiceable(address.pincode);
      const totalChanged = (amount: number) =>
        new AppError('conflict', 'Your order total has changed. Please review it and pay again.', undefined, {
          amount,
        });
      const imageOf = await imagesFromSnapshot();
      // A first look: the fee and milestones from their snapshot, priced again in the transaction.
      const config = await deps.checkout.config();
      const priced = await priceLines(user.id, look.cart, config, input.couponCode, db, offersNow, imageOf);
      if (priced.totalPaise !== input.amount) throw totalChanged(priced.totalPaise);
      const answer = (checkout: { totalPaise: number; providerOrderId: string }) => ({
        amount: checkout.totalPaise,
        currency: 'INR' as const,
        orderId: checkout.providerOrderId,
        keyId: gateway.keyId,
        provider: gateway.provider,
      });
      const again =
        held && holdsSame(held, address.id, priced) ? await extendHold(db, held, input.gstin ?? null) : null;
      if (again) return answer(again);

      let providerOrder: { id: string };
      try {
        providerOrder = await gateway.createOrder({
          amountPaise: priced.totalPaise,
          receipt: `u${user.id}-${Date.now()}`,
          notes: { mobile: user.mobile, coupon: priced.coupon?.code ?? '' },
        });
      } catch (error) {
        if (error instanceof GatewayError) {
          deps.log.error({ err: error }, 'payment order creation failed');
          throw new AppError('unavailable', PAYMENT_MESSAGES.createFailed);
        }
        throw error;
      }
      // Nothing inside the transaction reads through the in-memory catalogue (the embedded
      // database has one connection: a snapshot reload there would wait on this transaction).
      const result = await createHeld(async (tx) => {
        // The shopper's lock, then (issued together, run in this order: decision 0027) the cart
        // priced again from what this transaction sees, so the amount paid is that of the stock
        // held, and the shopper's earlier checkouts.
        const [, current, earlier] = await Promise.all([
          lockUser(tx, user.id),
          quote(user.id, input.couponCode, tx, imageOf),
          earlierCheckouts(tx).execute({ userId: user.id }),
        ]);
        if (current.totalPaise !== priced.totalPaise) throw totalChanged(current.totalPaise);
        // A shopper has one checkout awaiting payment at a time. The same cart already held (a
        // simultaneous call won the lock) is answered again; the gateway order just made stays
        // unpaid. Otherwise an earlier one (a dismissed payment window) gives back its stock and
        // coupon before this one takes them, and is cancelled with any lapsed one, so a payment
        // arriving for them later is refunded.
        const twin = earlier.find((c) => c.status === 'pending' && holdsSame(c, address.id, current));
        if (twin)
          return { checkout: (await extendHold(tx, twin, input.gstin ?? null)) ?? twin, levels: null };
        const released = await releaseCheckouts(tx, earlier, 'cancelled');
        // Before the checkout exists: the shopper's pending checkouts count as uses of the coupon.
        await claimQuotedCoupon(coupons, current, user.id, tx);
        // The checkout, then its stock, last: the rows every shopper of a popular item waits for
        // are held only until the commit, which goes with the last of them (decision 0027).
        const [[checkout], taken] = await Promise.all([
          insertCheckout(tx).execute({
            providerOrderId: providerOrder.id,
            provider: gateway.provider,
            userId: user.id,
            addressId: address.id,
            address: addressSnapshot(address),
            lines: current.lines,
            ...quotedColumns(current),
            prepaidDiscountPaise: current.prepaidDiscountPaise,
            totalPaise: current.totalPaise,
            language,
            buyerGstin: input.gstin ?? null,
            estimatedDelivery,
            attribution,
            expiresAt: new Date(Date.now() + deps.holdMinutes * 60_000),
          }),
          reserveStockLast(tx, current.lines),
        ]);
        // The levels in statement order (a variant given back and taken again: the last).
        return { checkout: checkout!, levels: [...released, ...taken] };
      });
      if (result.levels) catalog.stockChanged(result.levels);
      return answer(result.checkout);
    },

    /** The simulated gateway's 'Pay' for the shopper's own pending checkout. */
    async simulatePayment(user: UserDto, providerOrderId: string) {
      if (!gateway.simulatePayment) throw new AppError('notFound', 'Not found');
      const [checkout] = await ownCheckout(reads).execute({ providerOrderId, userId: user.id });
      if (!checkout && !(await prepay.ownedBy(user.id, providerOrderId)))
        throw new AppError('notFound', 'Payment order not found.');
      return gateway.simulatePayment(providerOrderId);
    },

    /**
     * Places the order for a payment the browser reports. The signature is checked against the
     * order id the server stored; replaying the same payment returns the same order number. A
     * payment that cannot become an order is recorded for refund and answered 409 saying so.
     */
    async place(
      user: UserDto,
      payment: { razorpayOrderId: string; razorpayPaymentId: string; razorpaySignature: string },
    ) {
      const settled = await placingTransaction(db, async (tx) => {
        // The checkout locked, then the payment's entry in the ledger read under that lock, an id
        // for the order and its invoice's basis (issued together, run in this order: decision 0027).
        const [[checkout], known] = await Promise.all([
          ownCheckoutLocked(tx).execute({ providerOrderId: payment.razorpayOrderId, userId: user.id }),
          readWithLock(tx, payment.razorpayPaymentId, payment.razorpayOrderId),
        ]);
        if (!checkout) throw new AppError('notFound', 'Payment order not found.');
        if (
          !gateway.verifyPayment(
            checkout.providerOrderId,
            payment.razorpayPaymentId,
            payment.razorpaySignature,
          )
        ) {
          throw new AppError('invalid', 'Payment verification failed.');
        }
        return settlePayment(
          tx,
          checkout,
          {
            id: payment.razorpayPaymentId,
            signature: payment.razorpaySignature,
            source: 'verify',
            captured: null,
          },
          user,
          known,
        );
      });
      await afterSettlement(settled);
      if (settled.kind === 'refund') {
        throw new AppError('conflict', refundNotice(settled.reason, settled.amountPaise), undefined, {
          refund: 'pending',
        });
      }
      return placedOrderDto(settled.order);
    },

    /**
     * Razorpay webhook: verified over the raw body, each event handled once. A captured payment
     * whose browser never came back still becomes an order, or is recorded for refund; either
     * way it is answered 200 so the gateway stops retrying. A failed attempt is recorded too.
     */
    async handleWebhook(rawBody: string, signature: string, eventId: string | undefined) {
      if (!gateway.verifyWebhook(rawBody, signature))
        throw new AppError('invalid', 'Invalid webhook signature.');
      const event = parseWebhookEvent(rawBody) as {
        event?: string;
        payload?: {
          payment?: {
            entity?: {
              id?: string;
              order_id?: string;
              amount?: number;
              currency?: string;
              error_description?: string | null;
            };
          };
          order?: { entity?: { id?: string } };
          refund?: { entity?: { id?: string; receipt?: string | null; notes?: { refund_id?: string } } };
        };
      };
      const id =
        eventId ??
        `${event.event}:${event.payload?.refund?.entity?.id ?? event.payload?.payment?.entity?.id}`;
      const type = event.event ?? 'unknown';
      const paymentEntity = event.payload?.payment?.entity;
      const providerOrderId = paymentEntity?.order_id ?? event.payload?.order?.entity?.id;
      const amountPaise = Number.isSafeInteger(paymentEntity?.amount) ? paymentEntity!.amount! : null;
      const result = await placingTransaction(db, async (tx) => {
        const fresh = await tx
          .insert(paymentEvents)
          .values({ id, type })
          .onConflictDoNothing()
          .returning({ id: paymentEvents.id });
        if (fresh.length === 0) return { status: 'duplicate' as const };
        if (type === 'refund.processed' || type === 'refund.failed') {
          const applied = await deps.refunds.applyWebhook(tx, type, event.payload?.refund?.entity ?? {});
          return { status: applied === 'applied' ? ('refund' as const) : ('ignored' as const) };
        }
        const known = ['payment.captured', 'order.paid', 'payment.failed'].includes(type);
        if (!known || !providerOrderId || !paymentEntity?.id) return { status: 'ignored' as const };
        const [checkout] = await tx
          .select()
          .from(checkouts)
          .where(eq(checkouts.providerOrderId, providerOrderId))
          .for('update');
        if (!checkout) {
          // Not a checkout: perhaps a COD order being paid online ('Pay now'), settled the same way.
          const pre = await prepay.lockByProviderOrder(tx, providerOrderId);
          if (!pre) return { status: 'ignored' as const };
          if (type === 'payment.failed') {
            await ledger.recordFailed(tx, {
              paymentId: paymentEntity.id,
              providerOrderId,
              checkoutId: null,
              amountPaise: amountPaise ?? pre.totalPaise,
              reason: paymentEntity.error_description ?? 'Payment failed at the gateway',
            });
            return { status: 'failed' as const };
          }
          const prepaid = await prepay.settle(tx, pre, {
            id: paymentEntity.id,
            signature: `webhook:${id}`,
            source: 'webhook',
            captured:
              amountPaise === null ? null : { amountPaise, currency: paymentEntity.currency ?? 'INR' },
          });
          return { status: 'prepaid' as const, prepaid };
        }
        if (type === 'payment.failed') {
          // Recorded for the owner unless this payment id already has a fate (a later capture wins).
          await ledger.recordFailed(tx, {
            paymentId: paymentEntity.id,
            providerOrderId,
            checkoutId: checkout.id,
            amountPaise: amountPaise ?? checkout.totalPaise,
            reason: paymentEntity.error_description ?? 'Payment failed at the gateway',
          });
          return { status: 'failed' as const };
        }
        const settled = await settlePayment(tx, checkout, {
          id: paymentEntity.id,
          signature: `webhook:${id}`,
          source: 'webhook',
          captured: amountPaise === null ? null : { amountPaise, currency: paymentEntity.currency ?? 'INR' },
        });
        return { status: 'settled' as const, checkout, settled };
      });
      if (result.status === 'prepaid') {
        const { prepaid } = result;
        if (prepaid.kind === 'refund') return { status: 'refund_pending' };
        return { status: prepaid.created ? 'placed' : 'already-placed' };
      }
      if (result.status !== 'settled') return { status: result.status };
      await afterSettlement(result.settled);
      const { settled } = result;
      if (settled.kind === 'refund') return { status: 'refund_pending' };
      return { status: settled.created ? 'placed' : 'already-placed' };
    },

    /** Returns the stock and coupon use of unpaid checkouts older than the hold. */
    async releaseExpired(now = new Date()): Promise<number> {
      const released = await db.transaction(async (tx) => {
        const due = await tx
          .select()
          .from(checkouts)
          .where(and(eq(checkouts.status, 'pending'), lt(checkouts.expiresAt, now)))
          .limit(200)
          .for('update', { skipLocked: true });
        return { count: due.length, levels: await releaseCheckouts(tx, due) };
      });
      if (released.count > 0) catalog.stockChanged(released.levels);
      return released.count;
    },

    /**
     * The shopper's orders, newest first, in the spec's list shape. One prepared query brings the
     * orders with their items (and whether any has a shipment); shipment tracking is read only
     * for orders that have one (bench/README.md, signed-in reads).
     */
    async listForCustomer(userId: number): Promise<OrderSummaryDto[]> {
      const rows = await customerOrders.execute({ userId });
      if (rows.length === 0) return [];
      const shipped = rows.filter((o) => o.shipped).map((o) => o.id);
      const tracking = shipped.length > 0 ? await trackingByOrder(db, shipped) : new Map();
      return rows.map((o) => ({
        orderNumber: o.orderNumber,
        orderStatus: o.status,
        items: o.items.map((i) => ({
          productName: i.productName,
          variant: i.variant,
          productNameHi: i.productNameHi,
          variantHi: i.variantHi,
          quantity: i.quantity,
          price: linePriceDto(i),
        })),
        totalAmount: totalAmountDto(o),
        createdAt: o.createdAt.toISOString(),
        trackingId: o.trackingId,
        tracking: tracking.get(o.id) ?? null,
        paymentMode: o.paymentMode,
        paymentStatus: o.paymentStatus,
        invoiceNumber: o.invoiceNumber,
        codConfirmation: o.codConfirmation,
        confirmBy: o.confirmBy,
      }));
    },
  };
}

/** A signed body is still the sender's text: anything but a JSON object is a 400, not a crash. */
function parseWebhookEvent(rawBody: string): object {
  let event: unknown;
  try {
    event = JSON.parse(rawBody);
  } catch {
    throw new AppError('invalid', 'The webhook body is not JSON.');
  }
  if (typeof event !== 'object' || event === null || Array.isArray(event))
    throw new AppError('invalid', 'The webhook body is not a JSON object.');
  return event;
}
