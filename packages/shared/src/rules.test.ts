import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isBannerLive, selectBanner } from './banner.ts';
import { FALLBACK_IMAGE, productImage } from './images.ts';
import { formatPrice, formatRupees, toPaise, toRupees } from './money.ts';
import { policyKindForPath } from './policy.ts';
import { normaliseQuery, searchProducts } from './search.ts';
import { productSlug, SLUG_PATTERN, slugify } from './slug.ts';
import { cardPricing, defaultVariantIndex, isOutOfStock, priceRange } from './variants.ts';

describe('productSlug', () => {
  it('uses the slug field when the product has one', () => {
    expect(productSlug({ id: 7, name: 'Garam Masala', slug: 'garam-masala' })).toBe('garam-masala');
  });
  it('otherwise lowercases the name, hyphenates whitespace and appends the id', () => {
    expect(productSlug({ id: 7, name: 'Kitchen  King\tMasala', slug: null })).toBe('kitchen-king-masala-7');
    expect(productSlug({ id: 3, name: 'Turmeric', slug: '  ' })).toBe('turmeric-3');
  });
  it('slugify makes text that matches the slug pattern', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (text) => {
        const s = slugify(`${text} a`);
        return SLUG_PATTERN.test(s);
      }),
    );
  });
});

describe('banner selection', () => {
  const now = new Date('2026-11-21T10:00:00Z');
  const past = { visible: true, startTime: '2025-10-01T00:00:00Z', endTime: '2025-11-01T00:00:00Z' };
  const future = { visible: true, startTime: '2026-12-01T00:00:00Z', endTime: null };
  const hidden = { visible: false, startTime: null, endTime: null };
  const always = { visible: true, startTime: null, endTime: null };
  const open = { visible: true, startTime: '2026-11-01T00:00:00Z', endTime: '2026-11-30T00:00:00Z' };

  it('skips hidden banners and banners outside their window', () => {
    expect(isBannerLive(past, now)).toBe(false);
    expect(isBannerLive(future, now)).toBe(false);
    expect(isBannerLive(hidden, now)).toBe(false);
    expect(isBannerLive(always, now)).toBe(true);
    expect(isBannerLive(open, now)).toBe(true);
  });
  it('picks the first qualifying banner', () => {
    expect(selectBanner([past, hidden, open, always], now)).toBe(open);
  });
  it('gives null when none qualifies, so the page shows its default', () => {
    expect(selectBanner([past, future, hidden], now)).toBeNull();
  });
  it('treats the window bounds as inclusive', () => {
    expect(
      isBannerLive({ visible: true, startTime: now.toISOString(), endTime: now.toISOString() }, now),
    ).toBe(true);
  });
});

describe('productImage fallback chain', () => {
  it('prefers the first of images, then image, then imageUrl', () => {
    expect(
      productImage({ name: 'x', images: ['/a.svg', '/b.svg'], image: '/c.svg', imageUrl: '/d.svg' }),
    ).toBe('/a.svg');
    expect(productImage({ name: 'x', images: [], image: '/c.svg', imageUrl: '/d.svg' })).toBe('/c.svg');
    expect(productImage({ name: 'x', images: [], image: null, imageUrl: '/d.svg' })).toBe('/d.svg');
  });
  it('falls back to local artwork chosen by name keywords', () => {
    expect(productImage({ name: 'Turmeric Powder' })).toBe('/images/fallback/turmeric.svg');
    expect(productImage({ name: 'Red Chilli Powder' })).toBe('/images/fallback/chili.svg');
    expect(productImage({ name: 'Kashmiri Chili' })).toBe('/images/fallback/chili.svg');
    expect(productImage({ name: 'Coriander Powder' })).toBe('/images/fallback/coriander.svg');
    expect(productImage({ name: 'Garam Masala' })).toBe('/images/fallback/garam.svg');
  });
  it('ends at /default-image.jpg', () => {
    expect(productImage({ name: 'Kasuri Methi' })).toBe(FALLBACK_IMAGE);
    expect(FALLBACK_IMAGE).toBe('/default-image.jpg');
  });
});

describe('searchProducts', () => {
  const products = [
    { name: 'Chicken Masala' },
    { name: 'Garam Masala' },
    { name: 'Masala' },
    { name: 'Masala Chai Mix' },
    { name: 'Turmeric' },
  ];
  it('puts exact matches first, then names starting with the query, then the rest', () => {
    expect(searchProducts(products, 'masala').map((p) => p.name)).toEqual([
      'Masala',
      'Masala Chai Mix',
      'Chicken Masala',
      'Garam Masala',
    ]);
  });
  it('ignores case and surrounding whitespace', () => {
    expect(searchProducts(products, '  TURMERIC ').map((p) => p.name)).toEqual(['Turmeric']);
  });
  it('finds nothing for an empty query', () => {
    expect(searchProducts(products, '   ')).toEqual([]);
  });
  it('only ever returns products whose name contains the query', () => {
    fc.assert(
      fc.property(fc.string(), (q) => {
        const found = searchProducts(products, q);
        return found.every((p) => p.name.toLowerCase().includes(normaliseQuery(q)));
      }),
    );
  });
});

describe('policyKindForPath', () => {
  it('chooses by path, privacy by default', () => {
    expect(policyKindForPath('/return-policy')).toBe('return');
    expect(policyKindForPath('/shipping-policy')).toBe('shipping');
    expect(policyKindForPath('/terms-and-conditions')).toBe('terms');
    expect(policyKindForPath('/privacy-policy')).toBe('privacy');
    expect(policyKindForPath('/anything')).toBe('privacy');
  });
});

describe('variant pricing', () => {
  const v = (weight: string, price: number, mrp: number, stock: number) => ({ weight, price, mrp, stock });
  it('card pricing takes the first variant, defaulting to 0', () => {
    expect(cardPricing([v('100g', 99, 120, 5), v('200g', 180, 200, 5)])).toEqual({
      price: 99,
      mrp: 120,
      off: 18,
    });
    expect(cardPricing([])).toEqual({ price: 0, mrp: 0, off: 0 });
  });
  it('preselects the first in-stock variant', () => {
    expect(defaultVariantIndex([v('50g', 40, 50, 0), v('100g', 70, 80, 3)])).toBe(1);
    expect(defaultVariantIndex([v('50g', 40, 50, 0)])).toBe(0);
  });
  it('gives a single price with MRP and percent off, or a range', () => {
    expect(priceRange([v('100g', 70, 80, 1)])).toEqual({ kind: 'single', price: 70, mrp: 80, off: 13 });
    expect(priceRange([v('100g', 70, 80, 1), v('200g', 130, 150, 1)])).toEqual({
      kind: 'range',
      min: 70,
      max: 130,
    });
    expect(priceRange([v('100g', 0, 0, 1)])).toBeNull();
  });
  it('ranges over the in-stock variants only, as shoppers can buy them', () => {
    const garam = [v('50g', 70, 80, 5), v('100g', 130, 150, 5), v('500g', 560, 640, 0)];
    expect(priceRange(garam)).toEqual({ kind: 'range', min: 70, max: 130 });
    expect(priceRange([v('100g', 99, 120, 3), v('500g', 430, 500, 0)])).toEqual({
      kind: 'single',
      price: 99,
      mrp: 120,
      off: 18,
    });
  });
  it('falls back to every priced variant when none is in stock', () => {
    expect(priceRange([v('50g', 110, 120, 0), v('100g', 199, 240, 0)])).toEqual({
      kind: 'range',
      min: 110,
      max: 199,
    });
  });
  it('is out of stock when no variant has stock and a positive price', () => {
    expect(isOutOfStock([v('100g', 70, 80, 0), v('200g', 0, 0, 5)])).toBe(true);
    expect(isOutOfStock([v('100g', 70, 80, 1)])).toBe(false);
  });
});

describe('money', () => {
  it('converts rupees to paise and back exactly', () => {
    expect(toPaise(120.5)).toBe(12050);
    expect(toPaise(0.1 + 0.2)).toBe(30);
    expect(toRupees(12050)).toBe(120.5);
    expect(() => toPaise(1.234)).toThrow(RangeError);
  });
  it('formats with the rupee sign and Indian grouping', () => {
    expect(formatRupees(129900)).toBe('₹1,299');
    expect(formatRupees(4950)).toBe('₹49.50');
    expect(formatRupees(1000000000)).toBe('₹1,00,00,000');
    expect(formatPrice(99)).toBe('₹99');
  });
});
