// How likely a cash-on-delivery order is to come back undelivered (return to origin, RTO), from
// what the shop already knows when the order is placed (issue 34). Pure: the placement reads the
// facts, this decides. Each rule that fires is a reason with its weight; the weights add up:
// nothing → LOW, 1–2 → MEDIUM, 3 or more → HIGH. A shopper whose parcel already came back is HIGH
// on that alone (the strongest sign the trade knows). Decision record 0034.
import { formatRupees } from './money.ts';

export const RTO_RISK_LEVELS = ['LOW', 'MEDIUM', 'HIGH'] as const;
export type RtoRiskLevel = (typeof RTO_RISK_LEVELS)[number];

export const RTO_RISK_REASONS = [
  'FIRST_COD_ORDER',
  'HIGH_AMOUNT',
  'PINCODE_RTO_RATE',
  'AREA_RTO_RATE',
  'PAST_CANCELLATIONS',
  'PAST_RTO',
  'SHORT_ADDRESS',
] as const;
export type RtoRiskReason = (typeof RTO_RISK_REASONS)[number];

export interface RtoRisk {
  level: RtoRiskLevel;
  reasons: RtoRiskReason[];
}

/** What a reason weighs. PAST_RTO alone makes HIGH. */
export const RTO_REASON_WEIGHT: Record<RtoRiskReason, number> = {
  FIRST_COD_ORDER: 1,
  HIGH_AMOUNT: 1,
  PINCODE_RTO_RATE: 2,
  AREA_RTO_RATE: 1,
  PAST_CANCELLATIONS: 1,
  PAST_RTO: 3,
  SHORT_ADDRESS: 1,
};

/** The back office's words for each reason. */
export const RTO_REASON_LABELS: Record<RtoRiskReason, string> = {
  FIRST_COD_ORDER: 'First cash-on-delivery order of this mobile',
  HIGH_AMOUNT: "Amount above the shop's usual orders (90th percentile)",
  PINCODE_RTO_RATE: 'Many parcels to this pincode came back (last 90 days)',
  AREA_RTO_RATE: 'Many parcels to this area (first three digits of the pincode) came back (last 90 days)',
  PAST_CANCELLATIONS: 'This shopper cancelled orders before',
  PAST_RTO: 'A parcel of this shopper came back before',
  SHORT_ADDRESS: 'Very short address',
};

/** The shop's settings for the rules (checkout settings, `rtoRisk`). */
export interface RtoRiskSettings {
  /** HIGH orders must be paid online (off by default). */
  requirePrepaidForHigh: boolean;
  /** A pincode or area whose parcels came back more often than this (percent) is a reason. */
  areaRtoPercent: number;
  /** Addresses shorter than this (characters, the street line without city, state, pincode). */
  minAddressLength: number;
}

export const DEFAULT_RTO_RISK_SETTINGS: RtoRiskSettings = {
  requirePrepaidForHigh: false,
  areaRtoPercent: 30,
  minAddressLength: 25,
};

/**
 * Fewer finished COD orders than this in the last 90 days say nothing about a pincode or area:
 * one parcel back out of two is chance, not a pattern.
 */
export const MIN_AREA_ORDERS = 5;

/** Finished COD orders (delivered or returned) to one place in the last 90 days. */
export interface AreaRecord {
  finished: number;
  returned: number;
}

export interface RtoRiskFacts {
  /** This mobile's earlier COD orders (any status). */
  earlierCodOrders: number;
  amountPaise: number;
  /** The shop's 90th percentile order amount; null while it has too few orders to say. */
  p90AmountPaise: number | null;
  pincode: AreaRecord;
  /** The pincode's first three digits (the sorting district). */
  area: AreaRecord;
  earlierCancellations: number;
  earlierRtos: number;
  /** The street address as typed (without city, state and pincode). */
  addressLine: string;
}

const rateAbove = (r: AreaRecord, percent: number) =>
  r.finished >= MIN_AREA_ORDERS && r.returned * 100 > percent * r.finished;

export function rtoRisk(facts: RtoRiskFacts, settings: RtoRiskSettings): RtoRisk {
  const fired: [RtoRiskReason, boolean][] = [
    ['FIRST_COD_ORDER', facts.earlierCodOrders === 0],
    ['HIGH_AMOUNT', facts.p90AmountPaise !== null && facts.amountPaise > facts.p90AmountPaise],
    ['PINCODE_RTO_RATE', rateAbove(facts.pincode, settings.areaRtoPercent)],
    // The wider area only when the pincode itself did not already say it.
    [
      'AREA_RTO_RATE',
      !rateAbove(facts.pincode, settings.areaRtoPercent) && rateAbove(facts.area, settings.areaRtoPercent),
    ],
    ['PAST_CANCELLATIONS', facts.earlierCancellations > 0],
    ['PAST_RTO', facts.earlierRtos > 0],
    ['SHORT_ADDRESS', facts.addressLine.replace(/\s+/g, ' ').trim().length < settings.minAddressLength],
  ];
  const reasons = fired.filter(([, yes]) => yes).map(([r]) => r);
  return { level: levelOf(reasons), reasons };
}

export function levelOf(reasons: readonly RtoRiskReason[]): RtoRiskLevel {
  const score = reasons.reduce((sum, r) => sum + RTO_REASON_WEIGHT[r], 0);
  return score >= 3 ? 'HIGH' : score >= 1 ? 'MEDIUM' : 'LOW';
}

/** The checkout's and the server's words when a HIGH order must be paid online. */
export const codNotForThisOrder = (savePaise: number) =>
  `Cash on delivery is not available for this order. Pay online and save ${formatRupees(savePaise)}.`;
