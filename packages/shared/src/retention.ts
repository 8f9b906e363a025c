// How long the shop keeps each kind of personal data (DPDP Act 2023 s.8(7): erase once the purpose
// is served unless a law requires keeping it; decision 0036). THE ONE TABLE: the privacy notice
// says these periods (privacy.retention.* with these numbers) and the daily retention job
// (server: privacy/retention.ts) applies them, so the two cannot disagree.
//
// The account itself, its addresses and choices are kept until the shopper erases the account;
// everything below runs by age, whoever it belongs to.

export type RetentionPeriod = { days: number } | { years: number };

export const RETENTION = {
  /** One-time codes, the record of codes sent, sessions and known devices: after their last use. */
  signIn: { days: 90 },
  /** A cart nobody touched for this long is emptied (the account stays). */
  carts: { days: 90 },
  /** Contact-form messages and the replies to them: after the message was received. */
  contactMessages: { years: 2 },
  /** Complaints, with their replies: after they were closed (Consumer Protection Act 2019 s.69: two years to go to a commission). */
  grievances: { years: 3 },
  /**
   * Orders and their invoices and credit notes, with the buyer's name and contact details: after
   * the order (CGST Act s.36 with rule 56: 72 months after the year's annual return is due). After
   * that they keep only the figures, without anything that names or reaches the buyer.
   */
  orders: { years: 8 },
  /** The log that an account was erased (no personal data), kept as long as the orders it explains. */
  erasures: { years: 8 },
} as const satisfies Record<string, RetentionPeriod>;

export type RetentionKind = keyof typeof RETENTION;
export const RETENTION_KINDS = Object.keys(RETENTION) as RetentionKind[];

const DAY_MS = 86_400_000;

/**
 * The instant before which a record of this kind is past its period at `now`: days are 24-hour
 * days; years are calendar years (29 February counts back to 1 March), on the UTC clock.
 */
export function retentionCutoff(period: RetentionPeriod, now: Date): Date {
  if ('days' in period) return new Date(now.getTime() - period.days * DAY_MS);
  const cutoff = new Date(now.getTime());
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - period.years);
  return cutoff;
}

/** Whether a record dated `at` is past its period at `now` (exactly on the cutoff is not yet). */
export const isPastRetention = (period: RetentionPeriod, at: Date, now: Date): boolean =>
  at.getTime() < retentionCutoff(period, now).getTime();

/** The notice's values for a period: { days } or { years }. */
export const retentionValues = (period: RetentionPeriod): Record<string, number> => ({ ...period });
