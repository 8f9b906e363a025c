import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Attribution, decodeAttribution, encodeAttribution, touchOf, withTouch } from './attribution.ts';

const at = new Date('2026-11-20T10:00:00Z');
const touch = (url: string, referrer?: string) => touchOf(new URL(url), referrer, 'shop.example', at);

describe('touchOf', () => {
  it.each([
    // [landing, referrer, source, medium, campaign]
    [
      'https://shop.example/?utm_source=Instagram&utm_medium=paid&utm_campaign=diwali',
      undefined,
      'instagram',
      'paid',
      'diwali',
    ],
    ['https://shop.example/?utm_source=whatsapp', undefined, 'whatsapp', '(none)', null],
    ['https://shop.example/product/x?gclid=abc', 'https://www.google.com/', 'google', 'cpc', null],
    ['https://shop.example/?fbclid=xyz', 'https://l.instagram.com/', 'instagram', 'paid_social', null],
    ['https://shop.example/?fbclid=xyz', undefined, 'facebook', 'paid_social', null],
    ['https://shop.example/', 'https://www.google.co.in/', 'google', 'organic', null],
    ['https://shop.example/', 'https://wa.me/', 'whatsapp', 'social', null],
    ['https://shop.example/', 'https://blog.example.org/post', 'blog.example.org', 'referral', null],
  ])('%s from %s → %s / %s', (url, referrer, source, medium, campaign) => {
    expect(touch(url, referrer)).toMatchObject({ source, medium, campaign });
  });

  it('is no touch for a direct visit or a move within the shop', () => {
    expect(touch('https://shop.example/cart')).toBeNull();
    expect(touch('https://shop.example/cart', 'https://shop.example/')).toBeNull();
  });

  it('keeps the referrer host and every parameter, cut to 100 characters', () => {
    const t = touch(
      `https://shop.example/?utm_source=a&utm_content=c&utm_term=t&utm_campaign=${'x'.repeat(300)}`,
      'https://news.example/',
    );
    expect(t).toMatchObject({ content: 'c', term: 't', referrer: 'news.example' });
    expect(t?.campaign).toHaveLength(100);
  });
});

describe('withTouch', () => {
  const first = touch('https://shop.example/?utm_source=google&utm_medium=cpc')!;
  it('keeps the first touch and moves the last', () => {
    const later = touchOf(
      new URL('https://shop.example/?utm_source=whatsapp'),
      null,
      'shop.example',
      new Date('2026-11-25T00:00:00Z'),
    )!;
    expect(withTouch(withTouch(null, first), later)).toEqual({ first, last: later });
  });
  it('starts again after 30 days', () => {
    const late = touchOf(
      new URL('https://shop.example/?utm_source=email'),
      null,
      'shop.example',
      new Date('2026-12-21T00:00:00Z'),
    )!;
    expect(withTouch({ first, last: first }, late)).toEqual({ first: late, last: late });
  });
});

describe('the cookie', () => {
  it('reads back what it wrote, and nothing older than 30 days', () => {
    const a: Attribution = {
      first: touch('https://shop.example/?utm_source=a')!,
      last: touch('https://shop.example/?gclid=1')!,
    };
    expect(decodeAttribution(encodeAttribution(a), new Date('2026-11-21T00:00:00Z'))).toEqual(a);
    expect(decodeAttribution(encodeAttribution(a), new Date('2026-12-21T00:00:00Z'))).toBeNull();
  });
  it('never throws on whatever the shopper writes in it', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const read = decodeAttribution(value, at);
        expect(read === null || typeof read.first.source === 'string').toBe(true);
      }),
    );
    expect(decodeAttribution('{"first":1}', at)).toBeNull();
  });
});
