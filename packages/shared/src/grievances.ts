// Grievance rules (Consumer Protection (E-Commerce) Rules 2020, rule 4(4)/(5); decision 0036):
// every complaint gets a ticket, is acknowledged within 48 hours and redressed within one month
// (30 days) of being filed. Pure and clock-driven: the filing time is passed in.

const IST_OFFSET_MS = 330 * 60_000;
const HOUR_MS = 3_600_000;
export const ACKNOWLEDGE_WITHIN_MS = 48 * HOUR_MS;
export const RESOLVE_WITHIN_MS = 30 * 24 * HOUR_MS;

export const GRIEVANCE_CATEGORIES = ['DELIVERY', 'PAYMENT', 'QUALITY', 'ACCOUNT', 'OTHER'] as const;
export type GrievanceCategory = (typeof GRIEVANCE_CATEGORIES)[number];

export const GRIEVANCE_STATUSES = ['OPEN', 'ACKNOWLEDGED', 'RESOLVED', 'REJECTED'] as const;
export type GrievanceStatus = (typeof GRIEVANCE_STATUSES)[number];

/** OPEN → ACKNOWLEDGED → RESOLVED | REJECTED: every complaint is acknowledged before it is closed. */
export const NEXT_GRIEVANCE_STATUSES: Record<GrievanceStatus, readonly GrievanceStatus[]> = {
  OPEN: ['ACKNOWLEDGED'],
  ACKNOWLEDGED: ['RESOLVED', 'REJECTED'],
  RESOLVED: [],
  REJECTED: [],
};

export function canMoveGrievance(from: GrievanceStatus, to: GrievanceStatus): boolean {
  return NEXT_GRIEVANCE_STATUSES[from].includes(to);
}

export const isClosed = (s: GrievanceStatus) => s === 'RESOLVED' || s === 'REJECTED';

/** The series a ticket filed at `at` belongs to: the year on an Indian clock. */
export function istYear(at: Date): number {
  return new Date(at.getTime() + IST_OFFSET_MS).getUTCFullYear();
}

/** 'GRV-26-000123': the IST year's last two digits and the number within that year's series. */
export function ticketNumber(year: number, n: number): string {
  return `GRV-${String(year % 100).padStart(2, '0')}-${String(n).padStart(6, '0')}`;
}

export const TICKET_PATTERN = /^GRV-\d{2}-\d{6,}$/;

export function deadlines(filedAt: Date): { acknowledgeBy: Date; resolveBy: Date } {
  return {
    acknowledgeBy: new Date(filedAt.getTime() + ACKNOWLEDGE_WITHIN_MS),
    resolveBy: new Date(filedAt.getTime() + RESOLVE_WITHIN_MS),
  };
}

/**
 * Overdue: past its next deadline and not met: not acknowledged 48 hours after filing, or not
 * closed 30 days after.
 */
export function isOverdue(
  g: { status: GrievanceStatus; acknowledgeBy: Date; resolveBy: Date },
  now: Date,
): boolean {
  if (isClosed(g.status)) return false;
  if (g.status === 'OPEN' && now.getTime() > g.acknowledgeBy.getTime()) return true;
  return now.getTime() > g.resolveBy.getTime();
}

/** The deadline the back office works to next: acknowledgement while OPEN, then redress. */
export function dueAt(g: { status: GrievanceStatus; acknowledgeBy: Date; resolveBy: Date }): Date {
  return g.status === 'OPEN' ? g.acknowledgeBy : g.resolveBy;
}

/** 'YYYY-MM' of a time on an Indian clock: the month a grievance counts in for the report. */
export function istMonth(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 7);
}

/** The instants a month 'YYYY-MM' (IST) starts and ends; null when not a month. */
export function istMonthRange(month: string): { from: Date; to: Date } | null {
  const m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (!m) return null;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  return {
    from: new Date(Date.UTC(y, mo - 1, 1) - IST_OFFSET_MS),
    to: new Date(Date.UTC(y, mo, 1) - IST_OFFSET_MS),
  };
}
