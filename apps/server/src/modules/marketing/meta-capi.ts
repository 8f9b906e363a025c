// Meta's Conversions API (issue 38, decision 0042): the server's copy of the browser's `Purchase`,
// sent by a durable job after the order is placed, so a failure retries (the job queue's backoff)
// and never delays or fails the order. Only for a shopper who accepted the advertising tags (the
// consent cookie at placement), only when META_PIXEL_ID and META_CAPI_TOKEN are set. The mobile
// and e-mail leave as SHA-256 of their normalised form, as Meta specifies (customer information
// parameters: e-mail trimmed and lower-cased; phone digits only with the country code, no '+' or
// leading zeros). `event_id` is the order number, which the browser's Pixel event carries as its
// eventID, so Meta counts the purchase once.
import { createHash } from 'node:crypto';
import type { PurchaseFacts } from '../orders/purchase-event.ts';

export const META_CAPI_JOB = 'meta-capi-purchase';

export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Meta's normalised phone: digits only, with India's country code when given as 10 digits. */
export function normalisedPhone(mobile: string): string {
  const digits = mobile.replace(/\D/g, '').replace(/^0+/, '');
  return digits.length === 10 ? `91${digits}` : digits;
}

export const normalisedEmail = (email: string) => email.trim().toLowerCase();

/** What the placing request told of the browser: Meta wants them for website events. */
export interface BrowserFacts {
  ip: string;
  userAgent: string;
  /** The page the purchase completed on. */
  url: string;
  /** Meta's browser cookie (_fbp), when the Pixel set one. */
  fbp?: string | undefined;
}

export function capiPurchaseBody(facts: PurchaseFacts, browser: BrowserFacts) {
  const { event } = facts;
  const fbclid = facts.attribution?.last.fbclid;
  const user_data: Record<string, unknown> = {
    ph: [sha256(normalisedPhone(facts.mobile))],
    client_ip_address: browser.ip,
    client_user_agent: browser.userAgent,
  };
  if (facts.email) user_data.em = [sha256(normalisedEmail(facts.email))];
  if (fbclid) user_data.fbc = `fb.1.${Date.parse(facts.attribution!.last.at)}.${fbclid}`;
  if (browser.fbp) user_data.fbp = browser.fbp;
  return {
    data: [
      {
        event_name: 'Purchase',
        event_time: Math.floor(facts.createdAt.getTime() / 1000),
        event_id: event.transaction_id,
        action_source: 'website',
        event_source_url: browser.url,
        user_data,
        custom_data: {
          currency: event.currency,
          value: event.value,
          order_id: event.transaction_id,
          content_type: 'product',
          contents: event.items.map((i) => ({ id: i.item_id, quantity: i.quantity, item_price: i.price })),
          num_items: event.items.reduce((n, i) => n + i.quantity, 0),
        },
      },
    ],
  };
}

export interface MetaCapiConfig {
  pixelId: string;
  token: string;
  /** https://graph.facebook.com/v21.0, or a loopback fake in tests. */
  apiUrl: string;
  timeoutMs: number;
}

/** The job's work: one POST; anything but a 2xx throws, so the queue retries it later. */
export function createMetaCapi(
  config: MetaCapiConfig,
  deps: { purchaseFacts: (orderNumber: string) => Promise<PurchaseFacts | null> },
) {
  return async function send(payload: Record<string, unknown>): Promise<void> {
    const facts = await deps.purchaseFacts(String(payload.orderNumber));
    if (!facts) return; // The order is gone (erased): nothing to report.
    const body = capiPurchaseBody(facts, payload.browser as BrowserFacts);
    const url = `${config.apiUrl}/${encodeURIComponent(config.pixelId)}/events?access_token=${encodeURIComponent(config.token)}`;
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
    if (!response.ok) throw new Error(`Meta Conversions API answered ${response.status}`);
  };
}
