// The shop's English catalogue says exactly what the shared rules say today (the spec's texts and
// the E2E tests read them), and the Hindi one says it in Hindi, not in English.
import {
  COD_MESSAGES,
  codAboveMax,
  codBelowMin,
  PAY_NOW_MESSAGES,
  PAYMENT_STATUS_LABELS,
  paymentModeLabel,
  payNowLabel,
  payOnDeliveryNotice,
  placeCodOrderLabel,
  saveByPayingOnline,
} from '@spice/shared/cod';
import { DELIVERY_MESSAGES, deliveryByLabel } from '@spice/shared/delivery';
import { GSTIN_LABEL, gstinProblem } from '@spice/shared/gst';
import { formatRupees } from '@spice/shared/money';
import { ORDER_STATUSES, statusLabel } from '@spice/shared/order-status';
import { REFUND_STATUSES, refundStatusText } from '@spice/shared/refunds';
import { describe, expect, it } from 'vitest';
import hiJson from '../../i18n/messages/hi.json';
import { catalogueFor } from '../../i18n/server';
import { createTranslator, flattenCatalogue } from '../../i18n/translate';
import { checkoutWords, deliveryDay } from './checkout-words';

const en = createTranslator('en', catalogueFor('en'));
const hi = createTranslator('hi', catalogueFor('hi'));
const rules = { maxOrderPaise: 500_000, minOrderPaise: 20_000 };

describe('the shop’s English catalogue matches the shared rules', () => {
  it('payment, COD and pay-now texts', () => {
    const amount = formatRupees(123_400);
    expect(en('payment.placeCod', { amount })).toBe(placeCodOrderLabel(123_400));
    expect(en('payment.saveOnline', { amount })).toBe(saveByPayingOnline(123_400));
    expect(en('orderSuccess.payOnDelivery', { amount })).toBe(payOnDeliveryNotice(123_400));
    expect(en('payNow.payAndSave', { amount, total: '₹361' })).toBe(payNowLabel(123_400, 36_100));
    expect(en('payNow.pay', { total: '₹361' })).toBe(payNowLabel(0, 36_100));
    expect(en('payNow.paid')).toBe(PAY_NOW_MESSAGES.paid);
    expect(en('payment.modeCod')).toBe(paymentModeLabel('COD'));
    expect(en('payment.modeOnline')).toBe(paymentModeLabel('RAZORPAY'));
    expect(en('payment.statusPaid')).toBe(PAYMENT_STATUS_LABELS.PAID);
    expect(en('payment.statusCodPending')).toBe(PAYMENT_STATUS_LABELS.COD_PENDING);
    expect(en('payment.statusCodCollected')).toBe(PAYMENT_STATUS_LABELS.COD_COLLECTED);
    expect(en('payment.statusRefunded')).toBe(PAYMENT_STATUS_LABELS.REFUNDED);
  });

  it('order statuses and refunds', () => {
    for (const status of ORDER_STATUSES) {
      expect(en(`order.status${status}` as Parameters<typeof en>[0])).toBe(statusLabel(status));
    }
    const keys = {
      pending: 'refund.initiated',
      processed: 'refund.processed',
      failed: 'refund.failed',
    } as const;
    for (const status of REFUND_STATUSES) {
      expect(en(keys[status], { amount: formatRupees(18_000) })).toBe(refundStatusText(status, 18_000));
    }
  });

  it('checkout texts: COD reasons, GSTIN problems, delivery date, rounding rule', () => {
    const words = checkoutWords(en, 'en');
    for (const reason of [...Object.values(COD_MESSAGES), codAboveMax(500_000), codBelowMin(20_000)]) {
      expect(words.codReason(reason, rules)).toBe(reason);
    }
    for (const gstin of ['27AAPFU0939F1Z', '99AAPFU0939F1ZV', '27AAPFU0939F1ZA']) {
      const problem = gstinProblem(gstin);
      expect(problem).not.toBeNull();
      expect(words.gstinProblem(problem as string)).toBe(problem);
    }
    expect(words.deliveryBy({ to: '2026-12-01' })).toBe(deliveryByLabel({ to: '2026-12-01' }));
    expect(en('checkout.notServiceable')).toBe(DELIVERY_MESSAGES.notServiceable);
    expect(en('checkout.gstinSummary')).toBe(GSTIN_LABEL);
    // The coupon dialog says the rounding as a shopper would; the terms keep the exact rule.
    expect(en('checkout.roundingRule')).toBe(
      'Discounts are rounded to whole rupees, so you always pay a whole-rupee amount.',
    );
    expect(en('checkout.roundingRule')).not.toMatch(/paise|nearest|percent/i);
  });
});

describe('the shop in Hindi', () => {
  it('says the COD reasons and GSTIN problems in Hindi, with the amounts', () => {
    const words = checkoutWords(hi, 'hi');
    expect(words.codReason(COD_MESSAGES.pincode, rules)).toBe('इस पिनकोड पर कैश ऑन डिलीवरी उपलब्ध नहीं है।');
    expect(words.codReason(codAboveMax(500_000), rules)).toBe(
      '₹5,000 से ज़्यादा के ऑर्डर पर कैश ऑन डिलीवरी उपलब्ध नहीं है।',
    );
    expect(words.codReason(codBelowMin(20_000), rules)).toContain('₹200');
    expect(words.gstinProblem(gstinProblem('27AAPFU0939F1ZA') as string)).toBe(
      'इस GSTIN का आख़िरी (चेक) अक्षर ग़लत है।',
    );
    expect(hi('payment.placeCod', { amount: '₹1,234' })).toBe('ऑर्डर करें (डिलीवरी पर ₹1,234 दें)');
  });

  it('names the delivery day in Hindi', () => {
    expect(deliveryDay('2026-12-01', 'hi')).toBe('मंगलवार, 1 दिसंबर');
    expect(checkoutWords(hi, 'hi').deliveryBy({ to: '2026-12-01' })).toBe('मंगलवार, 1 दिसंबर तक डिलीवरी');
  });

  it('has no English sentence left in the shop’s Hindi areas', () => {
    const areas = [
      'cart',
      'checkout',
      'payment',
      'orderSuccess',
      'orders',
      'order',
      'tracking',
      'invoice',
      'refund',
      'payNow',
      'deliveryIssue',
      'rto',
    ];
    const hiTexts = Object.entries(flattenCatalogue(hiJson)).filter(([key]) =>
      areas.includes(key.split('.')[0] ?? ''),
    );
    expect(hiTexts.length).toBeGreaterThan(100);
    // Devanagari in every text but the one that is a code (GSTIN).
    for (const [key, text] of hiTexts)
      if (key !== 'checkout.gstin') expect(text, key).toMatch(/[\u0900-\u097F]/);
  });
});
