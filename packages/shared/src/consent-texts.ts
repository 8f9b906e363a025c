// The words shown next to each consent (DPDP Act 2023 s.6, decision 0036): the profile shows them
// from here and the consent record keeps the same words, so what was agreed to is what was shown.

import type { ConsentChannel, ConsentPurpose } from './contracts/privacy.ts';
import type { Lang } from './lang.ts';

const TEXTS: Record<ConsentPurpose, Record<Lang, (mobile: string) => string>> = {
  whatsapp: {
    en: (m) =>
      `WhatsApp updates about my orders (+91 ${m}). We send WhatsApp messages only after you opt in here. You can opt out at any time.`,
    hi: (m) =>
      `मेरे ऑर्डरों की जानकारी WhatsApp पर (+91 ${m})। WhatsApp संदेश हम तभी भेजते हैं जब आप यहाँ इसकी अनुमति दें। आप कभी भी इन्हें बंद कर सकते हैं।`,
  },
  tracking: {
    en: () =>
      'Analytics and advertising cookies: Google Analytics and the Meta Pixel may measure my visits and purchases to improve the shop and its ads. I can change this at any time.',
    hi: () =>
      'एनालिटिक्स और विज्ञापन कुकीज़: Google Analytics और Meta Pixel मेरी विज़िट और ख़रीद को माप सकते हैं, ताकि दुकान और उसके विज्ञापन बेहतर हों। मैं इसे कभी भी बदल सकता/सकती हूँ।',
  },
  marketing: {
    en: () => 'Send me offers and news of new spices by SMS and e-mail. I can stop them at any time.',
    hi: () => 'मुझे ऑफ़र और नए मसालों की जानकारी SMS और ईमेल से भेजें। मैं इन्हें कभी भी बंद कर सकता/सकती हूँ।',
  },
};

/** Marketing on one channel (issue 37, decision 0041): offers and cart reminders. */
const MARKETING_BY_CHANNEL: Record<ConsentChannel, Record<Lang, (mobile: string) => string>> = {
  whatsapp: {
    en: (m) =>
      `Send me offers and reminders on WhatsApp (+91 ${m}). At most one a day, never between 9 pm and 10 am. Reply STOP to stop.`,
    hi: (m) =>
      `मुझे ऑफ़र और रिमाइंडर WhatsApp पर भेजें (+91 ${m})। दिन में अधिकतम एक, रात 9 से सुबह 10 बजे के बीच कभी नहीं। बंद करने के लिए STOP लिखें।`,
  },
  sms: {
    en: (m) =>
      `Send me offers and reminders by SMS (+91 ${m}). At most one a day, never between 9 pm and 10 am. Reply STOP to stop.`,
    hi: (m) =>
      `मुझे ऑफ़र और रिमाइंडर SMS से भेजें (+91 ${m})। दिन में अधिकतम एक, रात 9 से सुबह 10 बजे के बीच कभी नहीं। बंद करने के लिए STOP लिखें।`,
  },
  email: {
    en: () =>
      'Send me offers and reminders by e-mail. At most one a day; every e-mail has a link to unsubscribe.',
    hi: () => 'मुझे ऑफ़र और रिमाइंडर ईमेल से भेजें। दिन में अधिकतम एक; हर ईमेल में सदस्यता समाप्त करने का लिंक होता है।',
  },
};

/** The checkout's tick box (issue 37): the words shown there are the words kept. */
export const CHECKOUT_WHATSAPP_CONSENT: Record<Lang, string> = {
  en: 'Send me offers and reminders on WhatsApp',
  hi: 'मुझे ऑफ़र और रिमाइंडर WhatsApp पर भेजें',
};

export function consentText(
  purpose: ConsentPurpose,
  lang: Lang,
  mobile: string,
  channel?: ConsentChannel | null,
): string {
  if (purpose === 'marketing' && channel) return MARKETING_BY_CHANNEL[channel][lang](mobile);
  return TEXTS[purpose][lang](mobile);
}
