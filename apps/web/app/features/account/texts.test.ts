// The account area's English catalogue says what the shared rules say (the server and the
// back office keep using those): a text changed in one place and not the other fails here.

import { consentText } from '@spice/shared/consent-texts';
import {
  CONTACT_LIMITS,
  CONTACT_TEXTS,
  ContactInput,
  contactProblems,
} from '@spice/shared/contracts/contact';
import { PREFERENCE_TEXTS } from '@spice/shared/contracts/message-preferences';
import { MESSAGES } from '@spice/shared/messages';
import { specMessages } from '@spice/shared/messages-hi';
import { RATING_WORDS, REVIEW_LIMITS, REVIEW_TEXTS } from '@spice/shared/reviews';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/messages/en.json';
import hi from '../../i18n/messages/hi.json';
import { compileCatalogue } from '../../i18n/server';
import { createTranslator } from '../../i18n/translate';
import { validateAddress } from '../addresses/address-form';
import { sayContactProblem } from '../contact/contact-form';
import { sayReviewProblem } from '../reviews/rate-form';

const say = (message: string, values?: Record<string, string | number>) =>
  String(new IntlMessageFormat(message, 'en-IN').format(values));

describe('the WhatsApp opt-in’s words (profile and signup form)', () => {
  it.each([
    ['en', en, '.'],
    ['hi', hi, '।'],
  ] as const)('in %s are the words its consent record keeps', (lang, catalogue, stop) => {
    const p = catalogue.messagePrefs;
    const shown = `${new IntlMessageFormat(p.whatsapp, lang).format({ mobile: '9876543210' })}${stop} ${p.whatsappNote}`;
    expect(shown).toBe(consentText('whatsapp', lang, '9876543210'));
  });
});

describe('account catalogue (English) matches the shared texts', () => {
  it('message preferences', () => {
    const p = en.messagePrefs;
    expect(p.heading).toBe(PREFERENCE_TEXTS.heading);
    expect(p.email).toBe(PREFERENCE_TEXTS.email);
    expect(say(p.whatsapp, { mobile: '9876543210' })).toBe(`${PREFERENCE_TEXTS.whatsapp} (+91 9876543210)`);
    expect(p.whatsappNote).toBe(PREFERENCE_TEXTS.whatsappNote);
    expect(p.smsNote).toBe(PREFERENCE_TEXTS.smsNote);
    expect(p.saved).toBe(PREFERENCE_TEXTS.saved);
    expect(p.saveFailed).toBe(PREFERENCE_TEXTS.saveFailed);
  });

  it('contact form problems', () => {
    const e = en.contact.errors;
    expect(e.email).toBe(CONTACT_TEXTS.email);
    expect(e.phone).toBe(CONTACT_TEXTS.phone);
    expect(e.tooMany).toBe(CONTACT_TEXTS.tooMany);
    expect(say(e.nameTooLong, { max: CONTACT_LIMITS.name })).toBe(CONTACT_TEXTS.nameTooLong);
    expect(say(e.messageTooLong, { max: CONTACT_LIMITS.message })).toBe(CONTACT_TEXTS.messageTooLong);
  });

  it('reviews and the rate form', () => {
    expect(en.reviews.thanks).toBe(REVIEW_TEXTS.thanks);
    const e = en.rate.errors;
    expect(say(e.titleTooLong, { max: REVIEW_LIMITS.title })).toBe(REVIEW_TEXTS.titleTooLong);
    expect(say(e.descriptionTooLong, { max: REVIEW_LIMITS.description })).toBe(
      REVIEW_TEXTS.descriptionTooLong,
    );
    expect(e.productRequired).toBe(REVIEW_TEXTS.productRequired);
    expect(e.productNotFound).toBe(REVIEW_TEXTS.productNotFound);
    expect(e.nameRequired).toBe(REVIEW_TEXTS.nameRequired);
    for (const star of [1, 2, 3, 4, 5] as const) expect(en.rate.words[star]).toBe(RATING_WORDS[star]);
  });

  it('every Hindi message of these areas is written in Devanagari, not left in English', () => {
    const areas = [
      'login',
      'signup',
      'profile',
      'address',
      'messagePrefs',
      'contact',
      'reviews',
      'rate',
    ] as const;
    const flat = (o: object): string[] =>
      Object.values(o).flatMap((v) => (typeof v === 'string' ? [v] : flat(v as object)));
    for (const area of areas)
      for (const text of flat(hi[area])) expect(text, `${area}: ${text}`).toMatch(/[\u0900-\u097F]/);
  });
});

describe('address form validation in the page language', () => {
  const valid = {
    name: 'Asha Rao',
    phone: '9876543210',
    pincode: '560001',
    locality: 'MG Road',
    addressLine: '12 Residency Road',
    city: 'Bengaluru',
    state: 'Karnataka',
    landmark: '',
    alternatePhone: '',
    addressType: 'Home' as const,
    isDefault: false,
  };

  it('says a bad pincode in English by default and in Hindi with the Hindi messages', () => {
    expect(validateAddress(valid)).toBeNull();
    expect(validateAddress({ ...valid, pincode: '56001' })).toEqual({
      message: MESSAGES.addressPincode,
      fields: ['pincode'],
    });
    expect(validateAddress({ ...valid, pincode: '56001' }, specMessages('hi').messages)?.message).toBe(
      'कृपया सही पिनकोड डालें।',
    );
    expect(validateAddress({ ...valid, phone: '12345' }, specMessages('hi').messages)).toEqual({
      message: specMessages('hi').messages.addressPhone,
      fields: ['phone'],
    });
  });

  it('applies the shared contract: every missing field at once, both phones, then the limits', () => {
    expect(validateAddress({ ...valid, name: ' ', city: '' })).toEqual({
      message: MESSAGES.addressRequired,
      fields: ['name', 'city'],
    });
    expect(validateAddress({ ...valid, phone: '5876543210', alternatePhone: '123' })).toEqual({
      message: MESSAGES.addressPhone,
      fields: ['phone', 'alternatePhone'],
    });
    // AddressInput's length limits, which the form used to leave to the server.
    expect(validateAddress({ ...valid, name: 'x'.repeat(81) })).toEqual({
      message: 'Must be at most 80 characters.',
      fields: ['name'],
    });
    expect(validateAddress({ ...valid, landmark: 'x'.repeat(121) })?.fields).toEqual(['landmark']);
    const tHi = createTranslator('hi', compileCatalogue(hi));
    const tEn = createTranslator('en', compileCatalogue(en));
    const tooLong = validateAddress({ ...valid, city: 'x'.repeat(81) }, specMessages('hi').messages, (max) =>
      tHi('address.tooLong', { max }),
    );
    expect(tooLong).toEqual({ message: 'ज़्यादा से ज़्यादा 80 अक्षर लिखें।', fields: ['city'] });
    // The catalogue's English says what the contract says.
    expect(tEn('address.tooLong', { max: 80 })).toBe('Must be at most 80 characters.');
  });
});

describe('problems found by the shared rules, said in the page language', () => {
  const tHi = createTranslator('hi', compileCatalogue(hi));
  const tEn = createTranslator('en', compileCatalogue(en));

  it('contact form: the spec texts and CONTACT_TEXTS', () => {
    const parsed = ContactInput.safeParse({
      name: 'x'.repeat(101),
      email: 'a.b',
      phone: '+91 12',
      message: 'Hi',
    });
    expect(parsed.success).toBe(false);
    const { errors } = contactProblems(parsed.error!);
    expect(sayContactProblem(errors.email!, 'hi', tHi)).toBe('कृपया सही ईमेल पता डालें।');
    expect(sayContactProblem(errors.phone!, 'hi', tHi)).toBe('कृपया सही 10 अंकों का फ़ोन नंबर डालें।');
    expect(sayContactProblem(errors.name!, 'hi', tHi)).toBe('नाम ज़्यादा से ज़्यादा 100 अक्षरों का हो सकता है।');
    expect(sayContactProblem(MESSAGES.contactRequired, 'hi', tHi)).toBe('कृपया सभी ज़रूरी जानकारी भरें।');
    // English pages show the shared texts exactly.
    expect(sayContactProblem(errors.email!, 'en', tEn)).toBe(CONTACT_TEXTS.email);
  });

  it('review form: the spec texts and REVIEW_TEXTS', () => {
    expect(sayReviewProblem(MESSAGES.reviewRating, 'hi', tHi)).toBe('कृपया रेटिंग चुनें।');
    expect(sayReviewProblem(REVIEW_TEXTS.titleTooLong, 'hi', tHi)).toBe(
      `शीर्षक ज़्यादा से ज़्यादा ${REVIEW_LIMITS.title} अक्षरों का हो सकता है।`,
    );
    expect(sayReviewProblem(REVIEW_TEXTS.nameRequired, 'en', tEn)).toBe('Name is required.');
  });
});
