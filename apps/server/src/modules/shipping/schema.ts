// Shipments (one per order: the parcel handed to a courier, with its AWB) and their tracking
// events. An event is unique per (shipment, status, time), so a courier repeating a webhook
// records nothing new and moves nothing.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema.ts';
import { orders } from '../orders/schema.ts';

export const shipments = pgTable(
  'shipments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The adapter that booked it: 'manual' (AWB typed by the admin) or 'shiprocket'. */
    provider: text('provider').notNull(),
    /** A code from the shared COURIERS list ('delhivery', …, 'shiprocket', 'other'). */
    courierCode: text('courier_code').notNull(),
    /** As shown to the shopper: 'Delhivery', or the courier Shiprocket assigned. */
    courierName: text('courier_name').notNull(),
    awb: text('awb').notNull(),
    trackingUrl: text('tracking_url'),
    /** The provider's own ids (Shiprocket order and shipment), for its label and tracking calls. */
    providerOrderId: text('provider_order_id'),
    providerShipmentId: text('provider_shipment_id'),
    labelUrl: text('label_url'),
    weightGrams: integer('weight_grams').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('shipments_order_key').on(t.orderId), uniqueIndex('shipments_awb_key').on(t.awb)],
);

export const shipmentEvents = pgTable(
  'shipment_events',
  {
    id: serial('id').primaryKey(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    /** The courier's words, upper case: 'IN TRANSIT', 'DELIVERED', 'RTO INITIATED'. */
    status: text('status').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    location: text('location'),
    /** DELIVERY_FAILED: the courier's reason; the shopper's or back office's answer on theirs. */
    detail: text('detail'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shipment_events_once').on(t.shipmentId, t.status, t.at),
    index('shipment_events_shipment_idx').on(t.shipmentId, t.at),
  ],
);

/**
 * A failed delivery attempt (NDR) waiting for an answer: one per DELIVERY_FAILED event. The
 * shopper's link opens it by the SHA-256 of its token (lib/link-token.ts) until `expiresAt`; the
 * answer is written once, by a conditional UPDATE, then sent to the courier. `closedAt`: the back
 * office acted (re-attempt or return to origin), or a later attempt replaced it.
 */
export const deliveryIssues = pgTable(
  'delivery_issues',
  {
    id: serial('id').primaryKey(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    answer: text('answer', { enum: ['REATTEMPT', 'CANCEL'] }),
    answerDate: text('answer_date'),
    landmark: text('landmark'),
    alternatePhone: text('alternate_phone'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** What the back office did: REATTEMPT or RTO, by whom. */
    adminAction: text('admin_action', { enum: ['REATTEMPT', 'RTO'] }),
    adminBy: integer('admin_by').references(() => users.id, { onDelete: 'set null' }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('delivery_issues_open_idx').on(t.orderId).where(sql`${t.closedAt} is null`)],
);

/**
 * The links sent for a delivery issue: only the SHA-256 of each token (lib/link-token.ts). The
 * message job mints one when it runs, so no token is ever stored, in a job's payload or elsewhere.
 */
export const deliveryIssueLinks = pgTable(
  'delivery_issue_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    issueId: integer('issue_id')
      .notNull()
      .references(() => deliveryIssues.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('delivery_issue_links_issue_idx').on(t.issueId)],
);

/**
 * How labels print; one row. Blank sender fields fall back to the store name and the invoice's
 * registered address; a blank return address means parcels come back to the sender.
 */
export const labelSettings = pgTable(
  'label_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** 'A5' (office printer) or '4x6' (4×6 inch thermal label printer). */
    format: text('format', { enum: ['A5', '4x6'] })
      .notNull()
      .default('A5'),
    senderName: text('sender_name').notNull().default(''),
    senderAddress: text('sender_address').notNull().default(''),
    senderPhone: text('sender_phone').notNull().default(''),
    returnAddress: text('return_address').notNull().default(''),
    version: integer('version').notNull().default(1),
  },
  (t) => [check('label_settings_single_row', sql`${t.id} = 1`)],
);
