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
