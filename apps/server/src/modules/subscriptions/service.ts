// Subscribe and save (issue 43): owns the subscription plans, subscriptions, their cycles and the
// subscription.* webhook events applied. A subscription's status moves only as the transition
// table in packages/shared/src/subscriptions.ts allows, by conditional UPDATEs. Each charge the
// gateway reports becomes at most one order (through the orders module's placement, recorded in
// the payments ledger), or a refund when the item is out of stock. Calls to the gateway that
// follow a shopper's change (pause, resume, cancel, update) go on the durable job queue, committed
// with the change; messages to the shopper likewise.
import { randomBytes } from 'node:crypto';
import type { UserDto } from '@spice/shared/contracts/accounts';
import type {
  AdminSubscriptionDto,
  AdminSubscriptionMetricsDto,
  AdminSubscriptionsQueryInput,
  NewSubscriptionInput,
  SubscriptionChangeInput,
  SubscriptionDto,
  SubscriptionPlansDto,
} from '@spice/shared/contracts/subscriptions';
import type { Lang } from '@spice/shared/lang';
import { toRupees } from '@spice/shared/money';
import {
  addCycles,
  CHARGEABLE_STATUSES,
  chargeSchedule,
  chargeScheduleHi,
  churnPercent,
  deliveryAmountPaise,
  exceedsCap,
  istDayOfMonth,
  LIVE_STATUSES,
  monthlyRecurringPaise,
  priceInForce,
  SHOPPER_ACTIONS,
  SUBSCRIPTION_FREQUENCIES,
  SUBSCRIPTION_MESSAGES,
  type SubscriptionStatus,
  subscriptionStatusesBefore,
  subscriptionUnitPaise,
} from '@spice/shared/subscriptions';
import { and, count, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { pageOf, pageRows } from '../../lib/pagination.ts';
import { AppError } from '../../plugins/errors.ts';
import { addressOf, userById, userFullNameById, userMobileById } from '../accounts/directory.ts';
import type { AuditService } from '../admin/audit.ts';
import { type VariantForSale, variantForSale } from '../catalog/line-facts.ts';
import type { StockLevel } from '../catalog/service.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { Messenger } from '../messaging/service.ts';
import { addressSnapshotOf } from '../orders/address-snapshot.ts';
import { placingTransaction } from '../orders/placement.ts';
import type { OrdersService } from '../orders/service.ts';
import { type Gateway, hmacHex } from '../payments/gateway.ts';
import type { PaymentsLedger } from '../payments/ledger.ts';
import type { RefundsService } from '../refunds/service.ts';
import type { SubscriptionGateway } from './gateway.ts';
import { type SubscriptionMessageEvent, subscriptionMessage } from './messages.ts';
import { subscriptions } from './schema.ts';
import {
  adminRows,
  type CycleRow,
  chargeCycleNumber,
  claimEvent,
  cycleByPayment,
  cyclesOf,
  dueWithoutCharge,
  findByGatewayId,
  insertSubscription,
  lockByGatewayId,
  lockById,
  lockOwn,
  moveStatus,
  nextCycleNumber,
  ownSubscriptions,
  planFor,
  plansOfProduct,
  recordCycle,
  rememberGatewayPlan,
  type SubscriptionRow,
  updateSubscription,
  variantFacts,
  withProduct,
} from './statements.ts';

export const SUBSCRIPTION_GATEWAY_JOB = 'subscription-gateway';
export const SUBSCRIPTION_MESSAGE_JOB = 'subscription-message';
/** How many cycles a mandate is made for (Razorpay's total_count): five years of deliveries. */
const MANDATE_MONTHS = 60;

/** A successful charge makes these ACTIVE (a paused one is refunded instead, never resumed by it). */
const CHARGE_ACTIVATES = subscriptionStatusesBefore('ACTIVE').filter((s) => s !== 'PAUSED');

type GatewayAction = 'pause' | 'resume' | 'cancel' | 'update';

type ProductFacts = VariantForSale | null;

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;

export function createSubscriptionsService(
  db: Db,
  deps: {
    gateway: SubscriptionGateway;
    /** The payments gateway: its webhook signature check (the same endpoint and secret). */
    payments: Pick<Gateway, 'verifyWebhook' | 'keyId'>;
    /** Demo mode's simulated gateway signs its webhooks with this (payments' simulated secret). */
    simulatedSecret: () => string;
    orders: Pick<OrdersService, 'placeRecurring' | 'stockChanged'>;
    ledger: PaymentsLedger;
    refunds: Pick<RefundsService, 'requestForPayment'>;
    jobs: Pick<JobQueue, 'enqueue'>;
    audit: AuditService;
    messenger: Pick<Messenger, 'send'>;
    assertServiceable: (pincode: string) => Promise<unknown>;
    publicUrl: string;
    log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
    now?: () => Date;
  },
) {
  const now = deps.now ?? (() => new Date());
  const { gateway } = deps;

  const amountOf = (s: Pick<SubscriptionRow, 'unitPaise' | 'quantity'>) =>
    deliveryAmountPaise(s.unitPaise, s.quantity);

  function dto(sub: SubscriptionRow, product: ProductFacts, cycles: CycleRow[]): SubscriptionDto {
    const amount = amountOf(sub);
    return {
      id: sub.id,
      status: sub.status,
      gatewaySubscriptionId: sub.gatewaySubscriptionId,
      provider: sub.provider,
      keyId: sub.provider === 'simulated' ? 'rzp_test_simulated' : gateway.keyId,
      shortUrl: sub.shortUrl,
      productId: sub.productId,
      productName: product?.productName ?? '',
      productNameHi: product?.productNameHi ?? '',
      slug: product?.slug ?? '',
      image: product?.imageUrl ?? null,
      variantId: sub.variantId,
      weight: product?.weight ?? '',
      weightHi: product?.weightHi ?? '',
      quantity: sub.quantity,
      frequency: sub.frequency,
      discountPercent: sub.discountPercent,
      unitPrice: toRupees(sub.unitPaise),
      amount: toRupees(amount),
      chargeDay: sub.chargeDay,
      nextChargeAt: sub.nextChargeAt?.toISOString() ?? null,
      schedule: chargeSchedule(amount, sub.frequency, sub.chargeDay),
      scheduleHi: chargeScheduleHi(amount, sub.frequency, sub.chargeDay),
      skipNext: sub.skipNext,
      pausedCycles: sub.pausedCycles,
      paymentFailed: sub.paymentFailed,
      addressId: sub.addressId,
      address: { name: sub.address.name, fullAddress: sub.address.fullAddress, pincode: sub.address.pincode },
      cancelReason: sub.cancelReason,
      cancelledAt: sub.cancelledAt?.toISOString() ?? null,
      createdAt: sub.createdAt.toISOString(),
      cycles: cycles
        .filter((c) => c.subscriptionId === sub.id)
        .map((c) => ({
          number: c.number,
          dueAt: c.dueAt.toISOString(),
          status: c.status,
          amount: toRupees(c.amountPaise),
          paymentId: c.paymentId,
          orderNumber: c.orderNumber,
          reason: c.reason,
        })),
    };
  }

  async function one(executor: Db | Tx, id: number): Promise<SubscriptionDto> {
    const [row] = await withProduct(executor).where(eq(subscriptions.id, id));
    return dto(row!.sub, row!.product, await cyclesOf(executor, [id]));
  }

  const gatewayJob = (
    tx: Tx,
    sub: SubscriptionRow,
    action: GatewayAction,
    extra: Record<string, unknown> = {},
  ) =>
    deps.jobs.enqueue(tx, {
      name: SUBSCRIPTION_GATEWAY_JOB,
      payload: { action, gatewaySubscriptionId: sub.gatewaySubscriptionId, ...extra },
      key: `${SUBSCRIPTION_GATEWAY_JOB}:${sub.gatewaySubscriptionId}:${action}:${Date.now()}:${randomBytes(3).toString('hex')}`,
    });

  const message = (
    tx: Tx,
    sub: Pick<SubscriptionRow, 'id'>,
    event: SubscriptionMessageEvent,
    tag: string | number = '',
  ) =>
    deps.jobs.enqueue(tx, {
      name: SUBSCRIPTION_MESSAGE_JOB,
      payload: { subscriptionId: sub.id, event },
      key: `${SUBSCRIPTION_MESSAGE_JOB}:${sub.id}:${event}:${tag || Date.now()}`,
    });

  /** The gateway's plan for this variant and frequency at this unit price, made once per price. */
  async function gatewayPlan(
    plan: NonNullable<Awaited<ReturnType<typeof planFor>>>,
    unitPaise: number,
    name: string,
    executor: Db | Tx = db,
  ): Promise<string> {
    if (plan.gatewayPlanId && plan.gatewayPlanPaise === unitPaise) return plan.gatewayPlanId;
    const made = await gateway.createPlan({
      frequency: plan.frequency,
      amountPaise: unitPaise,
      name,
      notes: { variantId: String(plan.variantId), frequency: String(plan.frequency) },
    });
    await rememberGatewayPlan(executor, plan.id, made.id, unitPaise);
    return made.id;
  }

  /** A shopper's change, applied with the subscription locked: 404 when it is not theirs. */
  async function change(
    user: Pick<UserDto, 'id'>,
    id: number,
    action: keyof typeof SHOPPER_ACTIONS,
    apply: (tx: Tx, sub: SubscriptionRow) => Promise<void>,
  ): Promise<SubscriptionDto> {
    return db.transaction(async (tx) => {
      const sub = await lockOwn(tx, user.id, id);
      if (!sub) throw new AppError('notFound', SUBSCRIPTION_MESSAGES.notFound);
      if (!SHOPPER_ACTIONS[action].includes(sub.status))
        throw new AppError('conflict', SUBSCRIPTION_MESSAGES.notNow);
      await apply(tx, sub);
      return one(tx, id);
    });
  }

  /**
   * A charge date passing without a charge: the shopper skipped it, or the subscription is paused.
   * The cycle is recorded as skipped and the next date set; the last paused cycle resumes it.
   */
  async function passCycle(tx: Tx, sub: SubscriptionRow): Promise<SubscriptionRow> {
    const dueAt = sub.nextChargeAt ?? now();
    const number = await nextCycleNumber(tx, sub.id);
    const paused = sub.status === 'PAUSED';
    await recordCycle(tx, {
      subscriptionId: sub.id,
      number,
      dueAt,
      status: 'SKIPPED',
      amountPaise: amountOf(sub),
      reason: paused ? 'Paused' : 'Skipped by the shopper',
    });
    const next = addCycles(dueAt, sub.frequency, sub.chargeDay);
    if (paused) {
      const left = Math.max(0, sub.pausedCycles - 1);
      if (left === 0) {
        const resumed = await moveStatus(tx, sub.id, 'ACTIVE', ['PAUSED'], {
          pausedCycles: 0,
          nextChargeAt: next,
        });
        if (resumed) {
          await gatewayJob(tx, resumed, 'resume');
          await message(tx, resumed, 'resumed', `cycle-${number}`);
          return resumed;
        }
      }
      return updateSubscription(tx, sub.id, { pausedCycles: left, nextChargeAt: next });
    }
    const passed = await updateSubscription(tx, sub.id, { skipNext: false, nextChargeAt: next });
    // A skip paused the mandate at the gateway for this date: it charges again from the next.
    await gatewayJob(tx, passed, 'resume');
    return passed;
  }

  // ---- webhooks -------------------------------------------------------------------------------

  interface WebhookEvent {
    event?: string;
    payload?: {
      subscription?: { entity?: { id?: string; paid_count?: number; status?: string } };
      payment?: {
        entity?: {
          id?: string;
          amount?: number;
          currency?: string;
          order_id?: string | null;
          error_description?: string | null;
        };
      };
    };
  }

  /**
   * Applies one subscription.* event, once (by event id). Events may come late or twice: each
   * move is a conditional UPDATE from the statuses the table allows, so an 'authenticated' after
   * 'charged' changes nothing, and a charge is settled once per payment id (its cycle and the
   * payments ledger).
   */
  async function applyEvent(event: WebhookEvent, eventId: string | undefined) {
    const type = event.event ?? 'unknown';
    const entity = event.payload?.subscription?.entity;
    const payment = event.payload?.payment?.entity;
    const gatewayId = entity?.id;
    if (!gatewayId) return { status: 'ignored' };
    const id = eventId ?? `${type}:${gatewayId}:${payment?.id ?? entity?.paid_count ?? ''}`;
    const result = await placingTransaction(db, async (tx) => {
      if (!(await claimEvent(tx, id, type))) return { status: 'duplicate' as const };
      const sub = await lockByGatewayId(tx, gatewayId);
      if (!sub) return { status: 'ignored' as const };
      const at = now();
      switch (type) {
        case 'subscription.authenticated': {
          const moved = await moveStatus(tx, sub.id, 'AUTHENTICATED', ['CREATED'], {});
          return { status: moved ? ('authenticated' as const) : ('ignored' as const) };
        }
        case 'subscription.activated': {
          const moved = await moveStatus(tx, sub.id, 'ACTIVE', ['CREATED', 'AUTHENTICATED'], {
            activatedAt: sub.activatedAt ?? at,
          });
          return { status: moved ? ('activated' as const) : ('ignored' as const) };
        }
        case 'subscription.charged':
          return charged(tx, sub, payment);
        case 'subscription.pending': {
          // A charge failed; the gateway retries. The cycle is recorded failed, the shopper told.
          if (!CHARGEABLE_STATUSES.includes(sub.status)) return { status: 'ignored' as const };
          const number = await chargeCycleNumber(tx, sub.id);
          await recordCycle(tx, {
            subscriptionId: sub.id,
            number,
            dueAt: sub.nextChargeAt ?? at,
            status: 'FAILED',
            paymentId: null,
            amountPaise: amountOf(sub),
            reason: payment?.error_description ?? 'The payment did not go through',
          });
          await updateSubscription(tx, sub.id, { paymentFailed: true });
          if (payment?.id) {
            await deps.ledger.recordFailed(tx, {
              paymentId: payment.id,
              providerOrderId: payment.order_id ?? `subpay_${payment.id}`,
              checkoutId: null,
              amountPaise: payment.amount ?? amountOf(sub),
              reason: payment.error_description ?? 'Subscription charge failed at the gateway',
            });
          }
          await message(tx, sub, 'payment_failed', id);
          return { status: 'pending' as const };
        }
        case 'subscription.halted': {
          const moved = await moveStatus(tx, sub.id, 'HALTED', subscriptionStatusesBefore('HALTED'), {
            paymentFailed: true,
          });
          if (moved) await message(tx, sub, 'halted', id);
          return { status: moved ? ('halted' as const) : ('ignored' as const) };
        }
        case 'subscription.cancelled': {
          const moved = await moveStatus(tx, sub.id, 'CANCELLED', subscriptionStatusesBefore('CANCELLED'), {
            cancelledAt: at,
            cancelledBy: 'gateway',
            nextChargeAt: null,
          });
          if (moved) await message(tx, sub, 'cancelled', id);
          return { status: moved ? ('cancelled' as const) : ('ignored' as const) };
        }
        case 'subscription.completed': {
          const moved = await moveStatus(tx, sub.id, 'COMPLETED', subscriptionStatusesBefore('COMPLETED'), {
            nextChargeAt: null,
          });
          return { status: moved ? ('completed' as const) : ('ignored' as const) };
        }
        case 'subscription.paused': {
          // The gateway's side of a skip is a pause too: that one stays ACTIVE here.
          if (sub.skipNext) return { status: 'ignored' as const };
          const moved = await moveStatus(tx, sub.id, 'PAUSED', ['ACTIVE'], {
            pausedCycles: Math.max(1, sub.pausedCycles),
          });
          return { status: moved ? ('paused' as const) : ('ignored' as const) };
        }
        case 'subscription.resumed': {
          const moved = await moveStatus(tx, sub.id, 'ACTIVE', ['PAUSED'], { pausedCycles: 0 });
          return { status: moved ? ('resumed' as const) : ('ignored' as const) };
        }
        default:
          return { status: 'ignored' as const };
      }
    });
    if ('levels' in result && result.levels) deps.orders.stockChanged(result.levels);
    return { status: result.status };
  }

  async function charged(
    tx: Tx,
    sub: SubscriptionRow,
    payment: NonNullable<NonNullable<WebhookEvent['payload']>['payment']>['entity'],
  ): Promise<{ status: 'placed' | 'duplicate' | 'refund_pending' | 'ignored'; levels?: StockLevel[] }> {
    if (!payment?.id || !Number.isSafeInteger(payment.amount)) return { status: 'ignored' };
    if (await cycleByPayment(tx, payment.id)) return { status: 'duplicate' };
    const at = now();
    const capturedPaise = payment.amount!;
    const providerOrderId = payment.order_id ?? `subpay_${payment.id}`;
    const number = await chargeCycleNumber(tx, sub.id);
    const dueAt = sub.nextChargeAt ?? at;
    const chargeDay = sub.paidCount === 0 && number === 1 ? istDayOfMonth(at) : sub.chargeDay;
    const next = addCycles(sub.paidCount === 0 && number === 1 ? at : dueAt, sub.frequency, chargeDay);
    // A charge for a subscription that may not be charged (cancelled, paused): given back.
    if (!CHARGEABLE_STATUSES.includes(sub.status) && sub.status !== 'CREATED') {
      const recorded = await deps.ledger.find(tx, payment.id);
      if (recorded && recorded.status !== 'failed') return { status: 'duplicate' };
      await deps.ledger.record(tx, {
        paymentId: payment.id,
        providerOrderId,
        checkoutId: null,
        amountPaise: capturedPaise,
        status: 'refund_pending',
        orderNumber: null,
        reason: 'order_cancelled',
        source: 'webhook',
      });
      await deps.refunds.requestForPayment(tx, { paymentId: payment.id, amountPaise: capturedPaise });
      await recordCycle(tx, {
        subscriptionId: sub.id,
        number,
        dueAt,
        status: 'REFUNDED',
        paymentId: payment.id,
        amountPaise: capturedPaise,
        reason: `Charged while ${sub.status.toLowerCase()}: refunded`,
      });
      return { status: 'refund_pending' };
    }
    const unitPaise = priceInForce(
      { unitPaise: sub.unitPaise },
      sub.pendingUnitPaise !== null && sub.priceNoticeAt
        ? { unitPaise: sub.pendingUnitPaise, noticeAt: sub.priceNoticeAt }
        : null,
      at,
    );
    const afterCharge = {
      paidCount: sub.paidCount + 1,
      nextChargeAt: next,
      chargeDay,
      paymentFailed: false,
      unitPaise,
      ...(unitPaise === sub.pendingUnitPaise && { pendingUnitPaise: null, priceNoticeAt: null }),
      activatedAt: sub.activatedAt ?? at,
    };
    const outcome = await deps.orders.placeRecurring(tx, {
      userId: sub.userId,
      addressId: sub.addressId,
      address: sub.address,
      productId: sub.productId,
      variantId: sub.variantId,
      quantity: sub.quantity,
      unitPaise,
      language: sub.language,
      provider: sub.provider,
      providerOrderId,
      paymentId: payment.id,
      capturedPaise,
      // Once the order is sure, before it (its invoice ends the transaction): the cycle and the subscription.
      beforeOrder: async (orderNumber) => {
        await recordCycle(tx, {
          subscriptionId: sub.id,
          number,
          dueAt,
          status: 'CHARGED',
          paymentId: payment.id!,
          amountPaise: capturedPaise,
          orderNumber,
          reason: null,
        });
        await moveStatus(tx, sub.id, 'ACTIVE', CHARGE_ACTIVATES, afterCharge);
        await updateSubscription(tx, sub.id, afterCharge);
      },
    });
    if (outcome.kind === 'replay') return { status: 'duplicate' };
    if (outcome.kind === 'order') return { status: 'placed', levels: outcome.levels };
    // Out of stock (or a wrong amount): the cycle passes refunded and the shopper is told.
    await recordCycle(tx, {
      subscriptionId: sub.id,
      number,
      dueAt,
      status: 'REFUNDED',
      paymentId: payment.id,
      amountPaise: capturedPaise,
      reason: outcome.reason === 'sold_out' ? 'Out of stock: refunded' : 'Amount differs: refunded',
    });
    await moveStatus(tx, sub.id, 'ACTIVE', CHARGE_ACTIVATES, afterCharge);
    await updateSubscription(tx, sub.id, afterCharge);
    await message(tx, sub, 'out_of_stock', `cycle-${number}`);
    return { status: 'refund_pending' };
  }

  // ---- the simulated gateway (demo mode) --------------------------------------------------------

  function signed(body: object): { raw: string; signature: string } {
    const raw = JSON.stringify(body);
    return { raw, signature: hmacHex(deps.simulatedSecret(), raw) };
  }

  function eventBody(
    type: string,
    sub: SubscriptionRow,
    payment?: { id: string; amount: number; error?: string },
  ) {
    return {
      entity: 'event',
      account_id: 'acc_simulated',
      event: type,
      contains: payment ? ['subscription', 'payment'] : ['subscription'],
      payload: {
        subscription: {
          entity: {
            id: sub.gatewaySubscriptionId,
            entity: 'subscription',
            quantity: sub.quantity,
            paid_count: sub.paidCount + (type === 'subscription.charged' ? 1 : 0),
          },
        },
        ...(payment && {
          payment: {
            entity: {
              id: payment.id,
              entity: 'payment',
              amount: payment.amount,
              currency: 'INR',
              status: payment.error ? 'failed' : 'captured',
              order_id: `order_sim_${randomBytes(9).toString('base64url')}`,
              method: 'upi',
              error_description: payment.error ?? null,
            },
          },
        }),
      },
      created_at: Math.floor(now().getTime() / 1000),
    };
  }

  /** Sends an event through the webhook's own path: signed, verified, applied once. */
  async function report(
    type: string,
    sub: SubscriptionRow,
    payment?: { id: string; amount: number; error?: string },
  ) {
    const { raw, signature } = signed(eventBody(type, sub, payment));
    return handleWebhook(raw, signature, `evt_sim_${randomBytes(9).toString('base64url')}`);
  }

  async function simulatedSub(gatewaySubscriptionId: string): Promise<SubscriptionRow> {
    if (gateway.provider !== 'simulated') throw new AppError('notFound', 'Not found');
    const [row] = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.gatewaySubscriptionId, gatewaySubscriptionId));
    if (!row || row.provider !== 'simulated') throw new AppError('notFound', SUBSCRIPTION_MESSAGES.notFound);
    return row;
  }

  async function handleWebhook(rawBody: string, signature: string, eventId: string | undefined) {
    if (!deps.payments.verifyWebhook(rawBody, signature))
      throw new AppError('invalid', 'Invalid webhook signature.');
    let event: unknown;
    try {
      event = JSON.parse(rawBody);
    } catch {
      throw new AppError('invalid', 'The webhook body is not JSON.');
    }
    if (typeof event !== 'object' || event === null || Array.isArray(event))
      throw new AppError('invalid', 'The webhook body is not a JSON object.');
    return applyEvent(event as WebhookEvent, eventId);
  }

  return {
    handleWebhook,

    /** The plans a product may be subscribed on, with each variant's price per unit. */
    async plans(productId: number): Promise<SubscriptionPlansDto> {
      const rows = await plansOfProduct(db, productId);
      const discount = rows[0]?.plan.discountPercent ?? 0;
      const variants = new Map<number, { variantId: number; price: number; subscriptionPrice: number }>();
      for (const { plan, variant } of rows) {
        if (!variant || !variant.active) continue;
        variants.set(plan.variantId, {
          variantId: plan.variantId,
          price: toRupees(variant.pricePaise),
          subscriptionPrice: toRupees(subscriptionUnitPaise(variant.pricePaise, plan.discountPercent)),
        });
      }
      const frequencies = [...new Set(rows.map((r) => r.plan.frequency))].sort();
      return { productId, discountPercent: discount, frequencies, variants: [...variants.values()] };
    },

    /** The subscribe page's facts of one variant: its product, prices and frequencies; null when none. */
    async variantOffer(variantId: number) {
      const variant = await variantFacts(db, variantId);
      if (!variant?.active) return null;
      const plans = (await plansOfProduct(db, variant.productId)).filter(
        (r) => r.plan.variantId === variantId,
      );
      if (plans.length === 0) return null;
      const discountPercent = plans[0]!.plan.discountPercent;
      return {
        productId: variant.productId,
        productName: variant.productName,
        productNameHi: variant.productNameHi,
        slug: variant.slug,
        image: variant.image ?? variant.imageUrl,
        weight: variant.weight,
        weightHi: variant.weightHi,
        price: toRupees(variant.pricePaise),
        unitPrice: toRupees(subscriptionUnitPaise(variant.pricePaise, discountPercent)),
        discountPercent,
        frequencies: plans.map((r) => r.plan.frequency).sort(),
      };
    },

    async list(userId: number): Promise<SubscriptionDto[]> {
      const rows = await ownSubscriptions(db, userId);
      const cycles = await cyclesOf(
        db,
        rows.map((r) => r.sub.id),
      );
      return rows.map((r) => dto(r.sub, r.product, cycles));
    },

    async get(userId: number, id: number): Promise<SubscriptionDto> {
      const [row] = await withProduct(db).where(
        and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)),
      );
      if (!row) throw new AppError('notFound', SUBSCRIPTION_MESSAGES.notFound);
      return dto(row.sub, row.product, await cyclesOf(db, [id]));
    },

    /** A new subscription at the gateway, CREATED until its mandate is authorised through Checkout. */
    async create(
      user: UserDto,
      input: NewSubscriptionInput,
      language: Lang = 'en',
    ): Promise<SubscriptionDto> {
      if (!SUBSCRIPTION_FREQUENCIES.includes(input.frequency as 1 | 2 | 3))
        throw new AppError('invalid', SUBSCRIPTION_MESSAGES.badFrequency);
      const [plan, variant, address] = await Promise.all([
        planFor(db, input.variantId, input.frequency),
        variantFacts(db, input.variantId),
        addressOf(db, user.id, input.addressId),
      ]);
      if (!plan || !variant || !variant.active || variant.pricePaise <= 0)
        throw new AppError('invalid', SUBSCRIPTION_MESSAGES.notAvailable);
      const unitPaise = subscriptionUnitPaise(variant.pricePaise, plan.discountPercent);
      if (exceedsCap(deliveryAmountPaise(unitPaise, input.quantity)))
        throw new AppError('invalid', SUBSCRIPTION_MESSAGES.aboveCap);
      if (!address) throw new AppError('notFound', 'Please select a delivery address.');
      await deps.assertServiceable(address.pincode);
      const planId = await gatewayPlan(plan, unitPaise, `${variant.productName} ${variant.weight}`);
      const made = await gateway.createSubscription({
        planId,
        quantity: input.quantity,
        totalCount: Math.floor(MANDATE_MONTHS / input.frequency),
        notes: { userId: String(user.id), variantId: String(input.variantId) },
      });
      const at = now();
      const row = await insertSubscription(db, {
        userId: user.id,
        planId: plan.id,
        productId: variant.productId,
        variantId: variant.variantId,
        quantity: input.quantity,
        frequency: input.frequency,
        discountPercent: plan.discountPercent,
        unitPaise,
        addressId: address.id,
        address: addressSnapshotOf(address),
        status: 'CREATED',
        provider: gateway.provider,
        gatewaySubscriptionId: made.id,
        shortUrl: made.shortUrl,
        chargeDay: istDayOfMonth(at),
        nextChargeAt: at,
        language,
      });
      return dto(row, variant, []);
    },

    /** The next charge date passes without a charge; the subscription stays ACTIVE. */
    skip: (user: UserDto, id: number) =>
      change(user, id, 'skip', async (tx, sub) => {
        if (sub.skipNext) return;
        await updateSubscription(tx, sub.id, { skipNext: true });
        await gatewayJob(tx, sub, 'pause');
        await message(tx, sub, 'skipped');
      }),

    pause: (user: UserDto, id: number, cycles: number) =>
      change(user, id, 'pause', async (tx, sub) => {
        const moved = await moveStatus(tx, sub.id, 'PAUSED', subscriptionStatusesBefore('PAUSED'), {
          pausedCycles: cycles,
          skipNext: false,
        });
        if (!moved) throw new AppError('conflict', SUBSCRIPTION_MESSAGES.notNow);
        await gatewayJob(tx, sub, 'pause');
        await message(tx, sub, 'paused');
      }),

    resume: (user: UserDto, id: number) =>
      change(user, id, 'resume', async (tx, sub) => {
        let next = sub.nextChargeAt ?? now();
        while (next.getTime() < now().getTime()) next = addCycles(next, sub.frequency, sub.chargeDay);
        const moved = await moveStatus(tx, sub.id, 'ACTIVE', ['PAUSED'], {
          pausedCycles: 0,
          nextChargeAt: next,
        });
        if (!moved) throw new AppError('conflict', SUBSCRIPTION_MESSAGES.notNow);
        await gatewayJob(tx, sub, 'resume');
        await message(tx, sub, 'resumed');
      }),

    cancel: (user: UserDto, id: number, reason: string) =>
      change(user, id, 'cancel', async (tx, sub) => {
        await cancelIn(tx, sub, reason, 'shopper');
      }),

    /** Quantity, frequency (from the next cycle) and address. */
    update: (user: UserDto, id: number, input: SubscriptionChangeInput) =>
      change(user, id, 'change', async (tx, sub) => {
        const quantity = input.quantity ?? sub.quantity;
        const frequency = input.frequency ?? sub.frequency;
        const set: Partial<typeof subscriptions.$inferInsert> = { quantity, frequency };
        let planId: string | undefined;
        if (frequency !== sub.frequency) {
          const plan = await planFor(tx, sub.variantId, frequency);
          if (!plan) throw new AppError('invalid', SUBSCRIPTION_MESSAGES.notAvailable);
          set.planId = plan.id;
          const variant = await variantFacts(tx, sub.variantId);
          planId = await gatewayPlan(
            plan,
            sub.unitPaise,
            `${variant?.productName ?? ''} ${variant?.weight ?? ''}`,
            tx,
          );
        }
        if (exceedsCap(deliveryAmountPaise(sub.unitPaise, quantity)))
          throw new AppError('invalid', SUBSCRIPTION_MESSAGES.aboveCap);
        if (input.addressId !== undefined && input.addressId !== sub.addressId) {
          const address = await addressOf(tx, sub.userId, input.addressId);
          if (!address) throw new AppError('notFound', 'Please select a delivery address.');
          await deps.assertServiceable(address.pincode);
          set.addressId = address.id;
          set.address = addressSnapshotOf(address);
        }
        await updateSubscription(tx, sub.id, set);
        if (quantity !== sub.quantity || planId) {
          await gatewayJob(tx, sub, 'update', { ...(planId && { planId }), quantity });
        }
        await message(tx, sub, 'changed');
      }),

    /** Charge dates that passed skipped or paused (the worker's schedule; the simulated charge). */
    async passDue(at = now()): Promise<number> {
      return db.transaction(async (tx) => {
        const due = await dueWithoutCharge(tx, at);
        for (const sub of due) await passCycle(tx, sub);
        return due.length;
      });
    },

    /** The gateway's side of a shopper's change (the durable job). */
    async runGatewayJob(payload: Record<string, unknown>) {
      const id = String(payload.gatewaySubscriptionId);
      switch (payload.action as GatewayAction) {
        case 'pause':
          return gateway.pause(id);
        case 'resume':
          return gateway.resume(id);
        case 'cancel':
          return gateway.cancel(id);
        case 'update':
          return gateway.update(id, {
            ...(typeof payload.planId === 'string' && { planId: payload.planId }),
            ...(typeof payload.quantity === 'number' && { quantity: payload.quantity }),
          });
      }
    },

    /** The message job: the shopper's confirmation, in the subscription's language. */
    async deliverMessage(payload: Record<string, unknown>) {
      const id = Number(payload.subscriptionId);
      const [row] = await withProduct(db).where(eq(subscriptions.id, id));
      if (!row) return;
      const user = await userById(db, row.sub.userId);
      if (!user?.email) return;
      const text = subscriptionMessage(payload.event as SubscriptionMessageEvent, {
        lang: row.sub.language,
        productName:
          (row.sub.language === 'hi' && row.product?.productNameHi) || row.product?.productName || '',
        amountPaise: amountOf(row.sub),
        nextChargeAt: row.sub.nextChargeAt,
        link: `${deps.publicUrl}/subscriptions`,
      });
      await deps.messenger.send({ channel: 'email', to: user.email, subject: text.subject, text: text.body });
    },

    simulated: {
      /** What Checkout does: the mandate authorised and the first cycle charged at once. */
      async authorise(gatewaySubscriptionId: string): Promise<SubscriptionDto> {
        const sub = await simulatedSub(gatewaySubscriptionId);
        if (sub.status !== 'CREATED') throw new AppError('conflict', SUBSCRIPTION_MESSAGES.notNow);
        await report('subscription.authenticated', sub);
        await report('subscription.charged', sub, {
          id: `pay_sim_${randomBytes(9).toString('base64url')}`,
          amount: amountOf(sub),
        });
        await report('subscription.activated', sub);
        return one(db, sub.id);
      },

      /** The next cycle's charge now (or its failure, or the gateway halting after its retries). */
      async charge(gatewaySubscriptionId: string, input: { fail?: boolean; halt?: boolean }) {
        let sub = await simulatedSub(gatewaySubscriptionId);
        if (!['ACTIVE', 'PAUSED', 'HALTED', 'AUTHENTICATED'].includes(sub.status))
          throw new AppError('conflict', SUBSCRIPTION_MESSAGES.notNow);
        if (sub.status === 'PAUSED' || sub.skipNext) {
          await db.transaction(async (tx) => {
            const locked = await lockById(tx, sub.id);
            if (locked && (locked.status === 'PAUSED' || locked.skipNext)) await passCycle(tx, locked);
          });
          return one(db, sub.id);
        }
        if (input.halt) {
          await report('subscription.halted', sub);
          return one(db, sub.id);
        }
        const [fresh] = await db.select().from(subscriptions).where(eq(subscriptions.id, sub.id));
        sub = fresh!;
        const price = priceInForce(
          { unitPaise: sub.unitPaise },
          sub.pendingUnitPaise !== null && sub.priceNoticeAt
            ? { unitPaise: sub.pendingUnitPaise, noticeAt: sub.priceNoticeAt }
            : null,
          now(),
        );
        const paymentId = `pay_sim_${randomBytes(9).toString('base64url')}`;
        if (input.fail) {
          await report('subscription.pending', sub, {
            id: paymentId,
            amount: price * sub.quantity,
            error: 'Your bank declined the AutoPay debit.',
          });
        } else {
          await report('subscription.charged', sub, { id: paymentId, amount: price * sub.quantity });
        }
        return one(db, sub.id);
      },
    },

    // ---- back office ----------------------------------------------------------------------------

    async adminList(query: AdminSubscriptionsQueryInput) {
      const like = query.q ? `%${query.q.replace(/[%_\\]/g, '\\$&')}%` : null;
      const where = and(
        query.status ? eq(subscriptions.status, query.status) : undefined,
        like
          ? or(
              sql`${userMobileById(sql`"subscriptions"."user_id"`)} ilike ${like}`,
              sql`${userFullNameById(sql`"subscriptions"."user_id"`)} ilike ${like}`,
              sql`(${variantForSale(sql`"subscriptions"."product_id"`, sql`"subscriptions"."variant_id"`)})->>'productName' ilike ${like}`,
              ilike(subscriptions.gatewaySubscriptionId, like),
            )
          : undefined,
      );
      const [rows, [total]] = await Promise.all([
        pageRows(adminRows(db, where), query),
        db.select({ n: count() }).from(subscriptions).where(where),
      ]);
      const cycles = await cyclesOf(
        db,
        rows.map((r) => r.sub.id),
      );
      const content: AdminSubscriptionDto[] = rows.map((r) => ({
        ...dto(r.sub, r.product, cycles),
        userId: r.sub.userId,
        userName: r.userName ?? '',
        userMobile: r.userMobile ?? '',
        cancelledBy: r.sub.cancelledBy,
      }));
      return pageOf(content, total?.n ?? 0, query);
    },

    async adminGet(id: number): Promise<AdminSubscriptionDto> {
      const [row] = await adminRows(db, eq(subscriptions.id, id));
      if (!row) throw new AppError('notFound', SUBSCRIPTION_MESSAGES.notFound);
      return {
        ...dto(row.sub, row.product, await cyclesOf(db, [id])),
        userId: row.sub.userId,
        userName: row.userName ?? '',
        userMobile: row.userMobile ?? '',
        cancelledBy: row.sub.cancelledBy,
      };
    },

    /** Cancels for the shopper (they asked the shop), audited. */
    async adminCancel(admin: Pick<UserDto, 'id'>, id: number, reason: string) {
      await db.transaction(async (tx) => {
        const sub = await lockById(tx, id);
        if (!sub) throw new AppError('notFound', SUBSCRIPTION_MESSAGES.notFound);
        if (!SHOPPER_ACTIONS.cancel.includes(sub.status))
          throw new AppError('conflict', SUBSCRIPTION_MESSAGES.notNow);
        await cancelIn(tx, sub, reason, 'admin');
        await deps.audit.audit(
          {
            actorUserId: admin.id,
            action: 'subscription.cancel',
            entity: 'subscription',
            entityId: id,
            before: { status: sub.status },
            after: { status: 'CANCELLED', reason },
          },
          tx,
        );
      });
      return this.adminGet(id);
    },

    async metrics(at = now()): Promise<AdminSubscriptionMetricsDto> {
      const rows = await db
        .select({
          status: subscriptions.status,
          unitPaise: subscriptions.unitPaise,
          quantity: subscriptions.quantity,
          frequency: subscriptions.frequency,
          activatedAt: subscriptions.activatedAt,
          cancelledAt: subscriptions.cancelledAt,
        })
        .from(subscriptions);
      const countOf = (s: SubscriptionStatus) => rows.filter((r) => r.status === s).length;
      const mrrPaise = rows
        .filter((r) => LIVE_STATUSES.includes(r.status) && r.status !== 'PAUSED')
        .reduce((sum, r) => sum + monthlyRecurringPaise(r.unitPaise * r.quantity, r.frequency), 0);
      // The last six months (IST calendar months), oldest first.
      const churn = [];
      for (let back = 5; back >= 0; back--) {
        const ist = new Date(at.getTime() + 330 * 60_000);
        const start = new Date(Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth() - back, 1) - 330 * 60_000);
        const end = new Date(Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth() - back + 1, 1) - 330 * 60_000);
        const liveAtStart = rows.filter(
          (r) => r.activatedAt && r.activatedAt < start && (!r.cancelledAt || r.cancelledAt >= start),
        ).length;
        const cancelled = rows.filter(
          (r) => r.activatedAt && r.cancelledAt && r.cancelledAt >= start && r.cancelledAt < end,
        ).length;
        churn.push({
          month: new Date(start.getTime() + 330 * 60_000).toISOString().slice(0, 7),
          liveAtStart,
          cancelled,
          churnPercent: churnPercent(liveAtStart, cancelled),
        });
      }
      return {
        active: countOf('ACTIVE'),
        paused: countOf('PAUSED'),
        halted: countOf('HALTED'),
        mrr: toRupees(mrrPaise),
        churn,
      };
    },

    /** For tests and the simulated gateway's routes: the owner of a gateway subscription. */
    findByGatewayId: (gatewaySubscriptionId: string) => findByGatewayId(db, gatewaySubscriptionId),
  };

  async function cancelIn(tx: Tx, sub: SubscriptionRow, reason: string, by: 'shopper' | 'admin') {
    const moved = await moveStatus(tx, sub.id, 'CANCELLED', subscriptionStatusesBefore('CANCELLED'), {
      cancelReason: reason || null,
      cancelledBy: by,
      cancelledAt: now(),
      nextChargeAt: null,
      skipNext: false,
      pausedCycles: 0,
    });
    if (!moved) throw new AppError('conflict', SUBSCRIPTION_MESSAGES.notNow);
    await gatewayJob(tx, sub, 'cancel');
    await message(tx, sub, 'cancelled');
  }
}
