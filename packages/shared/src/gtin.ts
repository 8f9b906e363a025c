// GTIN (EAN-8, UPC-A, EAN-13, GTIN-14) for the product feeds (issue 38): Google Merchant Center
// refuses an item whose GTIN's check digit is wrong, so the back office refuses it first. GS1's
// rule: from the right, digits other than the check digit are weighted 3, 1, 3, 1, …; the check
// digit brings the sum to a multiple of 10.

export const GTIN_INVALID = 'Enter a GTIN of 8, 12, 13 or 14 digits with a correct check digit.';

/** The check digit of the digits before it. */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** True for 8, 12, 13 or 14 digits whose last one is the check digit of the rest (not all zeros). */
export function isValidGtin(value: string): boolean {
  if (!/^(?:\d{8}|\d{12,14})$/.test(value) || /^0+$/.test(value)) return false;
  return gtinCheckDigit(value.slice(0, -1)) === Number(value.at(-1));
}
