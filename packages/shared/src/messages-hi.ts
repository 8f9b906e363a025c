// The spec's user-facing texts (messages.ts) as a Hindi reader expects them: the same keys, so a
// text added in English without its Hindi fails the type check. Written, not word-for-word.
import type { Lang } from './lang.ts';
import { MESSAGES, SEARCH_PROMPT } from './messages.ts';
import { SPEC_FUNCTIONS_EN, SPEC_FUNCTIONS_HI, type SpecFunctions } from './spec-functions.ts';

export const MESSAGES_HI: Record<keyof typeof MESSAGES, string> = {
  loadingProduct: 'उत्पाद लोड हो रहा है...',
  noReviews: 'अभी तक कोई समीक्षा नहीं। पहली समीक्षा आप लिखें!',
  noSearchMatchesDropdown: 'कोई मिलता-जुलता उत्पाद नहीं मिला',
  noSearchMatchesPage: 'कोई मिलता-जुलता उत्पाद नहीं मिला।',
  outOfStock: 'स्टॉक में नहीं',
  featuredProducts: 'ख़ास उत्पाद',
  policyEmpty: 'सामग्री उपलब्ध नहीं है।',
  policyFailed: 'सामग्री लोड नहीं हो सकी।',
  cartTitle: 'शॉपिंग कार्ट',
  cartEmpty: 'आपका कार्ट ख़ाली है',
  addedToCart: 'कार्ट में जोड़ दिया गया',
  invalidMobile: 'सही 10 अंकों का मोबाइल नंबर डालें।',
  invalidOtp: 'सही 6 अंकों का OTP डालें।',
  wrongOtp: 'OTP ग़लत है। कृपया दोबारा कोशिश करें।',
  resendFailed: 'OTP दोबारा नहीं भेजा जा सका। फिर कोशिश करें।',
  tooManyAttempts: 'बहुत ज़्यादा कोशिशें हो गईं। कृपया थोड़ी देर बाद कोशिश करें।',
  tooManyLogins: 'लॉग इन की बहुत ज़्यादा कोशिशें हो गईं। कृपया 30 मिनट बाद कोशिश करें या कोई दूसरा नंबर इस्तेमाल करें।',
  otpSendFailed: 'OTP नहीं भेजा जा सका। कृपया दोबारा कोशिश करें।',
  networkError: 'नेटवर्क में दिक़्क़त है। कृपया अपना इंटरनेट कनेक्शन जाँचें।',
  invalidEmail: 'सही ईमेल डालें।',
  emailTaken: 'यह ईमेल पहले से किसी दूसरे खाते में दर्ज है। कृपया कोई दूसरा ईमेल इस्तेमाल करें या लॉग इन करें।',
  emailCheckFailed: 'ईमेल जाँचते समय कुछ गड़बड़ हो गई।',
  emailOtpFailed: 'OTP नहीं भेजा जा सका। फिर कोशिश करें।',
  emailOtpWrong: 'ईमेल OTP ग़लत है।',
  emailOtpSent: 'OTP आपके ईमेल पर भेज दिया गया है।',
  emailValidated: 'ईमेल की पुष्टि हो गई।',
  signupRequired: 'कृपया सभी ज़रूरी जानकारी भरें।',
  signupValidateEmail: 'कृपया अपने ईमेल की पुष्टि करें।',
  signupFailed: 'साइन अप नहीं हो सका। फिर कोशिश करें।',
  signupSuccess: 'साइन अप हो गया!',
  addressRequired: 'कृपया सभी ज़रूरी जानकारी भरें।',
  addressPhone: 'कृपया सही फ़ोन नंबर डालें।',
  addressPincode: 'कृपया सही पिनकोड डालें।',
  addressLinked: 'यह पता पिछले ऑर्डरों से जुड़ा है, इसलिए इसे हटाया नहीं जा सकता।',
  addressDeleteFailed: 'पता नहीं हटाया जा सका। कृपया थोड़ी देर बाद कोशिश करें।',
  noAddresses: 'कोई पता सहेजा नहीं गया है।',
  loginRequired: 'आगे बढ़ने के लिए कृपया लॉग इन करें।',
  reviewRating: 'कृपया रेटिंग चुनें।',
  reviewDescription: 'समीक्षा लिखना ज़रूरी है।',
  contactRequired: 'कृपया सभी ज़रूरी जानकारी भरें।',
  contactSent: 'आपका संदेश भेज दिया गया है।',
  contactFailed: 'संदेश नहीं भेजा जा सका। कृपया दोबारा कोशिश करें।',
  notFound: 'नहीं मिला',
  unsupportedCharacters: 'कृपया इस फ़ील्ड से वे अक्षर हटाएँ जो यहाँ नहीं चलते।',
  numberOutOfRange: 'यह संख्या मान्य सीमा से बाहर है।',
};

const SEARCH_PROMPT_HI: Record<keyof typeof SEARCH_PROMPT, string> = {
  title: 'हमारे मसाले खोजें',
  text: 'ऊपर के खोज बॉक्स में किसी मसाले या मिश्रण का नाम लिखें, जैसे गरम मसाला या हल्दी, और Enter दबाएँ।',
  bestsellers: 'सबसे ज़्यादा बिकने वाले',
  tryBestsellers: 'इसके बजाय हमारे सबसे ज़्यादा बिकने वाले मसाले देखें:',
};

/** Every spec text and text function in one language, so server and pages pick by the page's language. */
export interface SpecMessages extends SpecFunctions {
  messages: Record<keyof typeof MESSAGES, string>;
  searchPrompt: Record<keyof typeof SEARCH_PROMPT, string>;
}

const EN: SpecMessages = { messages: MESSAGES, searchPrompt: SEARCH_PROMPT, ...SPEC_FUNCTIONS_EN };

const HI: SpecMessages = { messages: MESSAGES_HI, searchPrompt: SEARCH_PROMPT_HI, ...SPEC_FUNCTIONS_HI };

export function specMessages(lang: Lang): SpecMessages {
  return lang === 'hi' ? HI : EN;
}

/** The Hindi for an English spec message (by its exact text); null when the text is not one of them. */
export function hindiForSpecMessage(english: string): string | null {
  for (const key of Object.keys(MESSAGES) as (keyof typeof MESSAGES)[]) {
    if (MESSAGES[key] === english) return MESSAGES_HI[key];
  }
  return null;
}
