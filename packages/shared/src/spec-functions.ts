// The spec's text functions in each language, apart from the texts (messages.ts, messages-hi.ts):
// every page's bundle carries these functions, while the texts reach pages as root data, so
// importing this module must not pull either language's texts in (decision 0017).
import { couponWaitMessage, percentOffLabel, refundNotice, searchResultsTitle } from './message-functions.ts';
import { formatRupees } from './money.ts';
import type { RefundReason } from './payments.ts';

/** The spec's text functions: texts with a value in them. */
export interface SpecFunctions {
  searchResultsTitle: (q: string) => string;
  percentOffLabel: (n: number) => string;
  couponWaitMessage: (seconds: number) => string;
  refundNotice: (reason: RefundReason, amountPaise: number) => string;
}

const REFUND_CAUSES_HI: Record<RefundReason, string> = {
  sold_out: 'आपके भुगतान के दौरान यह सामान बिक गया।',
  coupon_unavailable: 'आपके भुगतान के दौरान इस ऑर्डर का कूपन ख़त्म हो गया।',
  checkout_cancelled: 'आपका भुगतान आने से पहले इस चेकआउट की जगह नया चेकआउट बन गया।',
  order_cancelled: 'आपका भुगतान आने से पहले यह ऑर्डर रद्द हो गया।',
  already_paid: 'इस ऑर्डर का भुगतान पहले ही किसी दूसरे भुगतान से हो चुका था।',
  amount_mismatch: 'भुगतान की गई राशि आपके ऑर्डर की कुल राशि से मेल नहीं खाती।',
  order_shipped: 'आपका भुगतान आने से पहले यह ऑर्डर भेजा जा चुका था, इसलिए यह कैश ऑन डिलीवरी ही रहेगा।',
};

export const SPEC_FUNCTIONS_EN: SpecFunctions = {
  searchResultsTitle,
  percentOffLabel,
  couponWaitMessage,
  refundNotice,
};

export const SPEC_FUNCTIONS_HI: SpecFunctions = {
  searchResultsTitle: (q) => `"${q}" के खोज परिणाम`,
  percentOffLabel: (n) => `${n}% की छूट`,
  couponWaitMessage: (seconds) => `कूपन की बहुत ज़्यादा कोशिशें हो गईं। कृपया ${seconds} सेकंड रुककर फिर कोशिश करें।`,
  refundNotice: (reason, amountPaise) =>
    `${REFUND_CAUSES_HI[reason]} आपके ${formatRupees(amountPaise)} के भुगतान की वापसी 5–7 कार्यदिवसों में आपके खाते में हो जाएगी।`,
};
