// Input rules of spec sections 5 and 9: mobile, OTP, e-mail, pincode.
export const MOBILE_PATTERN = /^[6-9]\d{9}$/;
export const OTP_PATTERN = /^\d{6}$/;
export const PINCODE_PATTERN = /^\d{6}$/;
/** Practical e-mail shape: something@domain.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export const OTP_LENGTH = 6;
export const COUNTRY_CODE = '+91';

/** Keeps digits only, up to `max` of them: how the mobile, OTP and pincode inputs behave. */
export function digitsOnly(value: string, max: number): string {
  return value.replace(/\D/g, '').slice(0, max);
}

/**
 * A mobile number as typed, pasted or autofilled, reduced to its national digits: spaces, dashes,
 * dots and brackets go, then a leading +91 (always), 91 (on a 12-digit number) or 0 (on an
 * 11-digit number), and only then the 10-digit limit applies. So '+91 98765 01235',
 * '919876501235' and '098765-01235' all give '9876501235', while a 10-digit number starting 91
 * stays whole. Every mobile field and the server's contracts use this one rule.
 */
export function normaliseMobile(value: string): string {
  return withoutCountryPrefix(value).slice(0, 10);
}

/** The server's reading of the same rule: the 10 national digits, or null when there are more. */
export function nationalMobile(value: string): string | null {
  const digits = withoutCountryPrefix(value);
  return digits.length === 10 ? digits : null;
}

function withoutCountryPrefix(value: string): string {
  const compact = value.replace(/[\s\-.()]/g, '');
  const digits = compact.replace(/\D/g, '');
  if (compact.startsWith('+91')) return digits.slice(2);
  if (compact.startsWith('0091')) return digits.slice(4);
  if (digits.length === 12 && digits.startsWith('91')) return digits.slice(2);
  if (digits.length === 11 && digits.startsWith('0')) return digits.slice(1);
  return digits;
}

/** The last 10 digits of a stored or typed number (+91 98… → 98…). */
export function lastTenDigits(value: string): string {
  return value.replace(/\D/g, '').slice(-10);
}

export function isValidMobile(value: string): boolean {
  return MOBILE_PATTERN.test(value);
}

/** A mobile with the +91 prefix ensured. */
export function withCountryCode(mobile: string): string {
  return `${COUNTRY_CODE}${lastTenDigits(mobile)}`;
}

/** Masks all but the last four digits: 98xxxxx210 → ******3210. */
export function maskMobile(mobile: string): string {
  const digits = lastTenDigits(mobile);
  return `${'*'.repeat(Math.max(0, digits.length - 4))}${digits.slice(-4)}`;
}

/** How the shop shows a mobile everywhere: +91 98765 01235 (a 5-5 split, as Indians say it). */
export function formatMobile(mobile: string): string {
  const digits = normaliseMobile(mobile);
  if (digits.length !== 10) return mobile;
  return `${COUNTRY_CODE} ${digits.slice(0, 5)} ${digits.slice(5)}`;
}
