// The Hindi of every shopper-facing text the API answers with (errors, notices, success lines),
// keyed by the English text itself so the English rules stay where they are and the server can
// translate a reply in one place (plugins/errors.ts and the reply hook in plugins/language.ts).
// Pages may use `toHindi` for the same texts.
//
// An entry is [English, Hindi]. English with {name} holes is a pattern: `Only {stock} left of
// {name}.` matches 'Only 3 left of Haldi.' and the Hindi gets the same values. English constants
// are referenced, not copied, so a changed English text cannot silently lose its Hindi.
// Written as a Hindi-speaking shopper reads a shop, not word for word; common loan words stay
// (कार्ट, ऑर्डर, OTP, पिनकोड, कैश ऑन डिलीवरी, कूपन).

import { COD_MESSAGES, PAY_NOW_MESSAGES } from './cod.ts';
import { CONTACT_TEXTS } from './contracts/contact.ts';
import { GRIEVANCE_TEXTS } from './contracts/grievances.ts';
import { PRIVACY_TEXTS } from './contracts/privacy.ts';
import { COUPON_FIRST_ORDER_ONLY, COUPON_USED_BY_SHOPPER } from './coupons.ts';
import { DELIVERY_MESSAGES } from './delivery.ts';
import { DELIVERY_ISSUE_TEXTS } from './delivery-issue.ts';
import { MESSAGES } from './messages.ts';
import { MESSAGES_HI, specMessages } from './messages-hi.ts';
import { REVIEW_LIMITS, REVIEW_TEXTS } from './reviews.ts';
import { SELF_CANCEL_MESSAGES } from './self-cancel.ts';

export const TEXTS_HI: readonly (readonly [string, string])[] = [
  // The spec's own texts (messages-hi.ts).
  ...(Object.keys(MESSAGES) as (keyof typeof MESSAGES)[]).map((k) => [MESSAGES[k], MESSAGES_HI[k]] as const),
  [
    'Too many coupon attempts. Please wait {seconds} second and try again.',
    specMessages('hi').couponWaitMessage(1),
  ],
  [
    'Too many coupon attempts. Please wait {seconds} seconds and try again.',
    'कूपन की बहुत ज़्यादा कोशिशें हो गईं। कृपया {seconds} सेकंड रुककर फिर कोशिश करें।',
  ],
  // Any other 429, with its real wait (message-functions.ts tooManyRequestsMessage).
  ...(
    [
      ['second', 'सेकंड'],
      ['minute', 'मिनट'],
      ['hour', 'घंटे'],
    ] as const
  ).flatMap(([unit, hindi]) =>
    [unit, `${unit}s`].map(
      (english) =>
        [
          `Too many requests. Please try again in {n} ${english}.`,
          `बहुत ज़्यादा अनुरोध आ गए हैं। कृपया {n} ${hindi} बाद फिर कोशिश करें।`,
        ] as const,
    ),
  ),

  // A full invoice or credit-note series (decision 0030): the owner's setting, rare but shopper-visible.
  [
    'The invoice series has no numbers left this financial year. Shorten the invoice series prefix in GST settings (seriesPrefix) and try again.',
    'इस वित्त वर्ष के इनवॉइस नंबर खत्म हो गए हैं। अभी ऑर्डर नहीं हो सका; कृपया थोड़ी देर बाद फिर कोशिश करें या हमसे संपर्क करें।',
  ],
  [
    'The credit note series has no numbers left this financial year. Shorten the invoice series prefix in GST settings (seriesPrefix) and try again.',
    'इस वित्त वर्ष के क्रेडिट नोट नंबर खत्म हो गए हैं। अभी यह काम नहीं हो सका; कृपया थोड़ी देर बाद फिर कोशिश करें या हमसे संपर्क करें।',
  ],

  // A shopper cancelling their own order.
  [SELF_CANCEL_MESSAGES.packed, 'यह ऑर्डर पैक हो चुका है, इसलिए अब यहाँ से रद्द नहीं हो सकता। कृपया हमसे संपर्क करें।'],
  [SELF_CANCEL_MESSAGES.cancelled, 'यह ऑर्डर पहले ही रद्द हो चुका है।'],
  [SELF_CANCEL_MESSAGES.reason, 'कृपया बताएँ कि आप ऑर्डर क्यों रद्द कर रहे हैं।'],

  // RTO risk at checkout and failed deliveries (issue 34).
  [
    'Cash on delivery is not available for this order. Pay online and save {amount}.',
    'इस ऑर्डर पर कैश ऑन डिलीवरी उपलब्ध नहीं है। ऑनलाइन भुगतान करें और {amount} बचाएँ।',
  ],
  [DELIVERY_ISSUE_TEXTS.notFound, 'डिलीवरी का यह लिंक पुराना हो गया है या सही नहीं है।'],
  [DELIVERY_ISSUE_TEXTS.answered, 'आप इस पार्सल के बारे में पहले ही बता चुके हैं।'],
  [DELIVERY_ISSUE_TEXTS.badDate, 'अगली कोशिश के लिए दिए गए दिनों में से एक चुनें।'],
  [DELIVERY_ISSUE_TEXTS.badPhone, '10 अंकों का सही मोबाइल नंबर डालें।'],
  ['The landmark must be at most 120 characters.', 'लैंडमार्क ज़्यादा से ज़्यादा 120 अक्षरों का हो।'],

  // Delivery and pincodes.
  [DELIVERY_MESSAGES.notServiceable, 'हम अभी इस पिनकोड पर डिलीवरी नहीं करते।'],
  [DELIVERY_MESSAGES.unknownPincode, 'यह पिनकोड हमें नहीं मिला।'],
  ['This pincode is in {state}.', 'यह पिनकोड {state} का है।'],
  [DELIVERY_MESSAGES.codAvailable, 'कैश ऑन डिलीवरी उपलब्ध है'],

  // Cash on delivery and paying a COD order online.
  [COD_MESSAGES.off, 'कैश ऑन डिलीवरी अभी उपलब्ध नहीं है।'],
  [COD_MESSAGES.pincode, 'इस पिनकोड पर कैश ऑन डिलीवरी उपलब्ध नहीं है।'],
  [COD_MESSAGES.rto, 'आपके खाते के लिए कैश ऑन डिलीवरी उपलब्ध नहीं है।'],
  [
    'Cash on delivery is not available above {amount}.',
    '{amount} से ज़्यादा के ऑर्डर पर कैश ऑन डिलीवरी उपलब्ध नहीं है।',
  ],
  [
    'Cash on delivery is available on orders of {amount} or more.',
    'कैश ऑन डिलीवरी {amount} या उससे ज़्यादा के ऑर्डर पर ही उपलब्ध है।',
  ],
  [PAY_NOW_MESSAGES.notPayable, 'इस ऑर्डर का भुगतान अब ऑनलाइन नहीं हो सकता।'],
  [PAY_NOW_MESSAGES.totalChanged, 'चुकाने की राशि बदल गई है। कृपया उसे देखकर दोबारा भुगतान करें।'],
  [PAY_NOW_MESSAGES.paid, 'भुगतान मिल गया। आपके ऑर्डर का भुगतान अब ऑनलाइन हो चुका है।'],
  [
    'This request does not match the earlier one with the same Idempotency-Key.',
    'यह अनुरोध उसी Idempotency-Key वाले पिछले अनुरोध से मेल नहीं खाता।',
  ],
  [
    'Your order total has changed. Please review it and place the order again.',
    'आपके ऑर्डर की कुल राशि बदल गई है। कृपया उसे देखकर दोबारा ऑर्डर करें।',
  ],

  // Coupons.
  [COUPON_USED_BY_SHOPPER, 'आप यह कूपन पहले ही इस्तेमाल कर चुके हैं।'],
  [COUPON_FIRST_ORDER_ONLY, 'यह कूपन सिर्फ़ आपके पहले ऑर्डर के लिए है।'],
  ['Add {amount} more to use this coupon.', 'यह कूपन इस्तेमाल करने के लिए {amount} का सामान और जोड़ें।'],
  ['This coupon has reached its usage limit.', 'यह कूपन जितनी बार इस्तेमाल हो सकता था, हो चुका है।'],
  ['Invalid or expired coupon.', 'यह कूपन सही नहीं है या इसकी मियाद ख़त्म हो चुकी है।'],
  ['Enter a coupon code.', 'कूपन कोड डालें।'],
  ['Coupon not found.', 'यह कूपन नहीं मिला।'],

  // Cart and stock.
  ['Your cart is empty.', 'आपका कार्ट ख़ाली है।'],
  ['Please choose a weight.', 'कृपया वज़न चुनें।'],
  ['Choose a weight.', 'वज़न चुनें।'],
  ['Choose a product.', 'उत्पाद चुनें।'],
  // A recall's remedy (issue 39).
  ['This recall does not offer that.', 'इस रिकॉल में यह विकल्प नहीं है।'],
  // Subscriptions (issue 43).
  ['Choose a quantity from 1 to 40.', '1 से 40 के बीच मात्रा चुनें।'],
  ['Keep it to 500 characters at most.', 'ज़्यादा से ज़्यादा 500 अक्षर लिखें।'],
  ['Quantity must be at least 1.', 'मात्रा कम से कम 1 होनी चाहिए।'],
  ['Quantity must be a whole number.', 'मात्रा पूरी संख्या में होनी चाहिए।'],
  ['This product is not available.', 'यह उत्पाद उपलब्ध नहीं है।'],
  ['This weight is not available for this product.', 'इस उत्पाद का यह वज़न उपलब्ध नहीं है।'],
  ['This item is not in your cart.', 'यह सामान आपके कार्ट में नहीं है।'],
  ['You can only add to your own cart.', 'आप सिर्फ़ अपने कार्ट में ही सामान जोड़ सकते हैं।'],
  ['{name} is out of stock.', '{name} स्टॉक में नहीं है।'],
  ['Only {stock} left of {name}.', '{name} के सिर्फ़ {stock} पैक बचे हैं।'],
  [
    '{name} is no longer available. Please update your cart.',
    '{name} अब उपलब्ध नहीं है। कृपया अपना कार्ट ठीक करें।',
  ],
  ['Variant not found.', 'यह वज़न नहीं मिला।'],
  ['Product not found.', 'उत्पाद नहीं मिला।'],

  // Delivery updates on the phone (issue 42).
  ['Delivery updates on the phone are not available.', 'फ़ोन पर डिलीवरी की जानकारी उपलब्ध नहीं है।'],
  ['Must be base64url.', 'base64url में होना चाहिए।'],

  // Checkout, payment, orders and refunds.
  ['Please select a delivery address.', 'कृपया डिलीवरी का पता चुनें।'],
  ['Amount is required.', 'राशि डालना ज़रूरी है।'],
  ['Amount must be in whole paise.', 'राशि पूरे पैसों में होनी चाहिए।'],
  [
    'Your order total has changed. Please review it and pay again.',
    'आपके ऑर्डर की कुल राशि बदल गई है। कृपया उसे देखकर दोबारा भुगतान करें।',
  ],
  ['Failed to create Razorpay order.', 'भुगतान शुरू नहीं हो सका। कृपया थोड़ी देर बाद फिर कोशिश करें।'],
  ['Payment verification failed.', 'भुगतान की पुष्टि नहीं हो सकी।'],
  ['Payment order not found.', 'यह भुगतान नहीं मिला।'],
  [
    'Online payment is not available right now: the shop has not set up its payment gateway yet. Please try again later.',
    'ऑनलाइन भुगतान अभी उपलब्ध नहीं है: दुकान ने अभी अपना पेमेंट गेटवे चालू नहीं किया है। कृपया बाद में कोशिश करें।',
  ],
  ['Checkout settings not found.', 'चेकआउट अभी उपलब्ध नहीं है।'],
  ['Order not found.', 'ऑर्डर नहीं मिला।'],
  ['Not found.', 'नहीं मिला।'],
  ['This order cannot be paid online.', 'इस ऑर्डर का ऑनलाइन भुगतान नहीं हो सकता।'],
  ['No credit note has been issued for this order.', 'इस ऑर्डर का कोई क्रेडिट नोट जारी नहीं हुआ है।'],
  ...(
    [
      'sold_out',
      'coupon_unavailable',
      'checkout_cancelled',
      'order_cancelled',
      'already_paid',
      'amount_mismatch',
      'order_shipped',
    ] as const
  ).map((reason) => {
    const en = specMessages('en').refundNotice(reason, 100).replace('₹1', '{amount}');
    const hi = specMessages('hi').refundNotice(reason, 100).replace('₹1', '{amount}');
    return [en, hi] as const;
  }),

  // Account, addresses, sign-up.
  ['Address not found.', 'पता नहीं मिला।'],
  ['Address deleted.', 'पता हटा दिया गया।'],
  [
    'This address is linked to existing orders and cannot be deleted.',
    'यह पता पिछले ऑर्डरों से जुड़ा है, इसलिए इसे हटाया नहीं जा सकता।',
  ],
  [
    'An account already exists for this mobile. Please log in.',
    'इस मोबाइल नंबर से खाता पहले से बना है। कृपया लॉग इन करें।',
  ],
  ['You already have an account.', 'आपका खाता पहले से बना हुआ है।'],
  ['Verify this mobile number before signing up.', 'साइन अप से पहले यह मोबाइल नंबर OTP से सत्यापित करें।'],
  ['No account uses this email.', 'इस ईमेल से कोई खाता नहीं है।'],
  ['You can only access your own account.', 'आप सिर्फ़ अपना ही खाता देख सकते हैं।'],
  ['You can only check your own verified number.', 'आप सिर्फ़ अपना सत्यापित नंबर ही जाँच सकते हैं।'],
  ['First name is too long.', 'पहला नाम बहुत लंबा है।'],
  ['Last name is too long.', 'उपनाम बहुत लंबा है।'],
  ['Must be at most {max} characters.', 'ज़्यादा से ज़्यादा {max} अक्षर लिखें।'],
  ['Address type must be Home or Work.', 'पते का प्रकार घर या कार्यालय होना चाहिए।'],

  // Contact.
  [CONTACT_TEXTS.email, 'कृपया सही ईमेल पता डालें।'],
  [CONTACT_TEXTS.phone, 'कृपया सही 10 अंकों का फ़ोन नंबर डालें।'],
  ['Name must be at most {max} characters.', 'नाम ज़्यादा से ज़्यादा {max} अक्षरों का हो सकता है।'],
  ['Message must be at most {max} characters.', 'संदेश ज़्यादा से ज़्यादा {max} अक्षरों का हो सकता है।'],
  [CONTACT_TEXTS.tooMany, 'इस नेटवर्क से बहुत ज़्यादा संदेश आए हैं। कृपया थोड़ी देर बाद कोशिश करें।'],

  // Reviews.
  [
    `Title must be at most ${REVIEW_LIMITS.title} characters.`,
    `शीर्षक ज़्यादा से ज़्यादा ${REVIEW_LIMITS.title} अक्षरों का हो सकता है।`,
  ],
  [
    `Description must be at most ${REVIEW_LIMITS.description} characters.`,
    `समीक्षा ज़्यादा से ज़्यादा ${REVIEW_LIMITS.description} अक्षरों की हो सकती है।`,
  ],
  [REVIEW_TEXTS.productRequired, 'उत्पाद चुनना ज़रूरी है।'],
  [REVIEW_TEXTS.nameRequired, 'नाम लिखना ज़रूरी है।'],
  [REVIEW_TEXTS.thanks, 'धन्यवाद! आपकी समीक्षा भेज दी गई है।'],
  ['Review not found.', 'समीक्षा नहीं मिली।'],

  // Content and the rest of the storefront's API.
  ['Policy not found.', 'यह नीति नहीं मिली।'],
  ['Store settings not found.', 'दुकान की जानकारी अभी उपलब्ध नहीं है।'],
  ['No such image.', 'यह तस्वीर नहीं मिली।'],
  ['Cross-origin request refused.', 'यह अनुरोध किसी दूसरी साइट से आया है, इसलिए स्वीकार नहीं किया गया।'],
  ['Invalid request.', 'अनुरोध सही नहीं है।'],
  ['Invalid request target or Host header.', 'अनुरोध का पता या उसका Host हेडर सही नहीं है।'],
  ['Invalid value.', 'यह जानकारी सही नहीं है।'],
  ['Something went wrong. Please try again.', 'कुछ गड़बड़ हो गई। कृपया दोबारा कोशिश करें।'],
  ['No route for {route}', 'यह पता मौजूद नहीं है: {route}'],

  // Grievances and personal data (issue 35).
  [GRIEVANCE_TEXTS.description, 'अपनी शिकायत लिखें।'],
  [GRIEVANCE_TEXTS.descriptionTooLong, 'शिकायत 4000 अक्षरों के भीतर लिखें।'],
  [GRIEVANCE_TEXTS.name, 'अपना नाम लिखें।'],
  [GRIEVANCE_TEXTS.mobile, 'कृपया 10 अंकों का सही मोबाइल नंबर लिखें।'],
  [GRIEVANCE_TEXTS.email, 'कृपया सही ईमेल पता लिखें।'],
  [GRIEVANCE_TEXTS.notYourOrder, 'यह ऑर्डर आपके खाते में नहीं मिला।'],
  [GRIEVANCE_TEXTS.notFound, 'शिकायत नहीं मिली।'],
  [GRIEVANCE_TEXTS.badMove, 'यह शिकायत इस स्थिति में नहीं जा सकती।'],
  [GRIEVANCE_TEXTS.replyRequired, 'ग्राहक के लिए जवाब लिखें।'],
  [GRIEVANCE_TEXTS.month, 'महीना YYYY-MM के रूप में लिखें।'],
  [PRIVACY_TEXTS.orderInProgress, 'आपका एक ऑर्डर अभी पूरा नहीं हुआ है। उसके पहुँचने के बाद आप अपना खाता मिटा सकते हैं।'],
  [PRIVACY_TEXTS.wrongCode, 'हमने आपके मोबाइल पर जो 6 अंकों का कोड भेजा है, वह लिखें।'],
];

/** Said for a validation problem whose English has no entry (Zod's own default texts). */
export const GENERIC_INVALID_HI = 'कृपया यह जानकारी जाँचकर दोबारा भरें।';

const exact = new Map<string, string>();
const patterns: { re: RegExp; names: string[]; hindi: string }[] = [];
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
for (const [english, hindi] of TEXTS_HI) {
  const names = [...english.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  if (names.length === 0) {
    exact.set(english, hindi);
    continue;
  }
  const source = english
    .split(/\{\w+\}/)
    .map(escapeRe)
    .join('(.+?)');
  patterns.push({ re: new RegExp(`^${source}$`, 's'), names, hindi });
}

/** The Hindi of an English shopper-facing text; null when the catalogue does not know it. */
export function toHindi(english: string): string | null {
  const hit = exact.get(english);
  if (hit !== undefined) return hit;
  for (const p of patterns) {
    const m = p.re.exec(english);
    if (!m) continue;
    return p.names.reduce((text, name, i) => text.replaceAll(`{${name}}`, m[i + 1]!), p.hindi);
  }
  return null;
}
