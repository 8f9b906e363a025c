// Couriers an Indian D2C shop hands parcels to, with the public page that tracks an AWB, and the
// mapping from a courier's status words to the order's status (pure, shared by server and pages).

export interface Courier {
  code: string;
  name: string;
  /** `{awb}` is replaced by the URL-encoded AWB; null when the courier has no per-AWB page. */
  trackingUrl: string | null;
}

/** The `manual` adapter's list: the admin picks one and types the AWB printed on its slip. */
export const COURIERS: readonly Courier[] = [
  { code: 'delhivery', name: 'Delhivery', trackingUrl: 'https://www.delhivery.com/track-v2/package/{awb}' },
  {
    code: 'bluedart',
    name: 'Blue Dart',
    trackingUrl: 'https://www.bluedart.com/web/guest/trackdartresult?trackFor=0&trackNo={awb}',
  },
  { code: 'dtdc', name: 'DTDC', trackingUrl: 'https://www.dtdc.in/tracking.asp?strCnno={awb}' },
  { code: 'ekart', name: 'Ekart', trackingUrl: 'https://ekartlogistics.com/shipmenttrack/{awb}' },
  {
    code: 'indiapost',
    name: 'India Post',
    trackingUrl: 'https://www.indiapost.gov.in/_layouts/15/dop.portal.tracking/trackconsignment.aspx',
  },
  {
    code: 'xpressbees',
    name: 'Xpressbees',
    trackingUrl: 'https://www.xpressbees.com/shipment/tracking?awbNo={awb}',
  },
  {
    code: 'shadowfax',
    name: 'Shadowfax',
    trackingUrl: 'https://tracker.shadowfax.in/#/track?trackingId={awb}',
  },
  {
    code: 'ecomexpress',
    name: 'Ecom Express',
    trackingUrl: 'https://www.ecomexpress.in/tracking/?awb_field={awb}',
  },
  { code: 'shiprocket', name: 'Shiprocket', trackingUrl: 'https://shiprocket.co/tracking/{awb}' },
  { code: 'other', name: 'Other courier', trackingUrl: null },
];

export const COURIER_CODES = COURIERS.map((c) => c.code) as [string, ...string[]];

export function courierByCode(code: string): Courier {
  return COURIERS.find((c) => c.code === code) ?? { code, name: code, trackingUrl: null };
}

/**
 * An AWB as the shop stores and compares it: trimmed and upper case. Couriers print and read
 * their AWBs case-blind, so 'dl123' typed on one order and 'DL123' on another are one parcel.
 */
export function normalizeAwb(awb: string): string {
  return awb.trim().toUpperCase();
}

export function trackingUrl(courierCode: string, awb: string): string | null {
  return courierByCode(courierCode).trackingUrl?.replace('{awb}', encodeURIComponent(awb)) ?? null;
}

/**
 * What a courier's status means for the order. Shiprocket (and the couriers behind it) send words
 * such as 'PICKED UP', 'IN TRANSIT', 'OUT FOR DELIVERY', 'DELIVERED', 'RTO INITIATED',
 * 'RTO DELIVERED': only delivery and return-to-origin move the order; the rest are tracking
 * events while it stays shipped.
 */
export function orderStatusForCourierStatus(courierStatus: string): 'DELIVERED' | 'RTO' | null {
  const s = courierStatus
    .trim()
    .toUpperCase()
    .replace(/[\s_-]+/g, ' ');
  if (s.startsWith('RTO') || s === 'RETURNED TO ORIGIN') return 'RTO';
  if (s === 'DELIVERED') return 'DELIVERED';
  return null;
}

/** Grams read from a variant label such as '100g', '1kg' or '250 gm'; null when it names no weight. */
export function gramsFromLabel(label: string): number | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(kg|kgs|g|gm|gms|gram|grams)\b/i.exec(label);
  if (!m) return null;
  const value = Number(m[1]);
  return Math.round(/^kg/i.test(m[2] ?? '') ? value * 1000 : value);
}

/** Box, bag and filler added to the contents' weight (grams); couriers bill the packed weight. */
export const PACKAGING_ALLOWANCE_GRAMS = 100;

export function packageWeightGrams(lines: readonly { grams: number; quantity: number }[]): number {
  return lines.reduce((sum, l) => sum + l.grams * l.quantity, PACKAGING_ALLOWANCE_GRAMS);
}
