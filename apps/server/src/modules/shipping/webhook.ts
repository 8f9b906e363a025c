// Reading a courier's webhook: the token check and the payload's event, pure (no database), so
// the rules are tested on their own. Shiprocket posts JSON with `awb`, `current_status` and
// `current_timestamp` ('23 05 2023 11:43:52', IST) and sends the token set in its panel as the
// x-api-key header.
import { timingSafeEqual } from 'node:crypto';
import { DELIVERY_FAILED, isDeliveryFailedStatus } from '@spice/shared/delivery-issue';
import type { CourierEvent } from './courier.ts';

/** Constant-time: how much of a wrong token matched says nothing. */
export function tokenMatches(expected: string | undefined, given: unknown): boolean {
  if (!expected || typeof given !== 'string') return false;
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * A courier's time: 'DD MM YYYY HH:mm:ss' or 'YYYY-MM-DD HH:mm:ss' are Indian times (IST); an ISO
 * time with its zone is taken as it is. Null when unreadable.
 */
export function parseCourierTime(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const s = value.trim();
  let m = /^(\d{2})[ -/](\d{2})[ -/](\d{4})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(s);
  if (m) return istDate(m[3]!, m[2]!, m[1]!, m[4]!, m[5]!, m[6]);
  m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(s);
  if (m) return istDate(m[1]!, m[2]!, m[3]!, m[4]!, m[5]!, m[6]);
  if (!/(Z|[+-]\d{2}:?\d{2})$/.test(s)) return null;
  const d = new Date(s);
  return Number.isNaN(d.getTime()) ? null : d;
}

function istDate(y: string, mo: string, d: string, h: string, mi: string, sec = '00'): Date | null {
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${sec}+05:30`);
  return Number.isNaN(date.getTime()) ? null : date;
}

export interface WebhookEvent extends CourierEvent {
  awb: string;
  /** DELIVERY_FAILED: the courier's reason (the latest scan's activity, e.g. 'Consignee unavailable'). */
  detail: string | null;
}

const text = (v: unknown, max: number) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, max) : null);

/** The event a Shiprocket webhook reports, or null when the payload lacks an AWB, status or time. */
export function readShiprocketEvent(body: unknown): WebhookEvent | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as Record<string, unknown>;
  const awb = typeof b.awb === 'string' || typeof b.awb === 'number' ? String(b.awb).trim() : '';
  const rawStatus = typeof b.current_status === 'string' ? b.current_status : b.shipment_status;
  const status = typeof rawStatus === 'string' ? rawStatus.trim().toUpperCase().slice(0, 60) : '';
  const at = parseCourierTime(b.current_timestamp);
  if (!awb || awb.length > 40 || !status || !at) return null;
  // The latest scan says where the parcel is; scans are oldest first.
  const scans = Array.isArray(b.scans) ? (b.scans as { location?: unknown; activity?: unknown }[]) : [];
  const location = text(scans.at(-1)?.location, 120);
  // An undelivered attempt (Shiprocket's 'UNDELIVERED', status id 21, and its numbered forms) is
  // recorded under one name for every courier, with the courier's reason beside it.
  if (isDeliveryFailedStatus(status)) {
    const reason = text(b.ndr_reason, 200) ?? text(scans.at(-1)?.activity, 200) ?? status;
    return { awb, status: DELIVERY_FAILED, at, location, detail: reason };
  }
  return { awb, status, at, location, detail: null };
}
