// The checkout's words that the shared rules (cod, delivery, gst) write in English, in the page's
// language. English reads exactly as those rules write it; checkout-words.test.ts keeps it so.
import { COD_MESSAGES, codAboveMax, codBelowMin } from '@spice/shared/cod';
import { deliveryDay } from '@spice/shared/delivery';
import type { Lang } from '@spice/shared/lang';
import { formatRupees } from '@spice/shared/money';
import { type MessageKey, type Translate, useLang, useT } from '../../i18n';

const GSTIN_PROBLEMS: Record<string, MessageKey> = {
  'Enter a valid 15-character GSTIN.': 'checkout.gstinShape',
  'This GSTIN does not start with a valid state code.': 'checkout.gstinState',
  'This GSTIN has a wrong check digit.': 'checkout.gstinCheck',
};

export { deliveryDay };

export function checkoutWords(t: Translate, lang: Lang) {
  return {
    deliveryBy: (estimate: { to: string }) =>
      t('checkout.deliveryBy', { date: deliveryDay(estimate.to, lang) }),
    /** gstinProblem()'s English sentence in the page's language. */
    gstinProblem: (problem: string) => {
      const key = GSTIN_PROBLEMS[problem];
      return key ? t(key) : problem;
    },
    /** codAvailability()'s reason in the page's language. */
    codReason: (reason: string, rules: { maxOrderPaise: number | null; minOrderPaise: number }) => {
      if (reason === COD_MESSAGES.off) return t('payment.codOff');
      if (reason === COD_MESSAGES.pincode) return t('payment.codPincode');
      if (reason === COD_MESSAGES.rto) return t('payment.codRto');
      if (rules.maxOrderPaise !== null && reason === codAboveMax(rules.maxOrderPaise)) {
        return t('payment.codAboveMax', { amount: formatRupees(rules.maxOrderPaise) });
      }
      if (reason === codBelowMin(rules.minOrderPaise)) {
        return t('payment.codBelowMin', { amount: formatRupees(rules.minOrderPaise) });
      }
      return reason;
    },
  };
}

export function useCheckoutWords() {
  return checkoutWords(useT(), useLang());
}
