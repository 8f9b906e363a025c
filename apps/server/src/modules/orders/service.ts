// Checkout, payment and orders: where money moves. Owns checkouts, orders, order items, coupon
// redemptions and payment events. The server prices everything from the catalogue; the browser's
// amount is only compared. Several rows change together, always inside one transaction:
// reserving stock and a coupon use when a payment order is created, consuming them when the
// order is placed, returning them when an unpaid checkout expires.
import { randomInt } from 'node:crypto';
import type { UserDto } from '@spice/shared/contracts/accounts';
import type { OrderSummaryDto } from '@spice/shared/contracts/commerce';
import { productImage } from '@spice/shared/images';
import { formatRupees, rupeesToPaise, toRupees } from '@spice/shared/money';
import { orderTotal, shippingCharge } from '@spice/shared/pricing';
import { withCountryCode } from '@spice/shared/validators';
import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import { addresses, users } from '../accounts/schema.ts';
import { toUserDto } from '../accounts/service.ts';
import { cartItems } from '../cart/schema.ts';
import { productVariants } from '../catalog/schema.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { CheckoutService } from '../checkout/service.ts';
import type { CouponRow, CouponsService } from '../coupons/service.ts';
import type { Messenger } from '../messaging/service.ts';
import { type Gateway, GatewayError } from '../payments/gateway.ts';
import {
  type AddressSnapshot,
  type CheckoutLine,
  checkouts,
  couponRedemptions,
  orderItems,
  orders,
  paymentEvents,
} from './schema.ts';

type CheckoutRow = typeof checkouts.$inferSelect;

export const PAYMENT_MESSAGES = {
  createFailed: 'Failed to create Razorpay order.',
  saveFailed: 'Payment succeeded but order saving failed.',
  completeFailed: 'Payment succeeded but order failed to complete.',
} as const;

export interface Quote {
  lines: CheckoutLine[];
  mrpTotalPaise: number;
  subtotalPaise: number;
  coupon: CouponRow | null;
  couponDiscountPaise: number;
  deliveryPaise: number;
  platformFeePaise: number;
  totalPaise: number;
}

export type OrdersService = ReturnType<typeof createOrdersService>;

export function createOrdersService(
  db: Db,
  deps: {
    catalog: CatalogService;
    checkout: CheckoutService;
    coupons: CouponsService;
    messenger: Messenger;
    gateway: Gateway;
    holdMinutes: number;
    log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  },
) {
  const { catalog, coupons, gateway } = deps;

  /** Prices the shopper's cart now, from the catalogue and the server's settings. */
  async function quote(
    userId: number,
    couponCode: string | null | undefined,
    executor: Pick<Db, 'select'> = db,
  ): Promise<Quote> {
    const rows = await executor
      .select()
      .from(cartItems)
      .where(eq(cartItems.userId, userId))
      .orderBy(asc(cartItems.id));
    if (rows.length === 0) throw new AppError('invalid', 'Your cart is empty.');
    const snap = await catalog.snapshot();
    const lines: CheckoutLine[] = rows.map((row) => {
      const product = snap.byId.get(row.productId);
      const variant = product?.variants.find((v) => v.id === row.variantId);
      if (!product?.active || !variant || variant.price <= 0) {
        throw new AppError(
          'conflict',
          `${product?.name ?? 'A product'} is no longer available. Please update your cart.`,
        );
      }
      return {
        productId: product.id,
        variantId: variant.id,
        productName: product.name,
        slug: product.slug,
        weight: variant.weight,
        image: productImage(product),
        quantity: row.quantity,
        pricePaise: rupeesToPaise(variant.price),
        mrpPaise: rupeesToPaise(variant.mrp),
      };
    });
    const subtotalPaise = lines.reduce((sum, l) => sum + l.pricePaise * l.quantity, 0);
    const mrpTotalPaise = lines.reduce((sum, l) => sum + Math.max(l.mrpPaise, l.pricePaise) * l.quantity, 0);
    const config = await deps.checkout.config();
    const deliveryPaise = shippingCharge(
      config.milestones.map((m) => ({
        minCartValue: m.minCartValuePaise,
        shippingCharge: m.shippingChargePaise,
      })),
      subtotalPaise,
    );
    let coupon: CouponRow | null = null;
    let couponDiscountPaise = 0;
    if (couponCode?.trim()) {
      const applied = await coupons.evaluate(couponCode, subtotalPaise, userId, executor);
      coupon = applied.coupon;
      couponDiscountPaise = applied.discountPaise;
    }
    const platformFeePaise = config.platformFeePaise;
    return {
      lines,
      mrpTotalPaise,
      subtotalPaise,
      coupon,
      couponDiscountPaise,
      deliveryPaise,
      platformFeePaise,
      totalPaise: orderTotal({
        subtotal: subtotalPaise,
        couponDiscount: couponDiscountPaise,
        deliveryCharge: deliveryPaise,
        platformFee: platformFeePaise,
      }),
    };
  }

  /** Takes stock for every line, or throws (and the transaction rolls back) if any is short. */
  async function reserveStock(tx: Tx, lines: CheckoutLine[]) {
    for (const line of lines) {
      const taken = await tx
        .update(productVariants)
        .set({ stock: sql`${productVariants.stock} - ${line.quantity}` })
        .where(and(eq(productVariants.id, line.variantId), sql`${productVariants.stock} >= ${line.quantity}`))
        .returning({ stock: productVariants.stock });
      if (taken.length === 0) {
        const [current] = await tx
          .select({ stock: productVariants.stock })
          .from(productVariants)
          .where(eq(productVariants.id, line.variantId));
        const left = current?.stock ?? 0;
        throw new AppError(
          'conflict',
          left > 0
            ? `Only ${left} left of ${line.productName} ${line.weight}. Please update your cart.`
            : `${line.productName} ${line.weight} is out of stock. Please update your cart.`,
        );
      }
    }
  }

  /** Gives back the stock and coupon use of checkouts that will not be paid (or not yet). */
  async function releaseCheckouts(tx: Tx, rows: CheckoutRow[]) {
    for (const checkout of rows) {
      await returnStock(tx, checkout.lines);
      if (checkout.couponId !== null) await coupons.releaseUse(checkout.couponId, tx);
    }
    if (rows.length > 0) {
      await tx
        .update(checkouts)
        .set({ status: 'released' })
        .where(
          inArray(
            checkouts.id,
            rows.map((c) => c.id),
          ),
        );
    }
  }

  function addressSnapshot(a: typeof addresses.$inferSelect): AddressSnapshot {
    const parts = [
      a.addressLine,
      a.landmark ? `Near ${a.landmark}` : null,
      a.locality,
      a.city,
      a.state,
      a.pincode,
    ];
    return {
      name: a.name,
      phone: a.phone,
      type: a.addressType,
      fullAddress: parts.filter(Boolean).join(', '),
      pincode: a.pincode,
    };
  }

  function newOrderNumber(now: Date): string {
    const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
    const date = now.toISOString().slice(2, 10).replaceAll('-', '');
    let tail = '';
    for (let i = 0; i < 6; i++) tail += alphabet[randomInt(alphabet.length)];
    return `KC${date}-${tail}`;
  }

  /**
   * Turns a paid checkout into an order, once. Called with the checkout locked. A checkout that
   * expired before the payment arrived takes its stock and coupon again if it still can.
   */
  async function placeFromCheckout(
    tx: Tx,
    checkout: CheckoutRow,
    paymentId: string,
    signature: string,
    user: UserDto,
  ) {
    if (checkout.status === 'paid') {
      const [existing] = await tx.select().from(orders).where(eq(orders.checkoutId, checkout.id));
      if (existing) return { order: existing, created: false };
    }
    if (checkout.status === 'released') {
      try {
        await reserveStock(tx, checkout.lines);
      } catch {
        throw new AppError('conflict', PAYMENT_MESSAGES.completeFailed);
      }
      if (checkout.couponId !== null && !(await coupons.claimUse(checkout.couponId, tx))) {
        throw new AppError('conflict', PAYMENT_MESSAGES.completeFailed);
      }
    }
    const now = new Date();
    const [order] = await tx
      .insert(orders)
      .values({
        orderNumber: newOrderNumber(now),
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
        totalPaise: checkout.totalPaise,
        providerOrderId: checkout.providerOrderId,
        providerPaymentId: paymentId,
        providerSignature: signature,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx.insert(orderItems).values(
      checkout.lines.map((l) => ({
        orderId: order!.id,
        productId: l.productId,
        variantId: l.variantId,
        productName: l.productName,
        variant: l.weight,
        quantity: l.quantity,
        pricePaise: l.pricePaise,
        mrpPaise: l.mrpPaise,
      })),
    );
    if (checkout.couponId !== null) {
      await tx
        .insert(couponRedemptions)
        .values({ couponId: checkout.couponId, userId: checkout.userId, orderId: order!.id });
    }
    await tx.update(checkouts).set({ status: 'paid' }).where(eq(checkouts.id, checkout.id));
    await tx.delete(cartItems).where(eq(cartItems.userId, checkout.userId));
    return { order: order!, created: true };
  }

  async function confirm(order: typeof orders.$inferSelect, lines: CheckoutLine[]) {
    const itemsText = lines
      .map(
        (l) => `- ${l.productName} ${l.weight} × ${l.quantity}: ${formatRupees(l.pricePaise * l.quantity)}`,
      )
      .join('\n');
    try {
      await deps.messenger.send({
        channel: 'email',
        to: order.userEmail,
        subject: `Your Kesar Chakki order ${order.orderNumber} is confirmed`,
        text: `Namaste ${order.userName},\n\nThank you for your order ${order.orderNumber}.\n\n${itemsText}\n\nTotal paid: ${formatRupees(order.totalPaise)}\nDelivering to: ${order.address.name}, ${order.address.fullAddress}\n\nWe pack within 1–2 business days and deliver within 5–15 business days.`,
      });
    } catch (error) {
      deps.log.warn({ err: error, orderNumber: order.orderNumber }, 'order confirmation e-mail not sent');
    }
  }

  async function loadUser(tx: Tx, userId: number): Promise<UserDto> {
    const [u] = await tx.select().from(users).where(eq(users.id, userId));
    return toUserDto(u!);
  }

  return {
    quote,

    /**
     * Creates the gateway order for the cart as it is now. The page's amount must equal the
     * server's total (else 409 with the current total); stock and a coupon use are held for
     * CHECKOUT_HOLD_MINUTES under the gateway's order id.
     */
    async createPaymentOrder(
      user: UserDto,
      input: { amount: number; addressId: number; couponCode?: string | null | undefined },
    ) {
      const [address] = await db
        .select()
        .from(addresses)
        .where(and(eq(addresses.id, input.addressId), eq(addresses.userId, user.id)));
      if (!address) throw new AppError('notFound', 'Please select a delivery address.');
      const priced = await quote(user.id, input.couponCode);
      if (priced.totalPaise !== input.amount) {
        throw new AppError(
          'conflict',
          'Your order total has changed. Please review it and pay again.',
          undefined,
          {
            amount: priced.totalPaise,
          },
        );
      }
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
      await db.transaction(async (tx) => {
        // A shopper has one checkout awaiting payment at a time: an earlier one (a dismissed
        // payment window) gives back its stock and coupon before this one takes them.
        const earlier = await tx
          .select()
          .from(checkouts)
          .where(and(eq(checkouts.userId, user.id), eq(checkouts.status, 'pending')))
          .for('update');
        await releaseCheckouts(tx, earlier);
        await reserveStock(tx, priced.lines);
        if (priced.coupon) {
          // Per-shopper limits are read again under the transaction; the total limit is claimed atomically.
          await coupons.evaluate(priced.coupon.code, priced.subtotalPaise, user.id, tx, {
            countPending: true,
          });
          if (!(await coupons.claimUse(priced.coupon.id, tx))) {
            throw new AppError('invalid', 'This coupon has reached its usage limit.');
          }
        }
        await tx.insert(checkouts).values({
          providerOrderId: providerOrder.id,
          provider: gateway.provider,
          userId: user.id,
          addressId: address.id,
          address: addressSnapshot(address),
          lines: priced.lines,
          couponId: priced.coupon?.id ?? null,
          couponCode: priced.coupon?.code ?? null,
          mrpTotalPaise: priced.mrpTotalPaise,
          subtotalPaise: priced.subtotalPaise,
          couponDiscountPaise: priced.couponDiscountPaise,
          deliveryPaise: priced.deliveryPaise,
          platformFeePaise: priced.platformFeePaise,
          totalPaise: priced.totalPaise,
          expiresAt: new Date(Date.now() + deps.holdMinutes * 60_000),
        });
      });
      catalog.invalidate();
      return {
        amount: priced.totalPaise,
        currency: 'INR' as const,
        orderId: providerOrder.id,
        keyId: gateway.keyId,
        provider: gateway.provider,
      };
    },

    /** The simulated gateway's 'Pay' for the shopper's own pending checkout. */
    async simulatePayment(user: UserDto, providerOrderId: string) {
      if (!gateway.simulatePayment) throw new AppError('notFound', 'Not found');
      const [checkout] = await db
        .select()
        .from(checkouts)
        .where(and(eq(checkouts.providerOrderId, providerOrderId), eq(checkouts.userId, user.id)));
      if (!checkout) throw new AppError('notFound', 'Payment order not found.');
      return gateway.simulatePayment(providerOrderId);
    },

    /**
     * Places the order for a payment the browser reports. The signature is checked against the
     * order id the server stored; replaying the same payment returns the same order number.
     */
    async place(
      user: UserDto,
      payment: { razorpayOrderId: string; razorpayPaymentId: string; razorpaySignature: string },
    ) {
      const [found] = await db
        .select({ id: checkouts.id })
        .from(checkouts)
        .where(and(eq(checkouts.providerOrderId, payment.razorpayOrderId), eq(checkouts.userId, user.id)));
      if (!found) throw new AppError('notFound', 'Payment order not found.');
      const result = await db.transaction(async (tx) => {
        const [checkout] = await tx.select().from(checkouts).where(eq(checkouts.id, found.id)).for('update');
        if (
          !gateway.verifyPayment(
            checkout!.providerOrderId,
            payment.razorpayPaymentId,
            payment.razorpaySignature,
          )
        ) {
          throw new AppError('invalid', 'Payment verification failed.');
        }
        return {
          ...(await placeFromCheckout(
            tx,
            checkout!,
            payment.razorpayPaymentId,
            payment.razorpaySignature,
            user,
          )),
          lines: checkout!.lines,
        };
      });
      if (result.created) await confirm(result.order, result.lines);
      return { orderNumber: result.order.orderNumber, totalAmount: toRupees(result.order.totalPaise) };
    },

    /**
     * Razorpay webhook: verified over the raw body, each event handled once. A captured payment
     * whose browser never came back still becomes an order.
     */
    async handleWebhook(rawBody: string, signature: string, eventId: string | undefined) {
      if (!gateway.verifyWebhook(rawBody, signature))
        throw new AppError('invalid', 'Invalid webhook signature.');
      const event = parseWebhookEvent(rawBody) as {
        event?: string;
        payload?: {
          payment?: { entity?: { id?: string; order_id?: string } };
          order?: { entity?: { id?: string } };
        };
      };
      const id = eventId ?? `${event.event}:${event.payload?.payment?.entity?.id}`;
      const type = event.event ?? 'unknown';
      const paymentEntity = event.payload?.payment?.entity;
      const providerOrderId = paymentEntity?.order_id ?? event.payload?.order?.entity?.id;
      const result = await db.transaction(async (tx) => {
        const fresh = await tx
          .insert(paymentEvents)
          .values({ id, type })
          .onConflictDoNothing()
          .returning({ id: paymentEvents.id });
        if (fresh.length === 0) return { status: 'duplicate' as const };
        if (!['payment.captured', 'order.paid'].includes(type) || !providerOrderId || !paymentEntity?.id) {
          return { status: 'ignored' as const };
        }
        const [checkout] = await tx
          .select()
          .from(checkouts)
          .where(eq(checkouts.providerOrderId, providerOrderId))
          .for('update');
        if (!checkout) return { status: 'ignored' as const };
        const user = await loadUser(tx, checkout.userId);
        const placed = await placeFromCheckout(tx, checkout, paymentEntity.id, `webhook:${id}`, user);
        return {
          status: placed.created ? ('placed' as const) : ('already-placed' as const),
          order: placed.order,
          lines: checkout.lines,
        };
      });
      if (result.status === 'placed' && 'order' in result && result.order)
        await confirm(result.order, result.lines!);
      return { status: result.status };
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
        await releaseCheckouts(tx, due);
        return due.length;
      });
      if (released > 0) catalog.invalidate();
      return released;
    },

    /** The shopper's orders, newest first, in the spec's list shape. */
    async listForCustomer(userId: number): Promise<OrderSummaryDto[]> {
      const rows = await db
        .select()
        .from(orders)
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.createdAt), desc(orders.id));
      if (rows.length === 0) return [];
      const items = await db
        .select()
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            rows.map((o) => o.id),
          ),
        )
        .orderBy(asc(orderItems.id));
      return rows.map((o) => ({
        orderNumber: o.orderNumber,
        orderStatus: o.status,
        items: items
          .filter((i) => i.orderId === o.id)
          .map((i) => ({
            productName: i.productName,
            variant: i.variant,
            quantity: i.quantity,
            price: toRupees(i.pricePaise),
          })),
        totalAmount: toRupees(o.totalPaise),
        createdAt: o.createdAt.toISOString(),
        trackingId: o.trackingId,
      }));
    },
  };
}

/**
 * Puts units back on the shelf: released checkout holds and cancelled orders. One relative
 * UPDATE per variant, so it composes with checkouts holding stock at the same moment.
 */
export async function returnStock(tx: Tx, lines: readonly { variantId: number; quantity: number }[]) {
  for (const line of lines) {
    await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} + ${line.quantity}` })
      .where(eq(productVariants.id, line.variantId));
  }
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
