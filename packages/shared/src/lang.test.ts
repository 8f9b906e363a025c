import { describe, expect, it } from 'vitest';
import {
  langFromAcceptLanguage,
  langFromCookie,
  localizePath,
  offersHindi,
  pathLang,
  stripLangPrefix,
} from './lang.ts';
import { MESSAGES } from './messages.ts';
import { hindiForSpecMessage, MESSAGES_HI, specMessages } from './messages-hi.ts';

describe('page language from the path', () => {
  it.each([
    ['/', 'en', '/'],
    ['/cart', 'en', '/cart'],
    ['/hi', 'hi', '/'],
    ['/hi/', 'hi', '/'],
    ['/hi/product/garam-masala', 'hi', '/product/garam-masala'],
    ['/hindi-spices', 'en', '/hindi-spices'],
    ['/history', 'en', '/history'],
  ])('%s is %s and strips to %s', (path, lang, stripped) => {
    expect(pathLang(path)).toBe(lang);
    expect(stripLangPrefix(path)).toBe(stripped);
  });

  it.each([
    ['/', 'hi', '/hi'],
    ['/cart', 'hi', '/hi/cart'],
    ['/search?q=haldi#top', 'hi', '/hi/search?q=haldi#top'],
    ['/hi/cart', 'hi', '/hi/cart'],
    ['/hi/cart?x=1', 'en', '/cart?x=1'],
    ['/hi', 'en', '/'],
    ['?q=1', 'hi', '/hi?q=1'],
  ] as const)('localizePath(%s, %s) is %s', (path, lang, expected) => {
    expect(localizePath(path, lang)).toBe(expected);
  });
});

describe('Accept-Language and the cookie', () => {
  it.each([
    [null, null],
    ['', null],
    ['hi', 'hi'],
    ['hi-IN,hi;q=0.9,en-US;q=0.8,en;q=0.7', 'hi'],
    ['en-IN,en;q=0.9,hi;q=0.8', 'en'],
    ['en;q=0.5,hi;q=0.9', 'hi'],
    ['ta-IN,hi;q=0.8', 'hi'],
    ['fr-FR,de', null],
    ['hi;q=0', null],
  ])('%s asks for %s', (header, lang) => {
    expect(langFromAcceptLanguage(header)).toBe(lang);
  });

  it('reads only a known language from the cookie', () => {
    expect(langFromCookie('sid=abc; lang=hi')).toBe('hi');
    expect(langFromCookie('lang=en')).toBe('en');
    expect(langFromCookie('lang=fr')).toBeNull();
    expect(langFromCookie('xlang=hi')).toBeNull();
    expect(langFromCookie(null)).toBeNull();
  });
});

describe('spec messages in Hindi', () => {
  it('has Hindi for every spec message, none left in English', () => {
    for (const key of Object.keys(MESSAGES) as (keyof typeof MESSAGES)[]) {
      expect(MESSAGES_HI[key], key).toMatch(/[\u0900-\u097F]/);
    }
  });

  it('finds the Hindi for an English text', () => {
    expect(hindiForSpecMessage(MESSAGES.invalidMobile)).toBe(MESSAGES_HI.invalidMobile);
    expect(hindiForSpecMessage('Something else')).toBeNull();
  });

  it('formats the text functions in Hindi', () => {
    const hi = specMessages('hi');
    expect(hi.percentOffLabel(20)).toBe('20% की छूट');
    expect(hi.refundNotice('sold_out', 10_050)).toContain('₹100.50');
    expect(specMessages('en').couponWaitMessage(1)).toContain('1 second ');
  });
});

describe('offersHindi', () => {
  it('offers Hindi on English pages to a first visit that asks for Hindi first', () => {
    expect(offersHindi('/about', null, 'hi-IN,hi;q=0.9,en;q=0.8')).toBe(true);
    expect(offersHindi('/', '', 'hi')).toBe(true);
    expect(offersHindi('/about', 'sid=x', 'en;q=0.5,hi;q=0.9')).toBe(true);
  });

  it('does not offer on Hindi pages, after a choice, or when English comes first', () => {
    expect(offersHindi('/hi/about', null, 'hi')).toBe(false);
    expect(offersHindi('/about', 'lang=en', 'hi')).toBe(false);
    expect(offersHindi('/about', 'a=1; lang=hi', 'hi')).toBe(false);
    expect(offersHindi('/about', null, 'en-IN,hi;q=0.9')).toBe(false);
    expect(offersHindi('/about', null, undefined)).toBe(false);
    expect(offersHindi('/about', 'slang=x', 'ta,hi;q=0.5')).toBe(true);
  });
});
