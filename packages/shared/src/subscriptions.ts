// Subscribe and save (issue 43): the subscription's states as a transition table, and the money
// and calendar rules of a mandate (decision 0046). Pure: the server applies a move as a
// conditional UPDATE on the statuses subscriptionStatusesBefore(to) answers, so two racing
// writers (the shopper's cancel and the gateway's charge) end in one outcome.
//
// CREATED: made at the gateway, the mandate not yet authorised. AUTHENTICATED: the mandate is
// authorised (UPI AutoPay / card e-mandate), the first charge not yet reported. ACTIVE: charging
// on schedule. PAUSED: the shopper paused it for 1–3 cycles. HALTED: the gateway gave up after its
// retries ('Payment failed'); a charge that then succeeds (the shopper paid, or updated the
// payment method) makes it ACTIVE again. CANCELLED and COMPLETED are the ends.

import { formatRupees } from './money.ts';

export const SUBSCRIPTION_STATUSES = [
  'CREATED',
  'AUTHENTICATED',
  'ACTIVE',
  'PAUSED',
  'HALTED',
  'CANCELLED',
  'COMPLETED',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const SUBSCRIPTION_TRANSITIONS: Readonly<Record<SubscriptionStatus, readonly SubscriptionStatus[]>> = {
  CREATED: ['AUTHENTICATED', 'ACTIVE', 'CANCELLED'],
  AUTHENTICATED: ['ACTIVE', 'CANCELLED', 'HALTED'],
  ACTIVE: ['PAUSED', 'HALTED', 'CANCELLED', 'COMPLETED'],
  PAUSED: ['ACTIVE', 'CANCELLED'],
  HALTED: ['ACTIVE', 'CANCELLED'],
  CANCELLED: [],
  COMPLETED: [],
};

/** The statuses a subscription may leave for `to`: what the conditional UPDATE's WHERE accepts. */
export function subscriptionStatusesBefore(to: SubscriptionStatus): SubscriptionStatus[] {
  return SUBSCRIPTION_STATUSES.filter((from) => SUBSCRIPTION_TRANSITIONS[from].includes(to));
}

export function canMove(from: SubscriptionStatus, to: SubscriptionStatus): boolean {
  return SUBSCRIPTION_TRANSITIONS[from].includes(to);
}

/** Statuses in which the gateway may still charge (a cycle may come). */
export const CHARGEABLE_STATUSES: readonly SubscriptionStatus[] = ['AUTHENTICATED', 'ACTIVE', 'HALTED'];

/** A subscription that still counts as the shopper's (listed first, counted as active in metrics). */
export const LIVE_STATUSES: readonly SubscriptionStatus[] = ['ACTIVE', 'PAUSED', 'HALTED'];

/** What the shopper may do from each status (the profile page's buttons and the API's 409s). */
export const SHOPPER_ACTIONS: Readonly<
  Record<'skip' | 'pause' | 'resume' | 'change' | 'cancel', readonly SubscriptionStatus[]>
> = {
  skip: ['ACTIVE'],
  pause: ['ACTIVE'],
  resume: ['PAUSED'],
  change: ['AUTHENTICATED', 'ACTIVE', 'PAUSED', 'HALTED'],
  cancel: ['CREATED', 'AUTHENTICATED', 'ACTIVE', 'PAUSED', 'HALTED'],
};

/** The cycle of a subscription: one charge date, and what became of it. */
export const CYCLE_STATUSES = ['SCHEDULED', 'CHARGED', 'SKIPPED', 'FAILED', 'REFUNDED'] as const;
export type CycleStatus = (typeof CYCLE_STATUSES)[number];

export const SUBSCRIPTION_FREQUENCIES = [1, 2, 3] as const;
export type SubscriptionFrequency = (typeof SUBSCRIPTION_FREQUENCIES)[number];

/**
 * RBI's e-mandate framework (decision 0046): a recurring charge above ₹15,000 needs the shopper's
 * additional factor of authentication each time, so a subscription is capped at that per delivery.
 */
export const SUBSCRIPTION_MAX_PAISE = 1_500_000;
export const SUBSCRIPTION_MESSAGES = {
  aboveCap: 'A subscription can be at most ₹15,000 a delivery.',
  notFound: 'Subscription not found.',
  notAvailable: 'Subscriptions are not available for this product.',
  badFrequency: 'Choose a delivery every 1, 2 or 3 months.',
  badPause: 'Pause for 1, 2 or 3 deliveries.',
  notNow: 'This subscription cannot be changed that way now.',
  outOfStock: 'This item is out of stock right now.',
} as const;

export const MAX_SUBSCRIPTION_QUANTITY = 10;
export const MAX_PAUSE_CYCLES = 3;

/** Days a price rise must be announced before the first charge at the new price (mandate rules). */
export const PRICE_RISE_NOTICE_DAYS = 7;

/** The price of one delivery: the variant's price less the plan's percent off, per unit, rounded down. */
export function subscriptionUnitPaise(pricePaise: number, discountPercent: number): number {
  return pricePaise - Math.ceil((pricePaise * discountPercent) / 100);
}

export function deliveryAmountPaise(unitPaise: number, quantity: number): number {
  return unitPaise * quantity;
}

export function exceedsCap(amountPaise: number): boolean {
  return amountPaise > SUBSCRIPTION_MAX_PAISE;
}

/**
 * The price of the cycle charged at `chargeAt`: a raised price holds only when the shopper was told
 * at least PRICE_RISE_NOTICE_DAYS before; a lower price applies at once.
 */
export function priceInForce(
  current: { unitPaise: number },
  pending: { unitPaise: number; noticeAt: Date } | null,
  chargeAt: Date,
): number {
  if (!pending) return current.unitPaise;
  if (pending.unitPaise <= current.unitPaise) return pending.unitPaise;
  const due = pending.noticeAt.getTime() + PRICE_RISE_NOTICE_DAYS * 86_400_000;
  return chargeAt.getTime() >= due ? pending.unitPaise : current.unitPaise;
}

const IST_OFFSET_MS = 330 * 60_000;

/** The day of the month (1–31) of an instant on an Indian clock. */
export function istDayOfMonth(at: Date): number {
  return new Date(at.getTime() + IST_OFFSET_MS).getUTCDate();
}

/**
 * The charge `months` months after `from`, on `anchorDay` (the day of the first charge) on an
 * Indian clock, at the same time of day; a month without that day (31 → 30 April, 28/29 February)
 * takes its last day.
 */
export function addCycles(from: Date, months: number, anchorDay: number): Date {
  const wall = new Date(from.getTime() + IST_OFFSET_MS);
  const y = wall.getUTCFullYear();
  const m = wall.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const day = Math.min(anchorDay, lastDay);
  const next = Date.UTC(
    y,
    m,
    day,
    wall.getUTCHours(),
    wall.getUTCMinutes(),
    wall.getUTCSeconds(),
    wall.getUTCMilliseconds(),
  );
  return new Date(next - IST_OFFSET_MS);
}

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st, 22nd, 23rd … 31st. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  const suffix = ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix}`;
}

/** What is charged when: '₹423 today, then ₹423 every month on the 12th until you cancel'. */
export function chargeSchedule(amountPaise: number, frequency: number, day: number): string {
  const amount = formatRupees(amountPaise);
  const every = frequency === 1 ? 'every month' : `every ${frequency} months`;
  return `${amount} today, then ${amount} ${every} on the ${ordinal(day)} until you cancel`;
}

/** The same in Hindi. */
export function chargeScheduleHi(amountPaise: number, frequency: number, day: number): string {
  const amount = formatRupees(amountPaise);
  const every = frequency === 1 ? 'हर महीने' : `हर ${frequency} महीने`;
  return `आज ${amount}, फिर ${every} की ${day} तारीख़ को ${amount}, जब तक आप रद्द न करें`;
}

/** Monthly recurring revenue of one subscription: its delivery amount spread over its months. */
export function monthlyRecurringPaise(amountPaise: number, frequency: number): number {
  return Math.round(amountPaise / frequency);
}

/** Churn of a month: subscriptions cancelled in it over those live at its start, in percent (one decimal). */
export function churnPercent(liveAtStart: number, cancelled: number): number | null {
  if (liveAtStart === 0) return null;
  return Math.round((cancelled * 1000) / liveAtStart) / 10;
}
