// The product feeds' items (issue 38), built from the catalogue snapshot: Google Merchant Center's
// RSS 2.0 with the g: namespace (English and Hindi) and Meta's catalogue CSV. One item per variant
// of an active product, in stock or not; a product without a picture or a description is left out
// (both catalogues refuse such items) and the back office is told why. Pure: no database.
import type { ProductDto } from '@spice/shared/contracts/catalog';
import type { Lang } from '@spice/shared/lang';
import { baseAmount, isWholeBaseAmount } from '@spice/shared/unit-price';
import type { CatalogSnapshot } from '../catalog/service.ts';

export const GOOGLE_NS = 'http://base.google.com/ns/1.0';
export const GOOGLE_PRODUCT_CATEGORY = 'Food, Beverages & Tobacco > Food Items > Seasonings & Spices';
const PRODUCT_TYPE: Record<Lang, string> = { en: 'Spices & Masalas', hi: 'मसाले' };
const MAX_ADDITIONAL_IMAGES = 10;
const MAX_DESCRIPTION = 5000;

export type LeftOutReason = 'no image' | 'no description';

export interface FeedItem {
  id: string;
  groupId: string;
  title: string;
  description: string;
  link: string;
  image: string;
  additionalImages: string[];
  inStock: boolean;
  /** 'INR' amounts as the feeds write them: '249.00 INR'. */
  price: string;
  salePrice: string | null;
  brand: string;
  gtin: string | null;
  productType: string;
  shippingWeight: string | null;
  unitPricingMeasure: string | null;
  unitPricingBaseMeasure: string | null;
}

export interface FeedItems {
  items: FeedItem[];
  leftOut: { productId: number; name: string; sku: string; reasons: LeftOutReason[] }[];
}

const inr = (rupees: number) => `${rupees.toFixed(2)} INR`;

/** An address as a feed needs it: absolute, from the shop's public origin. */
function absolute(origin: string, src: string): string {
  return /^https?:\/\//.test(src) ? src : `${origin}${src.startsWith('/') ? '' : '/'}${src}`;
}

/** Google's unit pricing: the pack's measure and the base the unit price is per (Google's units). */
function unitPricing(q: ProductDto['variants'][number]['netQuantity']): [string, string] | null {
  if (!q || !isWholeBaseAmount(q)) return null;
  const { amount, base } = baseAmount(q);
  if (base === 'pc') return [`${amount} ct`, '1 ct'];
  return [`${amount} ${base}`, `100 ${base}`];
}

/** Plain text of a description (the catalogue keeps plain text; newlines become spaces). */
const plain = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, MAX_DESCRIPTION);

export function feedItems(
  snapshot: CatalogSnapshot,
  lang: Lang,
  origin: string,
  storeName: string,
): FeedItems {
  const view = snapshot.view(lang);
  const prefix = lang === 'hi' ? '/hi' : '';
  const items: FeedItem[] = [];
  const leftOut: FeedItems['leftOut'] = [];
  for (const product of view.active) {
    const images = product.images.length > 0 ? product.images : product.image ? [product.image] : [];
    const reasons: LeftOutReason[] = [];
    if (images.length === 0) reasons.push('no image');
    if (plain(product.description) === '') reasons.push('no description');
    if (reasons.length > 0) {
      for (const v of product.variants)
        leftOut.push({ productId: product.id, name: product.name, sku: v.sku, reasons });
      continue;
    }
    const [image, ...more] = images.map((src) => absolute(origin, src));
    for (const v of product.variants) {
      const facts = snapshot.feedFacts.get(v.id);
      const pricing = unitPricing(v.netQuantity);
      items.push({
        id: v.sku,
        groupId: String(product.id),
        title: `${product.name} ${v.weight}`.trim(),
        description: plain(product.description),
        link: `${origin}${prefix}/product/${product.slug}?variant=${v.id}`,
        image: image!,
        additionalImages: more.slice(0, MAX_ADDITIONAL_IMAGES),
        inStock: v.stock > 0,
        price: inr(v.mrp),
        salePrice: v.price < v.mrp ? inr(v.price) : null,
        brand: product.brand || storeName,
        gtin: facts?.gtin ?? null,
        productType: PRODUCT_TYPE[lang],
        shippingWeight: facts?.grams ? `${facts.grams} g` : null,
        unitPricingMeasure: pricing?.[0] ?? null,
        unitPricingBaseMeasure: pricing?.[1] ?? null,
      });
    }
  }
  return { items, leftOut };
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
/** Text for XML: escaped, and without the control characters XML 1.0 forbids. */
export function xmlText(value: string): string {
  const allowed = [...value].filter((c) => {
    const code = c.charCodeAt(0);
    return code >= 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
  });
  return allowed.join('').replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
}

/** The Google Merchant Center feed: RSS 2.0, one <item> per variant. */
export function googleFeedXml(
  feed: FeedItems,
  channel: { title: string; link: string; description: string; lang: Lang },
): string {
  const el = (name: string, value: string | null) =>
    value === null ? '' : `<${name}>${xmlText(value)}</${name}>`;
  const items = feed.items.map((i) =>
    [
      '<item>',
      el('g:id', i.id),
      el('g:item_group_id', i.groupId),
      el('title', i.title),
      el('description', i.description),
      el('link', i.link),
      el('g:image_link', i.image),
      ...i.additionalImages.map((src) => el('g:additional_image_link', src)),
      el('g:availability', i.inStock ? 'in_stock' : 'out_of_stock'),
      el('g:price', i.price),
      el('g:sale_price', i.salePrice),
      el('g:brand', i.brand),
      el('g:condition', 'new'),
      el('g:gtin', i.gtin),
      el('g:identifier_exists', i.gtin ? 'yes' : 'no'),
      el('g:google_product_category', GOOGLE_PRODUCT_CATEGORY),
      el('g:product_type', i.productType),
      el('g:shipping_weight', i.shippingWeight),
      el('g:unit_pricing_measure', i.unitPricingMeasure),
      el('g:unit_pricing_base_measure', i.unitPricingBaseMeasure),
      '</item>',
    ].join(''),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<rss version="2.0" xmlns:g="${GOOGLE_NS}">`,
    '<channel>',
    el('title', channel.title),
    el('link', channel.link),
    el('description', channel.description),
    el('language', channel.lang === 'hi' ? 'hi-IN' : 'en-IN'),
    ...items,
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}

export const META_COLUMNS = [
  'id',
  'title',
  'description',
  'availability',
  'condition',
  'price',
  'link',
  'image_link',
  'brand',
  'item_group_id',
  'sale_price',
  'additional_image_link',
] as const;

/** Meta's catalogue rows, in META_COLUMNS order (Meta's availability words: 'in stock'). */
export function metaRows(feed: FeedItems): string[][] {
  return feed.items.map((i) => [
    i.id,
    i.title,
    i.description,
    i.inStock ? 'in stock' : 'out of stock',
    'new',
    i.price,
    i.link,
    i.image,
    i.brand,
    i.groupId,
    i.salePrice ?? '',
    i.additionalImages.join(','),
  ]);
}
