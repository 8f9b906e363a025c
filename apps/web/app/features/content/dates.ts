// Dates as shoppers in India read them. Formatted in loaders (on the server) so the server's and
// the browser's Intl data can never disagree during hydration.
const SAVED_DATE = new Intl.DateTimeFormat('en-IN', { dateStyle: 'long', timeZone: 'Asia/Kolkata' });

/** '23 November 2026' for an ISO instant, on an Indian calendar day. */
export function formatSavedDate(iso: string): string {
  return SAVED_DATE.format(new Date(iso));
}
