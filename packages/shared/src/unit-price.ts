// Net quantity and unit sale price (decision 0035). The Legal Metrology (Packaged Commodities)
// Rules 2011, rule 6 as amended (unit sale price beside the MRP, and rule 6(10) for e-commerce
// listings), make the seller show what a standard amount costs; this shop shows it per 100 g,
// per 100 ml or per piece. Money stays in whole paise: the exact price per unit is a fraction,
// rounded UP to the next paisa, so the shown unit price is never below what the shopper pays
// for that amount (a rounded-down figure would make the pack look cheaper than it is).

export const NET_QUANTITY_UNITS = ['g', 'kg', 'ml', 'l', 'pc'] as const;
export type NetQuantityUnit = (typeof NET_QUANTITY_UNITS)[number];
export interface NetQuantity {
  value: number;
  unit: NetQuantityUnit;
}

/** What the unit price is per, as the API gives it. */
export type UnitPer = '100 g' | '100 ml' | '1 pc';
export interface UnitPricePaise {
  paise: number;
  per: UnitPer;
}

/** The pack in whole grams, millilitres or pieces (kg and l have at most three decimals). */
export function baseAmount(q: NetQuantity): { amount: number; base: 'g' | 'ml' | 'pc' } {
  switch (q.unit) {
    case 'g':
      return { amount: Math.round(q.value), base: 'g' };
    case 'kg':
      return { amount: Math.round(q.value * 1000), base: 'g' };
    case 'ml':
      return { amount: Math.round(q.value), base: 'ml' };
    case 'l':
      return { amount: Math.round(q.value * 1000), base: 'ml' };
    case 'pc':
      return { amount: Math.round(q.value), base: 'pc' };
  }
}

/** True when the value is a whole number of base units (1.25 kg yes, 1.2345 kg and 2.5 g no). */
export function isWholeBaseAmount(q: NetQuantity): boolean {
  const scaled = q.unit === 'kg' || q.unit === 'l' ? q.value * 1000 : q.value;
  return Number.isFinite(scaled) && Math.abs(scaled - Math.round(scaled)) < 1e-9 && Math.round(scaled) >= 1;
}

/** ⌈a / b⌉ for non-negative integers, without floating-point division errors. */
function ceilDiv(a: number, b: number): number {
  return Math.floor((a + b - 1) / b);
}

/** The price per 100 g / 100 ml / piece in paise, rounded up to the paisa; null without a quantity. */
export function unitPricePaise(pricePaise: number, q: NetQuantity | null): UnitPricePaise | null {
  if (!q || !isWholeBaseAmount(q)) return null;
  const { amount, base } = baseAmount(q);
  if (base === 'pc') return { paise: ceilDiv(pricePaise, amount), per: '1 pc' };
  return { paise: ceilDiv(pricePaise * 100, amount), per: base === 'g' ? '100 g' : '100 ml' };
}

/** As the API speaks: rupees to two decimals. */
export function unitPrice(
  pricePaise: number,
  q: NetQuantity | null,
): { amount: number; per: UnitPer } | null {
  const u = unitPricePaise(pricePaise, q);
  return u && { amount: u.paise / 100, per: u.per };
}

const UNIT_NAMES: Record<'en' | 'hi', Record<NetQuantityUnit, string>> = {
  en: { g: 'g', kg: 'kg', ml: 'ml', l: 'l', pc: 'pc' },
  hi: { g: 'ग्राम', kg: 'किलो', ml: 'मि.ली.', l: 'लीटर', pc: 'नग' },
};

/** '100 g', '1.5 kg', '6 pc'; in Hindi '100 ग्राम'. The label a new variant gets. */
export function netQuantityLabel(q: NetQuantity, lang: 'en' | 'hi' = 'en'): string {
  return `${q.value} ${UNIT_NAMES[lang][q.unit]}`;
}

/** '100 g' → '100 ग्राम' for the unit price's "per" on Hindi pages. */
export function unitPerLabel(per: UnitPer, lang: 'en' | 'hi'): string {
  if (lang === 'en') return per;
  return per === '100 g' ? '100 ग्राम' : per === '100 ml' ? '100 मि.ली.' : '1 नग';
}

/** '₹59.80 / 100 g': always two decimals, as a unit price is compared to the paisa. */
export function formatUnitPrice(u: { amount: number; per: UnitPer }, lang: 'en' | 'hi' = 'en'): string {
  const rupees = u.amount.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `₹${rupees} / ${unitPerLabel(u.per, lang)}`;
}

/** Grams for the parcel weight, when the quantity is a weight. */
export function gramsOf(q: NetQuantity | null): number | null {
  if (!q || (q.unit !== 'g' && q.unit !== 'kg') || !isWholeBaseAmount(q)) return null;
  return baseAmount(q).amount;
}

const LABEL_UNITS: Record<string, NetQuantityUnit> = {
  g: 'g',
  gm: 'g',
  gms: 'g',
  gram: 'g',
  grams: 'g',
  kg: 'kg',
  kgs: 'kg',
  ml: 'ml',
  l: 'l',
  ltr: 'l',
  litre: 'l',
  litres: 'l',
  pc: 'pc',
  pcs: 'pc',
  piece: 'pc',
  pieces: 'pc',
};

/** The net quantity a label such as '100 g', '1kg' or '500 ml' states; null when it names none. */
export function netQuantityFromLabel(label: string): NetQuantity | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([a-z]+)\b/i.exec(label);
  const unit = m && LABEL_UNITS[m[2]!.toLowerCase()];
  if (!m || !unit) return null;
  const q = { value: Number(m[1]), unit };
  return isWholeBaseAmount(q) ? q : null;
}
