// Rupee amounts as people write them in a spreadsheet ('249', '249.5', '249.00', '₹1,249.00'),
// read into integer paise from the text itself: no float ever holds the amount, so '0.29' is 29
// paise and never 28.999… (issue 41, products CSV import).

/**
 * Digits, with Indian (1,00,000) or Western (100,000) grouping commas or none, then up to two
 * decimals. '249,00' (a European decimal comma) matches neither grouping, so it is refused.
 */
const AMOUNT = /^(\d{1,2}(?:,\d{2})*,\d{3}|\d{1,3}(?:,\d{3})*|\d+)(?:\.(\d{1,2}))?$/;

/** The largest amount an import accepts: ₹10 lakh, as the product form does. */
export const MAX_IMPORT_PAISE = 1_000_000_00;

export type RupeeTextResult = { ok: true; paise: number } | { ok: false; message: string };

export const RUPEE_TEXT_MESSAGE = 'Write rupees with up to two decimals, like 249 or 249.00.';

/** '₹ 1,249.50' → 124950 paise; a sign, letters, three decimals or more than ₹10 lakh are refused. */
export function readRupeeText(text: string): RupeeTextResult {
  const cleaned = text
    .trim()
    .replace(/^₹\s*/, '')
    .replace(/^Rs\.?\s*/i, '');
  const m = AMOUNT.exec(cleaned);
  if (!m) return { ok: false, message: RUPEE_TEXT_MESSAGE };
  const whole = (m[1] ?? '').replaceAll(',', '');
  const fraction = (m[2] ?? '').padEnd(2, '0');
  if (whole.length > 9) return { ok: false, message: 'That amount is too large.' };
  const paise = Number(whole) * 100 + Number(fraction);
  if (paise > MAX_IMPORT_PAISE) return { ok: false, message: 'That amount is too large.' };
  return { ok: true, paise };
}

/** 24900 → '249.00': how the export writes an amount, and what the import reads back. */
export function rupeeText(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
