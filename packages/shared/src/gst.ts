// GST rules for tax invoices and credit notes (issue 13, decision record 0010): GSTIN and state
// codes, the tax split of a GST-inclusive order, invoice numbering and amounts in words. Pure and
// in integer paise; rates in basis points (5% = 500) so no float ever touches a tax amount.

/** The GST state-code list (CBIC), code → name as printed on invoices. */
export const GST_STATES: Readonly<Record<string, string>> = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '25': 'Daman and Diu',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '28': 'Andhra Pradesh (Before Division)',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
  '97': 'Other Territory',
  '99': 'Centre Jurisdiction',
};

/** Old and everyday names of states, as shoppers type them, that are not the list's own name. */
const STATE_ALIASES: Readonly<Record<string, string>> = {
  orissa: '21',
  pondicherry: '34',
  pondy: '34',
  nctofdelhi: '07',
  newdelhi: '07',
  nationalcapitalterritoryofdelhi: '07',
  delhinct: '07',
  uttaranchal: '05',
  jandk: '01',
  jammukashmir: '01',
  andamanandnicobar: '35',
  andamanandnicobarislands: '35',
  andaman: '35',
  dadraandnagarhaveli: '26',
  damananddiu: '26',
  daman: '26',
  dnhdd: '26',
  andhrapradesh: '37',
  telengana: '36',
  chattisgarh: '22',
  tamilnadu: '33',
};

const normalise = (name: string) =>
  name
    .toLowerCase()
    .replaceAll('&', 'and')
    .replace(/[^a-z]/g, '');

const BY_NAME = new Map<string, string>();
for (const [code, name] of Object.entries(GST_STATES)) {
  if (code !== '28' && code !== '25' && code !== '97' && code !== '99') BY_NAME.set(normalise(name), code);
}
for (const [alias, code] of Object.entries(STATE_ALIASES)) BY_NAME.set(alias, code);

/** The GST state code of a state typed as free text ('maharashtra', 'Orissa', 'NCT of Delhi'); null if unknown. */
export function stateCodeOf(name: string | null | undefined): string | null {
  if (!name) return null;
  return BY_NAME.get(normalise(name)) ?? null;
}

export const stateName = (code: string): string => GST_STATES[code] ?? code;

// ---- GSTIN ------------------------------------------------------------------------------------

const BASE36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const GSTIN_SHAPE = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The GSTIN check character of its first 14 characters (the GSTN's base-36 Luhn variant). */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = BASE36.indexOf(first14[i] ?? '') * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return BASE36[(36 - (sum % 36)) % 36]!;
}

/** Why a GSTIN is refused, or null when it is valid (shape, state code and check character). */
export function gstinProblem(gstin: string): string | null {
  if (!GSTIN_SHAPE.test(gstin)) return 'Enter a valid 15-character GSTIN.';
  if (!GST_STATES[gstin.slice(0, 2)]) return 'This GSTIN does not start with a valid state code.';
  if (gstinCheckChar(gstin.slice(0, 14)) !== gstin[14]) return 'This GSTIN has a wrong check digit.';
  return null;
}

/** The store's GSTIN against the state of its registered address (issue 31). */
export const gstinStateMismatch = (stateCode: string) =>
  `The GSTIN's first two digits must be the state code of the registered address (${stateCode} for ${stateName(stateCode)}).`;

/** Checkout's optional field (issue 13). */
export const GSTIN_LABEL = 'Have a GSTIN? Add it for a business invoice';

/** GSTIN (upper-cased, spaces dropped) for storing; validity is gstinProblem's. */
export const normaliseGstin = (value: string) => value.replace(/\s+/g, '').toUpperCase();

// ---- Tax split --------------------------------------------------------------------------------

export interface GoodsLine {
  description: string;
  hsn: string;
  quantity: number;
  unitPricePaise: number;
  /** Rate in basis points: 5% = 500. */
  rateBp: number;
}

export interface Charge {
  description: string;
  /** Printed classification; empty takes the principal supply's HSN, as the rate does. */
  hsn: string;
  amountPaise: number;
}

export interface TaxedRow {
  description: string;
  hsn: string;
  quantity: number;
  unitPricePaise: number;
  /** What the shopper pays for this row after its share of any discount (tax included). */
  totalPaise: number;
  discountPaise: number;
  taxablePaise: number;
  rateBp: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

export interface TaxComputation {
  intraState: boolean;
  goods: TaxedRow[];
  charges: TaxedRow[];
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  roundOffPaise: number;
  grandTotalPaise: number;
}

/** Largest-remainder split of `amount` in proportion to `weights`: the parts add up exactly. */
export function shareInProportion(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  if (amount === 0 || total === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (amount * w) / total);
  const parts = exact.map(Math.floor);
  let left = amount - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i] = (parts[i] ?? 0) + 1;
    left--;
  }
  return parts;
}

/** Rounds n / d (both non-negative integers) half up. */
const roundDiv = (n: number, d: number) => Math.floor((2 * n + d) / (2 * d));

/**
 * Splits a GST-inclusive amount: tax = amount × rate ÷ (1 + rate) rounded half up to the paisa,
 * taxable value = amount − tax, so the two always add back to the amount. Within a state the
 * tax is two equal halves (each half rounded), so CGST = SGST exactly.
 */
export function splitInclusive(amountPaise: number, rateBp: number, intraState: boolean) {
  if (intraState) {
    const half = roundDiv(amountPaise * rateBp, 2 * (10_000 + rateBp));
    return { taxablePaise: amountPaise - 2 * half, cgstPaise: half, sgstPaise: half, igstPaise: 0 };
  }
  const igst = roundDiv(amountPaise * rateBp, 10_000 + rateBp);
  return { taxablePaise: amountPaise - igst, cgstPaise: 0, sgstPaise: 0, igstPaise: igst };
}

export const MAX_ROUND_OFF_PAISE = 50;

/**
 * The invoice of a GST-inclusive order: the discount (coupon and prepaid) shared across the goods
 * lines in proportion to their totals; delivery, platform and COD fees taxed as part of a
 * composite supply at the rate of the principal supply (the goods line with the highest taxable
 * value, the first on a tie); whatever the order's own rounding leaves goes to 'Round off'.
 * Throws if that would exceed 50 paise: the order's figures then disagree, which is a bug.
 */
export function computeInvoiceTax(input: {
  lines: readonly GoodsLine[];
  discountPaise: number;
  charges: readonly Charge[];
  orderTotalPaise: number;
  intraState: boolean;
}): TaxComputation {
  const { intraState } = input;
  const gross = input.lines.map((l) => l.unitPricePaise * l.quantity);
  const grossTotal = gross.reduce((a, b) => a + b, 0);
  const discount = Math.min(Math.max(input.discountPaise, 0), grossTotal);
  const shares = shareInProportion(discount, gross);
  const goods: TaxedRow[] = input.lines.map((l, i) => {
    const totalPaise = (gross[i] ?? 0) - (shares[i] ?? 0);
    return {
      description: l.description,
      hsn: l.hsn,
      quantity: l.quantity,
      unitPricePaise: l.unitPricePaise,
      totalPaise,
      discountPaise: shares[i] ?? 0,
      rateBp: l.rateBp,
      ...splitInclusive(totalPaise, l.rateBp, intraState),
    };
  });
  let principal = goods[0];
  for (const g of goods) if (principal && g.taxablePaise > principal.taxablePaise) principal = g;
  const principalRate = principal?.rateBp ?? 0;
  const charges: TaxedRow[] = input.charges
    .filter((c) => c.amountPaise > 0)
    .map((c) => ({
      description: c.description,
      // A composite supply is classified as its principal supply.
      hsn: c.hsn || principal?.hsn || '',
      quantity: 1,
      unitPricePaise: c.amountPaise,
      totalPaise: c.amountPaise,
      discountPaise: 0,
      rateBp: principalRate,
      ...splitInclusive(c.amountPaise, principalRate, intraState),
    }));
  const rows = [...goods, ...charges];
  const sum = (pick: (r: TaxedRow) => number) => rows.reduce((a, r) => a + pick(r), 0);
  const computed = sum((r) => r.totalPaise);
  const roundOffPaise = input.orderTotalPaise - computed;
  if (Math.abs(roundOffPaise) > MAX_ROUND_OFF_PAISE) {
    throw new RangeError(`Order total ${input.orderTotalPaise} is ${roundOffPaise} paise off its lines`);
  }
  return {
    intraState,
    goods,
    charges,
    taxablePaise: sum((r) => r.taxablePaise),
    cgstPaise: sum((r) => r.cgstPaise),
    sgstPaise: sum((r) => r.sgstPaise),
    igstPaise: sum((r) => r.igstPaise),
    roundOffPaise,
    grandTotalPaise: input.orderTotalPaise,
  };
}

/** '5%' or '12.5%' from basis points. */
export function formatRate(rateBp: number): string {
  return `${(rateBp / 100).toFixed(2).replace(/\.?0+$/, '')}%`;
}

// ---- Numbering --------------------------------------------------------------------------------

/** The Indian financial year (April–March, IST) of an instant: '26-27' for 1 Apr 2026 – 31 Mar 2027. */
export function financialYear(at: Date): string {
  const ist = new Date(at.getTime() + 330 * 60_000);
  const y = ist.getUTCFullYear();
  const start = ist.getUTCMonth() >= 3 ? y : y - 1;
  const two = (n: number) => String(n % 100).padStart(2, '0');
  return `${two(start)}-${two(start + 1)}`;
}

export const MAX_DOCUMENT_NUMBER_LENGTH = 16;
/** The counter's digits every series keeps, at least (1 to 999999 a year). */
export const MIN_COUNTER_DIGITS = 6;
export const SERIES_PREFIX = /^[A-Z0-9]{1,3}$/;
export const SERIES_PREFIX_INVALID =
  'A series prefix is 1 or 2 letters or digits, so invoice and credit note numbers keep six digits for the count within 16 characters.';

/**
 * A series' fixed head and the width its number is padded to (with zeros, never cut): the
 * invoices module builds the same number in the statement that takes it (decision 0027).
 * Credit notes add 'C' to the prefix (`KCC/26-27/000004`): their own series, still 16 characters.
 */
export function documentNumberParts(kind: 'invoice' | 'credit_note', prefix: string, fy: string) {
  const head = `${prefix}${kind === 'credit_note' ? 'C' : ''}/${fy}/`;
  return { head, width: Math.min(MIN_COUNTER_DIGITS, MAX_DOCUMENT_NUMBER_LENGTH - head.length) };
}

/** Whether a prefix leaves six digits for the count in both series (decision 0030). */
export function seriesPrefixFits(prefix: string): boolean {
  if (!SERIES_PREFIX.test(prefix)) return false;
  return (['invoice', 'credit_note'] as const).every(
    (kind) => documentNumberParts(kind, prefix, '00-01').width === MIN_COUNTER_DIGITS,
  );
}

/** Thrown when a series' next number would not fit 16 characters: the owner must shorten the prefix. */
export class SeriesFullError extends RangeError {
  readonly kind: 'invoice' | 'credit_note';
  constructor(kind: 'invoice' | 'credit_note') {
    super(`The ${kind === 'invoice' ? 'invoice' : 'credit note'} series is full for this financial year`);
    this.kind = kind;
  }
}

/**
 * A document number of at most 16 characters (CGST rules 46 and 53): `KC/26-27/000123` for
 * invoices, `KCC/26-27/000004` for credit notes (six digits at least; more while they fit).
 * Throws SeriesFullError when the counter no longer fits: the series is full for the year.
 */
export function documentNumber(kind: 'invoice' | 'credit_note', prefix: string, fy: string, seq: number) {
  const { head, width } = documentNumberParts(kind, prefix, fy);
  const number = `${head}${String(seq).padStart(width, '0')}`;
  if (number.length > MAX_DOCUMENT_NUMBER_LENGTH) throw new SeriesFullError(kind);
  return number;
}

// ---- Amount in words (Indian system) ----------------------------------------------------------

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  const unit = n % 10;
  return `${TENS[Math.floor(n / 10)]}${unit ? `-${ONES[unit]}` : ''}`;
}

/** A whole number in words with crore, lakh, thousand and hundred ('Twelve Lakh Five Thousand'). */
export function numberInWords(n: number): string {
  if (n === 0) return 'Zero';
  const parts: string[] = [];
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const hundred = Math.floor((n % 1000) / 100);
  const rest = n % 100;
  if (crore) parts.push(`${numberInWords(crore)} Crore`);
  if (lakh) parts.push(`${belowHundred(lakh)} Lakh`);
  if (thousand) parts.push(`${belowHundred(thousand)} Thousand`);
  if (hundred) parts.push(`${ONES[hundred]} Hundred`);
  if (rest) parts.push(belowHundred(rest));
  return parts.join(' ');
}

/** 124950 → 'Rupees One Thousand Two Hundred Forty-Nine and Fifty Paise Only'. */
export function amountInWords(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const p = paise % 100;
  return `Rupees ${numberInWords(rupees)}${p ? ` and ${belowHundred(p)} Paise` : ''} Only`;
}

/** Paise as the invoice prints them: '1,249.50' (Indian grouping, always two decimals). */
export function invoiceAmount(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  const rupees = new Intl.NumberFormat('en-IN').format(Math.floor(abs / 100));
  return `${sign}${rupees}.${String(abs % 100).padStart(2, '0')}`;
}
