// Messages of the shopper's rights (issue 35, decision 0036), in English and Hindi: a grievance's
// acknowledgement and the back office's written reply (SMS, and e-mail when one was given), and
// the one-time code that confirms an account's erasure, worded like the login code.
import type { Language, OtpFacts } from './templates.ts';

export interface GrievanceFacts {
  storeName: string;
  ticketNumber: string;
  /** The status page, with the token for a signed-out filer. */
  link: string;
  acknowledgeBy: Date;
  resolveBy: Date;
}

const day = (d: Date, lang: Language) =>
  new Intl.DateTimeFormat(lang === 'hi' ? 'hi-IN' : 'en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  }).format(d);

const STATUS_WORDS: Record<Language, Record<string, string>> = {
  en: { ACKNOWLEDGED: 'acknowledged', RESOLVED: 'resolved', REJECTED: 'closed without action' },
  hi: {
    ACKNOWLEDGED: 'स्वीकार कर ली गई है',
    RESOLVED: 'सुलझा दी गई है',
    REJECTED: 'बिना कार्रवाई के बंद कर दी गई है',
  },
};

const TEXTS = {
  en: {
    ackSms: (f: GrievanceFacts) =>
      `${f.storeName}: we received your complaint ${f.ticketNumber}. We will resolve it by ${day(f.resolveBy, 'en')}. Status: ${f.link}`,
    ackSubject: (f: GrievanceFacts) => `Your complaint ${f.ticketNumber} to ${f.storeName}`,
    ackEmail: (f: GrievanceFacts) =>
      `Namaste,\n\nWe have received your complaint. Your ticket number is ${f.ticketNumber}.\n\nOur grievance officer will acknowledge it by ${day(f.acknowledgeBy, 'en')} and resolve it by ${day(f.resolveBy, 'en')}.\n\nSee its status and our replies at any time: ${f.link}\n\nWarm regards,\n${f.storeName}`,
    replySms: (f: GrievanceFacts, status: string) =>
      `${f.storeName}: your complaint ${f.ticketNumber} has been ${STATUS_WORDS.en[status]}. Read our reply: ${f.link}`,
    replySubject: (f: GrievanceFacts) => `Reply to your complaint ${f.ticketNumber}`,
    replyEmail: (f: GrievanceFacts, status: string, reply: string) =>
      `Namaste,\n\nYour complaint ${f.ticketNumber} has been ${STATUS_WORDS.en[status]}.\n\n${reply}\n\nStatus and all replies: ${f.link}\n\nWarm regards,\n${f.storeName}`,
    erasureSms: (f: OtpFacts) =>
      `${f.code} is your ${f.storeName} code to erase your account. It is valid for ${Math.max(1, Math.round(f.ttlSeconds / 60))} minutes. Do not share it with anyone.`,
  },
  hi: {
    ackSms: (f: GrievanceFacts) =>
      `${f.storeName}: आपकी शिकायत ${f.ticketNumber} हमें मिल गई है। हम इसे ${day(f.resolveBy, 'hi')} तक सुलझा देंगे। स्थिति: ${f.link}`,
    ackSubject: (f: GrievanceFacts) => `${f.storeName} को आपकी शिकायत ${f.ticketNumber}`,
    ackEmail: (f: GrievanceFacts) =>
      `नमस्ते,\n\nआपकी शिकायत हमें मिल गई है। आपका टिकट नंबर ${f.ticketNumber} है।\n\nहमारे शिकायत अधिकारी ${day(f.acknowledgeBy, 'hi')} तक इसकी पावती देंगे और ${day(f.resolveBy, 'hi')} तक इसे सुलझा देंगे।\n\nइसकी स्थिति और हमारे जवाब कभी भी देखें: ${f.link}\n\nसादर,\n${f.storeName}`,
    replySms: (f: GrievanceFacts, status: string) =>
      `${f.storeName}: आपकी शिकायत ${f.ticketNumber} ${STATUS_WORDS.hi[status]}। हमारा जवाब पढ़ें: ${f.link}`,
    replySubject: (f: GrievanceFacts) => `आपकी शिकायत ${f.ticketNumber} का जवाब`,
    replyEmail: (f: GrievanceFacts, status: string, reply: string) =>
      `नमस्ते,\n\nआपकी शिकायत ${f.ticketNumber} ${STATUS_WORDS.hi[status]}।\n\n${reply}\n\nस्थिति और सभी जवाब: ${f.link}\n\nसादर,\n${f.storeName}`,
    erasureSms: (f: OtpFacts) =>
      `${f.code} आपका ${f.storeName} खाता मिटाने का कोड है। यह ${Math.max(1, Math.round(f.ttlSeconds / 60))} मिनट तक मान्य है। इसे किसी के साथ साझा न करें।`,
  },
} satisfies Record<Language, unknown>;

export function grievanceAcknowledgement(f: GrievanceFacts, lang: Language) {
  const t = TEXTS[lang];
  return { sms: t.ackSms(f), email: { subject: t.ackSubject(f), text: t.ackEmail(f) } };
}

export function grievanceReplyMessage(f: GrievanceFacts, status: string, reply: string, lang: Language) {
  const t = TEXTS[lang];
  return {
    sms: t.replySms(f, status),
    email: { subject: t.replySubject(f), text: t.replyEmail(f, status, reply) },
  };
}

export function erasureCodeSms(f: OtpFacts, lang: Language): string {
  return TEXTS[lang].erasureSms(f);
}
