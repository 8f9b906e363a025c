// Shipping owns shipments and their tracking events (issue 14, part 2). The back office's Ship
// step books the parcel through a courier adapter, then moves the order to SHIPPED through the
// orders module's own status change, with the shipment written inside that same transaction, so
// whatever hangs on SHIPPED (audit, e-mail, invoices) runs exactly as for any other change.
// Courier webhooks record events and, for DELIVERED and RTO, go through that status change too.
import { COD_CONFIRMATION_MESSAGES, holdsDispatch } from '@spice/shared/cod-confirmation';
import type { UserDto } from '@spice/shared/contracts/accounts';
import type { AdminOrderDetailDto, OrderStatusChangeInput } from '@spice/shared/contracts/admin';
import type { LabelSettingsDto, LabelSettingsEditInput } from '@spice/shared/contracts/shipping';
import { DELIVERY_FAILED } from '@spice/shared/delivery-issue';
import { canTransition, statusLabel } from '@spice/shared/order-status';
import {
  COURIERS,
  gramsFromLabel,
  normalizeAwb,
  orderStatusForCourierStatus,
  packageWeightGrams,
} from '@spice/shared/shipping';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { updateAtVersion } from '../../lib/versioned.ts';
import { AppError } from '../../plugins/errors.ts';
import type { AuditService } from '../admin/audit.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { orderMessageJob } from '../messaging/order-message-job.ts';
import { type AdminOrdersService, ORDER_CHANGED_MEANWHILE } from '../orders/admin-service.ts';
import { codConfirmationState } from '../orders/cod-confirmation-state.ts';
import { type OrderForShipping, orderStatusById, ordersForShipping } from '../orders/parcel-source.ts';
import type { CourierAdapter, Parcel } from './courier.ts';
import type { DeliveryIssues } from './delivery-issues.ts';
import { type LabelSender, renderLabels } from './pdf.ts';
import { labelSettings, shipmentEvents, shipments } from './schema.ts';
import { readShiprocketEvent, tokenMatches } from './webhook.ts';

export const AWB_TAKEN = 'This AWB number is already on another order.';
export const ALREADY_SHIPPED = 'This order already has a shipment.';

interface Deps {
  adminOrders: Pick<AdminOrdersService, 'changeStatus' | 'detail'>;
  /** 'Out for delivery' tells the shopper (a message job committed with the event). */
  jobs: Pick<JobQueue, 'enqueue'>;
  manual: CourierAdapter;
  automatic: CourierAdapter | null;
  /** The token couriers send on webhooks, per provider; a provider without one is refused. */
  webhookTokens: Partial<Record<string, string>>;
  log: { warn(obj: object, msg: string): void; info?(obj: object, msg: string): void };
  audit: Pick<AuditService, 'audit'>;
  /** What a label prints for a blank sender field: the store name, the invoice's address, its e-mail. */
  storeDetails: () => Promise<{ name: string; address: string; email: string }>;
  /** Failed deliveries: a DELIVERY_FAILED event opens one (link and message to the shopper). */
  deliveryIssues: Pick<DeliveryIssues, 'open'>;
}

const isOutForDelivery = (courierStatus: string) =>
  courierStatus
    .trim()
    .toUpperCase()
    .replace(/[\s_-]+/g, ' ') === 'OUT FOR DELIVERY';

/** The address snapshot's text ends '…, city, state, pincode' (orders/service.ts addressSnapshot). */
function splitAddress(full: string, pincode: string) {
  const parts = full.split(',').map((p) => p.trim());
  if (parts.at(-1) === pincode) parts.pop();
  const state = parts.length > 2 ? (parts.pop() ?? '') : '';
  const city = parts.length > 1 ? (parts.pop() ?? '') : '';
  return { line: parts.join(', '), city, state, pincode };
}

export function parcelOf(order: OrderForShipping): Parcel {
  const cod = order.paymentMode === 'COD';
  return {
    orderNumber: order.orderNumber,
    orderDate: order.createdAt,
    cod,
    codAmountPaise: cod ? order.totalPaise : 0,
    totalPaise: order.totalPaise,
    customer: { name: order.address.name, phone: order.address.phone, email: order.userEmail },
    address: splitAddress(order.address.fullAddress, order.address.pincode),
    items: order.lines.map((l) => ({
      name: `${l.productName} (${l.variant})`,
      sku: l.sku ?? l.variant,
      units: l.toShip,
      ordered: l.quantity,
      refunded: l.refundedQuantity,
      pricePaise: l.pricePaise,
      batches: l.batches,
    })),
    weightGrams: packageWeightGrams(
      order.lines.map((l) => ({ grams: l.grams ?? gramsFromLabel(l.variant) ?? 0, quantity: l.toShip })),
    ),
  };
}

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string; cause?: { code?: string } }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

export type ShippingService = ReturnType<typeof createShippingService>;

export function createShippingService(db: Db, deps: Deps) {
  async function labelSettingsRow(executor: Pick<Db, 'select'> = db) {
    const [row] = await executor.select().from(labelSettings).where(eq(labelSettings.id, 1));
    return row;
  }

  /** The row as the back office shows it; `store` gives what prints for blank sender fields. */
  function toLabelSettings(
    row: typeof labelSettings.$inferSelect | undefined,
    store: { name: string; address: string },
  ): LabelSettingsDto {
    return {
      format: row?.format ?? 'A5',
      senderName: row?.senderName ?? '',
      senderAddress: row?.senderAddress ?? '',
      senderPhone: row?.senderPhone ?? '',
      returnAddress: row?.returnAddress ?? '',
      version: row?.version ?? 0,
      defaults: { senderName: store.name, senderAddress: store.address },
    };
  }

  return {
    options() {
      return {
        couriers: COURIERS.filter((c) => c.code !== 'shiprocket').map(({ code, name }) => ({ code, name })),
        automatic: deps.automatic?.provider ?? null,
      };
    },

    /**
     * The Ship step: checks the order can ship before asking any courier (so no parcel is booked
     * for an order that cannot move), books it, then moves the order with the shipment recorded.
     */
    async ship(
      admin: UserDto,
      orderNumber: string,
      input: OrderStatusChangeInput,
    ): Promise<AdminOrderDetailDto> {
      const [order] = await ordersForShipping(db, [orderNumber]);
      if (!order) throw new AppError('notFound', 'Order not found.');
      if (order.version !== input.version) throw new AppError('conflict', ORDER_CHANGED_MEANWHILE);
      // Before any courier is asked: a COD order waiting for its shopper is not shipped (issue 34).
      if (holdsDispatch(await codConfirmationState(db, order.id), 'SHIPPED'))
        throw new AppError('conflict', COD_CONFIRMATION_MESSAGES.waitForShopper);
      if (!canTransition(order.status, 'SHIPPED')) {
        throw new AppError(
          'conflict',
          `An order that is ${statusLabel(order.status).toLowerCase()} cannot be marked shipped.`,
        );
      }
      const [existing] = await db
        .select({ id: shipments.id })
        .from(shipments)
        .where(eq(shipments.orderId, order.id));
      if (existing) throw new AppError('conflict', ALREADY_SHIPPED);
      const courier = input.courier ?? 'other';
      const adapter = courier === 'auto' ? deps.automatic : deps.manual;
      if (!adapter) {
        throw new AppError(
          'invalid',
          'No courier API is set up: choose the courier and type the AWB number.',
          {
            courier: 'Choose the courier.',
          },
        );
      }
      const parcel = parcelOf(order);
      if (adapter.provider !== 'manual') {
        const unweighed = order.lines.find((l) => !(l.grams ?? gramsFromLabel(l.variant)));
        if (unweighed) {
          throw new AppError(
            'invalid',
            `Enter the weight in grams of ${unweighed.productName} (${unweighed.variant}) in the product form first: the courier bills by weight.`,
          );
        }
      }
      const typedAwb = input.trackingId ? normalizeAwb(input.trackingId) : input.trackingId;
      if (adapter.provider === 'manual' && typedAwb) {
        const [taken] = await db
          .select({ id: shipments.id })
          .from(shipments)
          .where(eq(shipments.awb, typedAwb));
        if (taken) throw new AppError('conflict', AWB_TAKEN, { trackingId: AWB_TAKEN });
      }
      const booking = await adapter.book(parcel, { courier, awb: typedAwb });
      // Stored as compared (the unique index then holds case-blind): whatever the courier's API wrote.
      const booked = { ...booking, awb: normalizeAwb(booking.awb) };
      try {
        return await deps.adminOrders.changeStatus(
          admin,
          orderNumber,
          { ...input, status: 'SHIPPED', trackingId: booked.awb },
          {
            within: async (tx, row) => {
              await tx.insert(shipments).values({
                orderId: row.id,
                provider: adapter.provider,
                courierCode: booked.courierCode,
                courierName: booked.courierName,
                awb: booked.awb,
                trackingUrl: booked.trackingUrl,
                providerOrderId: booked.providerOrderId ?? null,
                providerShipmentId: booked.providerShipmentId ?? null,
                labelUrl: booked.labelUrl ?? null,
                weightGrams: parcel.weightGrams,
                createdBy: admin.id,
              });
            },
          },
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('conflict', AWB_TAKEN, { trackingId: AWB_TAKEN });
        throw error;
      }
    },

    /** The label size and the sender and return addresses, with what prints for blank fields. */
    async labelSettings(): Promise<LabelSettingsDto> {
      const [row, store] = await Promise.all([labelSettingsRow(), deps.storeDetails()]);
      return toLabelSettings(row, store);
    },

    async updateLabelSettings(admin: UserDto, input: LabelSettingsEditInput): Promise<LabelSettingsDto> {
      const { version, ...values } = input;
      // Read before the transaction: the store's details come from other modules' reads.
      const store = await deps.storeDetails();
      return db.transaction(async (tx) => {
        const before = toLabelSettings(await labelSettingsRow(tx), store);
        const row = await updateAtVersion(tx, labelSettings, eq(labelSettings.id, 1), version, values, {
          insert: values,
        });
        const after = toLabelSettings(row, store);
        await deps.audit.audit(
          {
            actorUserId: admin.id,
            action: 'label-settings.update',
            entity: 'label_settings',
            entityId: 1,
            before,
            after,
          },
          tx,
        );
        return after;
      });
    },

    /**
     * Packing slip and label PDF, one page per order in the order given, at any status (the AWB
     * once the order has one); unknown numbers are a 404.
     */
    async labels(orderNumbers: readonly string[]): Promise<Buffer> {
      const found = await ordersForShipping(db, orderNumbers);
      const missing = orderNumbers.find((n) => !found.some((o) => o.orderNumber === n));
      if (missing) throw new AppError('notFound', `Order ${missing} not found.`);
      const rows = await db
        .select()
        .from(shipments)
        .where(
          inArray(
            shipments.orderId,
            found.map((o) => o.id),
          ),
        );
      const [settings, store] = await Promise.all([labelSettingsRow(), deps.storeDetails()]);
      const from: LabelSender = {
        name: settings?.senderName || store.name,
        address: settings?.senderAddress || store.address,
        phone: settings?.senderPhone ?? '',
        email: store.email,
        returnAddress: settings?.returnAddress ?? '',
      };
      return renderLabels(
        found.map((o) => {
          const s = rows.find((r) => r.orderId === o.id);
          return { parcel: parcelOf(o), shipment: s ? { courierName: s.courierName, awb: s.awb } : null };
        }),
        from,
        settings?.format ?? 'A5',
      );
    },

    /**
     * A courier's status report. Every new event is recorded once (unique per shipment, status and
     * time); DELIVERED and RTO also move the order, in the same transaction as the event, through
     * the orders module (so RTO returns stock and the coupon use exactly once). Unknown AWBs are
     * logged and acknowledged: the courier would otherwise retry them forever.
     */
    async webhook(provider: string, token: unknown, body: unknown): Promise<{ status: string }> {
      // Own keys only: a plain object also answers to '__proto__', 'constructor', 'toString'…
      if (!Object.hasOwn(deps.webhookTokens, provider))
        throw new AppError('notFound', 'Unknown shipping provider.');
      if (!tokenMatches(deps.webhookTokens[provider], token)) {
        throw new AppError('unauthorized', 'Invalid webhook token.');
      }
      const event = readShiprocketEvent(body);
      if (!event) throw new AppError('invalid', 'The webhook names no AWB, status or time.');
      const [shipment] = await db
        .select()
        .from(shipments)
        .where(eq(shipments.awb, normalizeAwb(event.awb)));
      if (!shipment) {
        deps.log.warn(
          { provider, awb: event.awb, status: event.status },
          'shipping webhook for an unknown AWB',
        );
        return { status: 'ignored' };
      }
      const row = {
        shipmentId: shipment.id,
        status: event.status,
        at: event.at,
        location: event.location,
        detail: event.detail,
      };
      const [seen] = await db
        .select({ id: shipmentEvents.id })
        .from(shipmentEvents)
        .where(
          and(
            eq(shipmentEvents.shipmentId, shipment.id),
            eq(shipmentEvents.status, event.status),
            eq(shipmentEvents.at, event.at),
          ),
        );
      if (seen) return { status: 'duplicate' };
      const target = orderStatusForCourierStatus(event.status);
      const order = await orderStatusById(db, shipment.orderId);
      if (target && order && canTransition(order.status, target)) {
        try {
          await deps.adminOrders.changeStatus(
            null,
            order.orderNumber,
            { status: target, version: order.version },
            { within: async (tx) => void (await tx.insert(shipmentEvents).values(row)) },
          );
          return { status: 'recorded' };
        } catch (error) {
          // The same event raced in twice: the other delivery recorded it and moved the order.
          if (isUniqueViolation(error)) return { status: 'duplicate' };
          throw error;
        }
      }
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(shipmentEvents)
          .values(row)
          .onConflictDoNothing()
          .returning({ id: shipmentEvents.id });
        if (inserted.length === 0) return { status: 'duplicate' as const };
        // A failed attempt while the parcel is out: the shopper is asked what to do next.
        if (order?.status === 'SHIPPED' && event.status === DELIVERY_FAILED) {
          await deps.deliveryIssues.open(
            tx,
            shipment,
            order.orderNumber,
            event.detail ?? event.status,
            event.at,
          );
        }
        if (order && isOutForDelivery(event.status)) {
          await deps.jobs.enqueue(
            tx,
            orderMessageJob({ orderNumber: order.orderNumber, event: 'out_for_delivery' }),
          );
        }
        return { status: 'recorded' as const };
      });
    },
  };
}
