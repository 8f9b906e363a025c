// The shopper's choice about measurement and advertising tags (issue 38, decision 0042; DPDP Act
// 2023 s.6): 'all' lets the GA4 and Meta tags load; 'necessary' keeps them off. Kept in a
// first-party cookie for a year; a signed-in shopper's choice is also a consent record.

export const CONSENT_COOKIE = 'kc_consent';
export const CONSENT_COOKIE_DAYS = 365;
export type TrackingChoice = 'all' | 'necessary';

/** The choice a Cookie header holds, or null when none was made. */
export function trackingChoice(cookieHeader: string | null | undefined): TrackingChoice | null {
  const match = /(?:^|;\s*)kc_consent=(all|necessary)(?:;|$)/.exec(cookieHeader ?? '');
  return (match?.[1] as TrackingChoice | undefined) ?? null;
}
