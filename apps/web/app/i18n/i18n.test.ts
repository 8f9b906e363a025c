import { localizePath } from '@spice/shared/lang';
import { createElement, isValidElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { formatters } from './format';
import { catalogueFor, compileCatalogue, compileMessage, langOf } from './server';
import { createTranslator, flattenCatalogue } from './translate';

const catalogue = compileCatalogue({
  cart: { count: '{count, plural, one {# item} other {# items}}', plain: 'Cart', hello: 'Hello {name}' },
  policy: { read: 'Read our <link>policy</link>, {name}.' },
});
const hiCatalogue = compileCatalogue({
  cart: { count: '{count, plural, one {# आइटम} other {# आइटम}}', plain: 'कार्ट', hello: 'नमस्ते {name}' },
  policy: { read: 'हमारी <link>नीति</link> पढ़ें, {name}।' },
});
// biome-ignore lint/suspicious/noExplicitAny: test keys are not the app's catalogue keys
const tOf = (lang: 'en' | 'hi', c = catalogue) => createTranslator(lang, c) as any;

describe('translator', () => {
  it('formats ICU plurals by the language’s rules', () => {
    const t = tOf('en');
    expect(t('cart.count', { count: 0 })).toBe('0 items');
    expect(t('cart.count', { count: 1 })).toBe('1 item');
    expect(t('cart.count', { count: 1000 })).toBe('1,000 items');
    const hi = tOf('hi', hiCatalogue);
    expect(hi('cart.count', { count: 0 })).toBe('0 आइटम');
    expect(hi('cart.count', { count: 100000 })).toBe('1,00,000 आइटम');
  });

  it('keeps plain text as text and fills arguments', () => {
    expect(catalogue['cart.plain']).toBe('Cart');
    expect(tOf('en')('cart.hello', { name: 'Asha' })).toBe('Hello Asha');
    expect(tOf('hi', hiCatalogue)('cart.hello', { name: 'आशा' })).toBe('नमस्ते आशा');
  });

  it('renders tags through functions with t.rich', () => {
    const node = tOf('en').rich('policy.read', {
      name: 'Asha',
      link: (chunks: ReactNode[]) => createElement('a', { href: '/return-policy' }, ...chunks),
    });
    expect(isValidElement(node)).toBe(true);
    expect(renderToStaticMarkup(node)).toBe('Read our <a href="/return-policy">policy</a>, Asha.');
  });

  it('shows a missing key as itself instead of failing the page', () => {
    expect(tOf('en')('nope.missing')).toBe('nope.missing');
  });

  it('refuses a catalogue entry that is not valid ICU, naming the key', () => {
    expect(() => compileCatalogue({ a: { b: 'Hello {name' } })).toThrow(/a\.b/);
    expect(() => flattenCatalogue({ a: 3 })).toThrow(/a/);
  });

  it('compiles literal messages to strings and quoted braces to text', () => {
    expect(compileMessage("It's '{'here'}'")).toBe("It's {here}");
    expect(Array.isArray(compileMessage('{n} left'))).toBe(true);
  });

  it('compiles both real catalogues', () => {
    expect(Object.keys(catalogueFor('en')).length).toBeGreaterThan(10);
    expect(Object.keys(catalogueFor('hi'))).toEqual(Object.keys(catalogueFor('en')));
  });
});

describe('langOf', () => {
  it('reads the language from the URL, .data requests included', () => {
    const at = (path: string) => langOf(new Request(`http://shop.test${path}`));
    expect(at('/')).toBe('en');
    expect(at('/hi')).toBe('hi');
    expect(at('/hi/product/haldi')).toBe('hi');
    expect(at('/hi.data')).toBe('hi');
    expect(at('/hi/search.data?q=x')).toBe('hi');
    expect(at('/_root.data')).toBe('en');
    expect(at('/history')).toBe('en');
    expect(at('/product/hi')).toBe('en');
  });

  it('pairs with localizePath for redirects', () => {
    expect(localizePath('/cart?x=1', 'hi')).toBe('/hi/cart?x=1');
  });
});

describe('formats', () => {
  const at = new Date('2026-11-23T15:35:00Z'); // 9:05 pm in India
  it('groups numbers the Indian way in both languages', () => {
    expect(formatters('en').number(10000000)).toBe('1,00,00,000');
    expect(formatters('hi').number(100000)).toBe('1,00,000');
    expect(formatters('hi').number(1234.5)).toBe('1,234.5');
  });

  it('prints dates on the Indian clock, Hindi month names on Hindi pages', () => {
    expect(formatters('en').date(at)).toBe('23 Nov 2026');
    expect(formatters('hi').date(at)).toBe('23 नवंबर 2026');
    // 20:00 UTC is already the next day in India.
    expect(formatters('en').date('2026-01-31T20:00:00Z')).toBe('1 Feb 2026');
    expect(formatters('hi').date('2026-01-31T20:00:00Z')).toBe('1 फ़रवरी 2026');
    expect(formatters('en').dateTime(at)).toBe('23 Nov 2026, 9:05 pm IST');
    expect(formatters('hi').dateTime(at)).toBe('23 नवंबर 2026, रात 9:05 IST');
    expect(formatters('hi').dateTime('2026-11-23T16:54:00Z')).toBe('23 नवंबर 2026, रात 10:24 IST');
    expect(formatters('hi').dateTime('2026-11-23T04:00:00Z')).toBe('23 नवंबर 2026, सुबह 9:30 IST');
  });

  it('refuses what is not a date', () => {
    expect(() => formatters('en').date('not a date')).toThrow(RangeError);
  });
});
