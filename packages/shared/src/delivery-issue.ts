// Failed delivery attempts (NDR, non-delivery report; issue 34): which courier statuses are one,
// and the days a shopper may ask for the next attempt. Pure, so the page and the server agree.
// Decision record 0034.

/** The shipment event every adapter records for an attempt that did not deliver. */
export const DELIVERY_FAILED = 'DELIVERY_FAILED';
/** The shipment events the shopper's or the back office's answer records (the order's timeline). */
export const REATTEMPT_REQUESTED = 'REATTEMPT_REQUESTED';
export const RTO_REQUESTED = 'RTO_REQUESTED';

/**
 * Shiprocket's tracking statuses for an attempt that did not deliver: 'UNDELIVERED' (status id 21)
 * and its numbered forms ('UNDELIVERED-1ST ATTEMPT', …), 'NDR' as some couriers' feeds name it,
 * and our own DELIVERY_FAILED.
 */
export function isDeliveryFailedStatus(courierStatus: string): boolean {
  const s = courierStatus
    .trim()
    .toUpperCase()
    .replace(/[\s_-]+/g, ' ');
  return s.startsWith('UNDELIVERED') || s === 'NDR' || s === 'DELIVERY FAILED' || s === 'FAILED DELIVERY';
}

/** How many days ahead a shopper may choose from. */
export const REATTEMPT_DAYS = 3;

const istDay = (at: Date) => new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 10);

/**
 * The next days the courier delivers, after today in India ('YYYY-MM-DD'): couriers do not
 * deliver on Sundays, so a Sunday is skipped.
 */
export function reattemptDates(now: Date, count = REATTEMPT_DAYS): string[] {
  const days: string[] = [];
  const today = new Date(`${istDay(now)}T00:00:00Z`);
  for (let i = 1; days.length < count; i += 1) {
    const day = new Date(today.getTime() + i * 86_400_000);
    if (day.getUTCDay() !== 0) days.push(day.toISOString().slice(0, 10));
  }
  return days;
}

export const DELIVERY_ISSUE_TEXTS = {
  notFound: 'This delivery link has expired or is not valid.',
  answered: 'You have already told us what to do with this parcel.',
  badDate: 'Choose one of the days offered for the next attempt.',
  badPhone: 'Enter a valid 10-digit mobile number.',
  notShipped: 'Only a shipped order can have a failed delivery.',
  noOpenIssue: 'This order has no failed delivery waiting for an answer.',
} as const;
