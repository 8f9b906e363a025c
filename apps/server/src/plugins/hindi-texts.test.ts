// Every English text the storefront API can answer a shopper with has its Hindi in
// @spice/shared/texts-hi: the AppError texts written in the server's modules, the messages of the
// storefront contracts, and the shared rule texts (delivery, COD, coupons, refunds, reviews,
// contact, rate limits). A new English text without Hindi fails here, naming it.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { COD_MESSAGES, codAboveMax, codBelowMin, PAY_NOW_MESSAGES } from '@spice/shared/cod';
import { CONTACT_TEXTS } from '@spice/shared/contracts/contact';
import { GRIEVANCE_TEXTS } from '@spice/shared/contracts/grievances';
import { PRIVACY_TEXTS } from '@spice/shared/contracts/privacy';
import { couponBlockText } from '@spice/shared/coupons';
import { DELIVERY_MESSAGES } from '@spice/shared/delivery';
import { couponWaitMessage, MESSAGES, refundNotice } from '@spice/shared/messages';
import { REFUND_REASONS } from '@spice/shared/payments';
import { REVIEW_TEXTS } from '@spice/shared/reviews';
import { toHindi } from '@spice/shared/texts-hi';
import { describe, expect, it } from 'vitest';
import { INVALID_COUPON } from '../modules/coupons/service.ts';
import { NO_CREDIT_NOTE } from '../modules/invoices/service.ts';
import {
  COD_CART_EMPTY,
  COD_TOTAL_CHANGED,
  IDEMPOTENCY_KEY_REUSED,
} from '../modules/orders/cod-placement.ts';
import { ORDER_NOT_FOUND } from '../modules/orders/customer-order.ts';
import { PAYMENT_MESSAGES } from '../modules/orders/service.ts';
import { PAYMENTS_UNAVAILABLE } from '../modules/payments/gateway.ts';

const SERVER = join(import.meta.dirname, '..');
const SHARED = join(import.meta.dirname, '../../../../packages/shared/src');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return files(path);
    return path.endsWith('.ts') && !path.includes('.test.') ? [path] : [];
  });
}

/**
 * Back office, courier and payment-provider texts: the owner or a provider reads them, never a
 * shopper (the back office stays English). Files whose name says admin are left out as a whole.
 */
const NOT_SHOPPER_FACING = new Set([
  'modules/shipping/service.ts',
  'modules/shipping/shiprocket.ts',
  'modules/messaging/routes.ts',
  'modules/messaging/order-messages.ts',
  'modules/jobs/admin-service.ts',
  'modules/media/uploads.ts',
  'modules/media/images.ts',
  'modules/media/service.ts',
  'modules/orders/cod-remittance.ts',
  // The owner's analytics reports (issue 40): back office only.
  'modules/analytics/service.ts',
  // Answers Meta's subscription handshake, never a shopper.
  'modules/messaging/whatsapp-routes.ts',
]);
const BACK_OFFICE_TEXTS = new Set([
  'Invalid webhook signature.',
  'The webhook body is not JSON.',
  'The webhook body is not a JSON object.',
  'These settings changed meanwhile. Reload and try again.',
  'Message not found.',
  // An internal code the route turns into refundNotice(…) before it reaches the shopper.
  'coupon_unavailable',
  // Back-office settings forms whose schemas live beside the shopper's contracts.
  'The maximum order value for cash on delivery must not be below the minimum.',
  'A prepaid percent is a whole number from 1 to 50.',
  'Enter the prepaid discount.',
  'That amount is too large.',
  'Enter pincodes or their first digits, like 110001 or 7901.',
  'At most 500 blocked pincodes.',
  'The return limit is at least 1.',
  'The longest delivery cannot be shorter than the quickest.',
  'At most 500 entries.',
  'Enter holidays as dates like 2026-01-26.',
  'At most 366 holidays.',
  'Reply must be at most 40 characters.',
  // The NDR queue's and the manual courier's forms.
  'Use a date like 2026-01-31.',
  'Say why the courier could not deliver.',
]);

/** The literal English of `new AppError('kind', '…')` / template literals, holes filled with a sample. */
function appErrorTexts(): { file: string; text: string }[] {
  const found: { file: string; text: string }[] = [];
  const re = /new AppError\(\s*'\w+',\s*(`(?:[^`\\]|\\.)*`|'(?:[^'\\]|\\.)*')/g;
  for (const path of files(SERVER)) {
    const file = relative(SERVER, path);
    if (/admin/.test(file) || NOT_SHOPPER_FACING.has(file) || file.startsWith('test/')) continue;
    for (const m of readFileSync(path, 'utf8').matchAll(re)) {
      const text = m[1]!.slice(1, -1).replace(/\$\{[^}]*\}/g, 'Haldi 7');
      if (!BACK_OFFICE_TEXTS.has(text)) found.push({ file, text });
    }
  }
  return found;
}

/** The messages written in the storefront contracts (error:, .min(…, '…'), message: …). */
function contractTexts(): { file: string; text: string }[] {
  const found: { file: string; text: string }[] = [];
  const res = [
    /(?:error|message):\s*('(?:[^'\\]|\\.)*'|`(?:[^`\\]|\\.)*`)/g,
    /\.(?:min|max|regex|int|positive|refine|length)\([^()]*?,\s*('(?:[^'\\]|\\.)*'|`(?:[^`\\]|\\.)*`)\s*\)/g,
  ];
  for (const path of files(join(SHARED, 'contracts'))) {
    const file = relative(SHARED, path);
    // declarations.ts: the product form's declaration fields (back office).
    // offers, analytics, sales-sources, owner-alerts, staff: the back office's offer form, reports, alert settings, staff, batches and recalls.
    if (
      /admin|products-admin|cod-remittance|invoices|shipping|declarations|offers|analytics|sales-sources|owner-alerts|staff|batches|zod\.ts$|common\.ts$/.test(
        file,
      )
    )
      continue;
    const source = readFileSync(path, 'utf8');
    for (const re of res) {
      for (const m of source.matchAll(re)) {
        const text = m[1]!.slice(1, -1).replace(/\$\{[^}]*\}/g, '40');
        if (!BACK_OFFICE_TEXTS.has(text)) found.push({ file, text });
      }
    }
  }
  return found;
}

/** The rule texts the modules answer with, computed from the shared rules themselves. */
function ruleTexts(): string[] {
  const strings = (o: object) => Object.values(o).filter((v): v is string => typeof v === 'string');
  return [
    ...strings(MESSAGES),
    ...strings(DELIVERY_MESSAGES),
    DELIVERY_MESSAGES.stateMismatch('Karnataka'),
    ...strings(COD_MESSAGES),
    codAboveMax(500000),
    codBelowMin(19900),
    ...strings(PAY_NOW_MESSAGES),
    ...strings(CONTACT_TEXTS),
    ...strings(REVIEW_TEXTS),
    ...strings(GRIEVANCE_TEXTS),
    ...strings(PRIVACY_TEXTS),
    couponBlockText({ reason: 'used' }),
    couponBlockText({ reason: 'cart-too-small', amountToGoPaise: 12050 }),
    couponWaitMessage(1),
    couponWaitMessage(42),
    ...REFUND_REASONS.map((reason) => refundNotice(reason, 123456)),
    INVALID_COUPON,
    NO_CREDIT_NOTE,
    COD_CART_EMPTY,
    COD_TOTAL_CHANGED,
    IDEMPOTENCY_KEY_REUSED,
    ORDER_NOT_FOUND,
    ...strings(PAYMENT_MESSAGES),
    PAYMENTS_UNAVAILABLE,
    'Address deleted.',
    'No such image.',
    'Something went wrong. Please try again.',
    'Invalid request.',
  ];
}

describe('every shopper-facing English server text has its Hindi', () => {
  it('finds the texts it checks (the scan itself works)', () => {
    expect(appErrorTexts().length).toBeGreaterThan(30);
    expect(contractTexts().length).toBeGreaterThan(10);
  });

  it('AppError texts of the storefront modules', () => {
    const missing = appErrorTexts().filter((e) => toHindi(e.text) === null);
    expect(missing).toEqual([]);
  });

  it('messages of the storefront contracts', () => {
    const missing = contractTexts().filter((e) => toHindi(e.text) === null);
    expect(missing).toEqual([]);
  });

  it('shared rule texts, values filled in', () => {
    const missing = ruleTexts().filter((text) => toHindi(text) === null);
    expect(missing).toEqual([]);
  });

  it('keeps the values of a pattern in the Hindi', () => {
    expect(toHindi('Only 3 left of Garam Masala.')).toBe('Garam Masala के सिर्फ़ 3 पैक बचे हैं।');
    expect(toHindi(codAboveMax(500000))).toContain('₹5,000');
    expect(toHindi(refundNotice('sold_out', 123456))).toContain('₹1,234.56');
    expect(toHindi('Some text nobody wrote')).toBeNull();
  });
});
