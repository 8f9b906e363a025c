// CSV exports for spreadsheets: RFC 4180 quoting, CRLF lines and a byte-order mark.

/**
 * RFC 4180 quoting; a text field starting like a formula (=, +, -, @, tab, CR) gets a leading
 * apostrophe so a spreadsheet shows it instead of running it (shoppers choose their own name and
 * address). Plain signed numbers ('-12.50', '+919876543210') stay numbers.
 */
export function csvField(value: string): string {
  return quoted(spreadsheetSafe(value));
}

/** The apostrophe alone (for a CSV library that does its own quoting, as the streamed exports). */
export function spreadsheetSafe(value: string): string {
  return /^[=+\-@\t\r]/.test(value) && !/^[+-]?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
}

/** RFC 4180 alone: a field with a comma, quote or line break in quotes, its quotes doubled. */
function quoted(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * The whole file. The byte-order mark lets spreadsheet programs read '₹' in a header as UTF-8.
 * `forMachines` (a catalogue feed another service fetches): RFC 4180 only, no byte-order mark and
 * no apostrophe before a formula-like text, so every value arrives exactly as written.
 */
export function csvDocument(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  options: { forMachines?: boolean } = {},
): string {
  const field = options.forMachines ? quoted : csvField;
  const lines = [header, ...rows].map((row) => row.map(field).join(','));
  return `${options.forMachines ? '' : '\uFEFF'}${lines.join('\r\n')}\r\n`;
}

/** A rupee amount from integer paise, with two decimals: 12345 → '123.45'. */
export const csvRupees = (paise: number): string => (paise / 100).toFixed(2);

/** An instant on an Indian clock, as spreadsheets sort it: '2026-11-23 21:05:00'. */
export function csvIstTimestamp(at: Date): string {
  return new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 19).replace('T', ' ');
}
