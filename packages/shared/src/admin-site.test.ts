import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bannerStatus, selectBanner } from './banner.ts';
import {
  CAP_ONLY_FOR_PERCENT,
  CouponCreate,
  CouponUpdate,
  PER_USER_ABOVE_TOTAL,
  PERCENT_MESSAGE,
} from './contracts/admin-coupons.ts';
import {
  AboutSectionCreate,
  BannerCreate,
  END_AFTER_START,
  FooterEdit,
  IMAGE_URL_MESSAGE,
  isSiteOrHttpsUrl,
  MarketplaceLinkCreate,
  ReorderInput,
} from './contracts/admin-site.ts';
import { percentToBasisPoints } from './coupons.ts';
import { istLocalToDate, parseIstDateTime, toIstLocal } from './ist.ts';

const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('IST date-times', () => {
  it('reads a datetime-local value as Indian time (UTC+05:30)', () => {
    expect(istLocalToDate('2026-01-31T18:30')?.toISOString()).toBe('2026-01-31T13:00:00.000Z');
    expect(istLocalToDate('2026-03-01T02:15:30')?.toISOString()).toBe('2026-02-28T20:45:30.000Z');
  });
  it('refuses dates that do not exist and shapes that are not datetime-local', () => {
    expect(istLocalToDate('2026-02-30T10:00')).toBeNull();
    expect(istLocalToDate('2026-01-31T24:00')).toBeNull();
    expect(istLocalToDate('31/01/2026 18:30')).toBeNull();
    expect(parseIstDateTime('2026-01-31')).toBeNull();
    expect(parseIstDateTime('tomorrow')).toBeNull();
  });
  it('takes a full ISO instant with its zone as it is', () => {
    expect(parseIstDateTime('2026-01-31T13:00:00Z')?.toISOString()).toBe('2026-01-31T13:00:00.000Z');
    expect(parseIstDateTime('2026-01-31T18:30:00+05:30')?.toISOString()).toBe('2026-01-31T13:00:00.000Z');
  });
  it('shows an instant on an Indian clock, and reading it back gives the same minute', () => {
    expect(toIstLocal('2026-01-31T13:00:00.000Z')).toBe('2026-01-31T18:30');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_000_000_000 }), (minutes) => {
        const at = new Date(minutes * 60_000);
        return istLocalToDate(toIstLocal(at))?.getTime() === at.getTime();
      }),
    );
  });
});

describe('banner status', () => {
  const now = new Date('2026-11-21T10:00:00Z');
  it('names where each banner stands by the storefront rule', () => {
    expect(bannerStatus({ visible: false, startTime: null, endTime: null }, now)).toBe('hidden');
    expect(bannerStatus({ visible: true, startTime: null, endTime: null }, now)).toBe('live');
    expect(bannerStatus({ visible: true, startTime: '2026-11-22T00:00:00Z', endTime: null }, now)).toBe(
      'scheduled',
    );
    expect(bannerStatus({ visible: true, startTime: null, endTime: '2026-11-21T09:59:59Z' }, now)).toBe(
      'expired',
    );
    // A hidden banner in its window is hidden, not live.
    expect(bannerStatus({ visible: false, startTime: '2026-11-01T00:00:00Z', endTime: null }, now)).toBe(
      'hidden',
    );
  });
  it('calls live exactly the banners selection may pick', () => {
    const window = fc.option(
      fc.integer({ min: -5, max: 5 }).map((d) => new Date(now.getTime() + d * 3_600_000).toISOString()),
    );
    fc.assert(
      fc.property(fc.boolean(), window, window, (visible, startTime, endTime) => {
        const banner = { visible, startTime, endTime };
        return (bannerStatus(banner, now) === 'live') === (selectBanner([banner], now) === banner);
      }),
    );
  });
});

describe('coupon percents', () => {
  it('turns a typed percent into basis points without float drift', () => {
    expect(percentToBasisPoints(10)).toBe(1000);
    expect(percentToBasisPoints(12.5)).toBe(1250);
    expect(percentToBasisPoints(0.29)).toBe(29);
    expect(percentToBasisPoints(33.33)).toBe(3333);
  });
});

describe('back-office content contracts', () => {
  it('accepts https addresses and site paths for images, nothing else', () => {
    expect(isSiteOrHttpsUrl('/images/banners/festive.svg')).toBe(true);
    expect(isSiteOrHttpsUrl('https://cdn.example.in/b.webp')).toBe(true);
    for (const bad of [
      'http://example.in/b.png',
      '//evil.example/b.png',
      'javascript:alert(1)',
      'images/b.png',
      'https://x y.in/a',
      // Browsers resolve each of these to another host.
      '/\\evil.example',
      '/\\/evil.example/b.png',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
    ]) {
      expect(isSiteOrHttpsUrl(bad), bad).toBe(false);
    }
  });

  it('accepts only site paths that a browser keeps on this site', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (tail) => {
        const value = `/${tail}`;
        if (!isSiteOrHttpsUrl(value)) return;
        expect(new URL(value, 'https://shop.example').host, value).toBe('shop.example');
      }),
      { numRuns: 2000 },
    );
  });

  it('reads a banner form: IST times to UTC, blank optional fields to null, the checkbox', () => {
    const parsed = BannerCreate.parse({
      imageUrl: ' /images/banners/festive.svg ',
      alt: 'Festive offer',
      linkUrl: '',
      visible: 'true',
      startTime: '2026-01-31T18:30',
      endTime: '',
    });
    expect(parsed).toEqual({
      imageUrl: '/images/banners/festive.svg',
      alt: 'Festive offer',
      linkUrl: null,
      visible: true,
      startTime: '2026-01-31T13:00:00.000Z',
      endTime: null,
    });
    expect(BannerCreate.parse({ imageUrl: '/b.svg', alt: 'B', visible: 'false' }).visible).toBe(false);
  });

  it('refuses a banner that ends before it starts, and a bad image address, naming the fields', () => {
    const result = BannerCreate.safeParse({
      imageUrl: 'ftp://example.in/b.png',
      alt: 'B',
      startTime: '2026-02-01T10:00',
      endTime: '2026-02-01T10:00',
    });
    expect(issues(result)).toEqual({ imageUrl: IMAGE_URL_MESSAGE, endTime: END_AFTER_START });
  });

  it('footer: blank fields are none, links need both text and address', () => {
    const ok = FooterEdit.parse({
      facebookUrl: '',
      phoneNumber: '+91 98123 45670',
      email: 'care@kesar.in',
      version: '3',
    });
    expect(ok).toMatchObject({
      facebookUrl: null,
      instagramUrl: null,
      phoneNumber: '+91 98123 45670',
      links: [],
      version: 3,
    });
    const bad = FooterEdit.safeParse({
      instagramUrl: 'instagram.com/x',
      email: 'nope',
      phoneNumber: '12',
      links: [{ label: '', url: '/about' }],
      version: 1,
    });
    expect(Object.keys(issues(bad)).sort()).toEqual([
      'email',
      'instagramUrl',
      'links.0.label',
      'phoneNumber',
    ]);
  });

  it('marketplace links go out over https; about sections have one or two images without commas', () => {
    expect(
      issues(MarketplaceLinkCreate.safeParse({ name: 'Amazon', url: '/x', logoUrl: '/a.svg' })),
    ).toHaveProperty('url');
    expect(issues(AboutSectionCreate.safeParse({ title: 'T', body: 'B', imageUrls: [] }))).toEqual({
      imageUrls: 'Add at least one image.',
    });
    expect(
      issues(
        AboutSectionCreate.safeParse({ title: 'T', body: 'B', imageUrls: ['/a.svg', '/b.svg', '/c.svg'] }),
      ),
    ).toEqual({ imageUrls: 'A section has one or two images.' });
    expect(
      issues(AboutSectionCreate.safeParse({ title: 'T', body: 'B', imageUrls: ['/a.svg,/b.svg'] })),
    ).toEqual({
      'imageUrls.0': 'An image address cannot contain a comma.',
    });
    expect(
      AboutSectionCreate.parse({ title: 'T', type: '  ', body: 'B', imageUrls: ['/a.svg'] }).type,
    ).toBeNull();
  });

  it('a reorder names every item once', () => {
    expect(
      ReorderInput.safeParse({
        order: [
          { id: 1, version: 1 },
          { id: 1, version: 2 },
        ],
      }).success,
    ).toBe(false);
    expect(ReorderInput.safeParse({ order: [] }).success).toBe(false);
  });
});

describe('coupon contract', () => {
  const valid = {
    code: '  diwali20 ',
    description: '20% off up to ₹200',
    discountType: 'PERCENT',
    discountValue: '12.5',
    maxDiscount: '200',
    minCartValue: '',
    validFrom: '2026-10-20T00:00',
    validUntil: '2026-11-05T23:59',
    usageLimit: '1000',
    perUserLimit: '1',
    active: 'true',
  };

  it('trims and upper-cases the code, reads rupees, percent and IST times', () => {
    expect(CouponCreate.parse(valid)).toEqual({
      code: 'DIWALI20',
      description: '20% off up to ₹200',
      discountType: 'PERCENT',
      discountValue: 12.5,
      maxDiscount: 200,
      minCartValue: 0,
      validFrom: '2026-10-19T18:30:00.000Z',
      validUntil: '2026-11-05T18:29:00.000Z',
      usageLimit: 1000,
      perUserLimit: 1,
      firstOrderOnly: false,
      active: true,
    });
    expect(CouponCreate.parse({ ...valid, usageLimit: '', perUserLimit: null }).usageLimit).toBeNull();
    expect(CouponCreate.parse({ ...valid, firstOrderOnly: 'true' }).firstOrderOnly).toBe(true);
  });

  it('refuses a percent above 100, a cap on a flat coupon, three decimals and non-positive limits', () => {
    expect(issues(CouponCreate.safeParse({ ...valid, discountValue: '100.5' }))).toEqual({
      discountValue: PERCENT_MESSAGE,
    });
    expect(CouponCreate.safeParse({ ...valid, discountValue: '100' }).success).toBe(true);
    expect(issues(CouponCreate.safeParse({ ...valid, discountType: 'FLAT', discountValue: '50' }))).toEqual({
      maxDiscount: CAP_ONLY_FOR_PERCENT,
    });
    expect(Object.keys(issues(CouponCreate.safeParse({ ...valid, discountValue: '10.125' })))).toEqual([
      'discountValue',
    ]);
    expect(Object.keys(issues(CouponCreate.safeParse({ ...valid, minCartValue: '99.999' })))).toEqual([
      'minCartValue',
    ]);
    expect(
      Object.keys(issues(CouponCreate.safeParse({ ...valid, usageLimit: '0', perUserLimit: '-1' }))).sort(),
    ).toEqual(['perUserLimit', 'usageLimit']);
    expect(Object.keys(issues(CouponCreate.safeParse({ ...valid, usageLimit: '2.5' })))).toEqual([
      'usageLimit',
    ]);
  });

  it('refuses a bad code, an end before the start and a per-shopper limit above the total', () => {
    const result = CouponCreate.safeParse({
      ...valid,
      code: 'NO SPACES',
      validUntil: '2026-10-19T23:00',
      usageLimit: '1',
      perUserLimit: '2',
    });
    expect(issues(result)).toMatchObject({
      code: expect.stringContaining('letters, digits'),
      validUntil: END_AFTER_START,
      perUserLimit: PER_USER_ABOVE_TOTAL,
    });
  });

  it('an update carries the version it was loaded at', () => {
    expect(CouponUpdate.safeParse(valid).success).toBe(false);
    expect(CouponUpdate.parse({ ...valid, version: '4' }).version).toBe(4);
  });
});
