import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MRP_BELOW_PRICE,
  ProductCreate,
  ProductUpdate,
  SKU_REPEATED,
  SLUG_INVALID,
  WEIGHT_REPEATED,
} from './contracts/products-admin.ts';
import { GTIN_INVALID } from './gtin.ts';
import { defaultSource, productImage, productImageSet, srcSetOf } from './images.ts';
import { sniffImageType, targetWidths } from './media.ts';
import { SLUG_PATTERN, suggestSlug } from './slug.ts';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('sniffImageType', () => {
  it('recognises JPEG, PNG, WebP and AVIF by their first bytes', () => {
    expect(sniffImageType(bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'))).toBe('image/jpeg');
    expect(sniffImageType(bytes([0x89], 'PNG\r\n\x1a\n', [0, 0, 0, 13]))).toBe('image/png');
    expect(sniffImageType(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('image/webp');
    expect(sniffImageType(bytes([0, 0, 0, 28], 'ftypavif', [0, 0, 0, 0], 'avifmif1miaf'))).toBe('image/avif');
  });

  it('finds AVIF among the compatible brands too', () => {
    expect(sniffImageType(bytes([0, 0, 0, 24], 'ftypmif1', [0, 0, 0, 0], 'mif1avif'))).toBe('image/avif');
  });

  it('refuses text named .jpg, SVG, GIF, HEIC and anything too short', () => {
    expect(sniffImageType(bytes('Just some text pretending to be a photo'))).toBeNull();
    expect(sniffImageType(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(bytes('GIF89a', [1, 0, 1, 0]))).toBeNull();
    expect(sniffImageType(bytes([0, 0, 0, 24], 'ftypheic', [0, 0, 0, 0], 'mif1heic'))).toBeNull();
    expect(sniffImageType(bytes([0xff, 0xd8]))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });

  it('never throws on arbitrary bytes', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 64 }), (b) => sniffImageType(b) !== undefined));
  });
});

describe('targetWidths', () => {
  it('makes every product width from a large photo', () => {
    expect(targetWidths('product', 3000)).toEqual([400, 800, 1200]);
  });
  it('never upscales: a narrow image keeps its own width as the widest', () => {
    expect(targetWidths('product', 600)).toEqual([400, 600]);
    expect(targetWidths('product', 300)).toEqual([300]);
    expect(targetWidths('product', 800)).toEqual([400, 800]);
  });
  it('uses wider sizes for banners', () => {
    expect(targetWidths('banner', 5000)).toEqual([800, 1600, 2400]);
  });
});

describe('srcset helpers', () => {
  const sources = [
    { url: '/media/c-1200.webp', width: 1200 },
    { url: '/media/a-400.webp', width: 400 },
    { url: '/media/b-800.webp', width: 800 },
  ];
  it('lists the widths narrowest first', () => {
    expect(srcSetOf(sources)).toBe(
      '/media/a-400.webp 400w, /media/b-800.webp 800w, /media/c-1200.webp 1200w',
    );
    expect(srcSetOf([])).toBe('');
  });
  it('picks about 800 px as the plain src, else the widest', () => {
    expect(defaultSource(sources)).toBe('/media/b-800.webp');
    expect(defaultSource(sources.slice(1, 2))).toBe('/media/a-400.webp');
    expect(defaultSource([])).toBeNull();
  });
  it('gives the first uploaded image with its srcset and keeps the fallback chain for the rest', () => {
    const gallery = [{ src: '/media/b-800.webp', srcSet: srcSetOf(sources) }];
    expect(productImageSet({ name: 'X', images: ['/media/b-800.webp'], gallery })).toEqual({
      src: '/media/b-800.webp',
      srcSet: srcSetOf(sources),
    });
    // Seeded artwork has no widths: a plain src.
    const seeded = { name: 'Garam Masala', images: ['/images/products/garam.svg'], gallery: [] };
    expect(productImageSet(seeded)).toEqual({ src: '/images/products/garam.svg', srcSet: undefined });
    const none = { name: 'Turmeric Powder', images: [], gallery: [] };
    expect(productImageSet(none)).toEqual({ src: productImage(none), srcSet: undefined });
    expect(productImageSet(none).src).toBe('/images/fallback/turmeric.svg');
  });
});

describe('suggestSlug', () => {
  it('slugifies the name and numbers it when taken', () => {
    const taken = new Set(['garam-masala', 'garam-masala-2']);
    expect(suggestSlug('Garam Masala', (s) => taken.has(s))).toBe('garam-masala-3');
    expect(suggestSlug('  Chaat  Masala (Premium) ', () => false)).toBe('chaat-masala-premium');
    expect(suggestSlug('हल्दी', () => false)).toBe('product');
  });
  it('always gives a valid slug that is not taken', () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.string()), (name, others) => {
        const taken = new Set(others);
        const s = suggestSlug(name, (x) => taken.has(x));
        return SLUG_PATTERN.test(s) && !taken.has(s);
      }),
    );
  });
});

describe('product form schema', () => {
  const valid = {
    name: 'Chaat Masala',
    brand: 'Kesar Chakki',
    slug: '',
    about: ['Tangy'],
    variants: [
      { weight: '100 g', price: '60', mrp: '75.50', stock: '40', sku: 'KC-CM-100' },
      { weight: '200 g', price: 110.25, mrp: 140, stock: 25, sku: 'KC-CM-200' },
    ],
  };

  it('accepts rupees with up to two decimals from a form or JSON', () => {
    const parsed = ProductCreate.parse(valid);
    expect(parsed.variants.map((v) => [v.price, v.mrp, v.stock])).toEqual([
      [60, 75.5, 40],
      [110.25, 140, 25],
    ]);
    expect(parsed.active).toBe(true);
  });

  const errorsOf = (input: unknown) => {
    const r = ProductCreate.safeParse(input);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('refuses an MRP below the price on that variant’s MRP field', () => {
    const input = { ...valid, variants: [{ ...valid.variants[0], price: '80', mrp: '79.99' }] };
    expect(errorsOf(input)).toEqual({ 'variants.0.mrp': MRP_BELOW_PRICE });
  });

  it('refuses three decimals, zero and text prices', () => {
    const v = valid.variants[0]!;
    expect(Object.keys(errorsOf({ ...valid, variants: [{ ...v, price: '60.555' }] }))).toEqual([
      'variants.0.price',
    ]);
    expect(errorsOf({ ...valid, variants: [{ ...v, price: '0' }] })['variants.0.price']).toBe(
      'Enter a price above ₹0.',
    );
    expect(Object.keys(errorsOf({ ...valid, variants: [{ ...v, mrp: 'abc' }] }))).toContain('variants.0.mrp');
  });

  it('takes an optional GTIN only with a correct check digit (issue 38)', () => {
    const [a, b] = valid.variants;
    const gtins = (g: unknown) =>
      ProductCreate.parse({ ...valid, variants: [{ ...a, gtin: g }, b] }).variants[0]!.gtin;
    expect(gtins('8901058851298')).toBe('8901058851298');
    expect(gtins(' 8901 0588 51298 ')).toBe('8901058851298');
    expect(gtins('')).toBeNull();
    expect(ProductCreate.parse(valid).variants[0]!.gtin).toBeNull();
    expect(errorsOf({ ...valid, variants: [{ ...a, gtin: '8901058851297' }, b] })).toEqual({
      'variants.0.gtin': GTIN_INVALID,
    });
  });

  it('refuses repeated SKUs (any case) and weights, a bad slug, no variants', () => {
    const [a, b] = valid.variants;
    expect(errorsOf({ ...valid, variants: [a, { ...b, sku: 'kc-cm-100' }] })).toEqual({
      'variants.1.sku': SKU_REPEATED,
    });
    expect(errorsOf({ ...valid, variants: [a, { ...b, weight: '100G' }] })).toEqual({
      'variants.1.weight': WEIGHT_REPEATED,
    });
    expect(errorsOf({ ...valid, slug: 'Garam Masala' })).toEqual({ slug: SLUG_INVALID });
    expect(errorsOf({ ...valid, variants: [] })).toEqual({ variants: 'Add at least one variant.' });
    expect(errorsOf({ ...valid, name: ' ' })).toEqual({ name: 'Enter the product name.' });
  });

  it('needs the loaded version to save an edit', () => {
    expect(ProductUpdate.safeParse(valid).success).toBe(false);
    expect(ProductUpdate.parse({ ...valid, version: '3' }).version).toBe(3);
  });
});
