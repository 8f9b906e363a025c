import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AuditPage, CHANGED_MEANWHILE } from '@spice/shared/contracts/admin';
import { Product } from '@spice/shared/contracts/catalog';
import {
  AdminProduct,
  type AdminProductDto,
  AdminProductRow,
  IMAGES_CHANGED,
  MRP_BELOW_PRICE,
  SKU_TAKEN,
  SLUG_TAKEN,
  SlugCheck,
  variantInUseMessage,
} from '@spice/shared/contracts/products-admin';
import {
  IMAGE_MISSING,
  IMAGE_TYPE_REFUSED,
  IMAGE_UNREADABLE,
  imageTooLargeMessage,
} from '@spice/shared/media';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../seed/demo-seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addAddress, addToCart, createPaymentOrder, payAndPlace } from '../../test/commerce.ts';
import { type Shopper, signUp, verifyMobile } from '../../test/shoppers.ts';
import { fileCount, imageForm, jpegPhoto, multipart, pngImage } from '../../test/uploads.ts';

let t: TestApp;
let shopper: Shopper;
let adminCookie: string;
let mediaDir: string;

beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), 'spice-media-'));
  // A long cache: the storefront must see changes because saving invalidates it, not because it expired.
  t = await createTestApp({
    env: { CATALOG_CACHE_SECONDS: '3600', MEDIA_DIR: mediaDir, MEDIA_MAX_UPLOAD_MB: '1' },
  });
  shopper = await signUp(t.app, '9870000001');
  adminCookie = (await verifyMobile(t.app, DEMO_ADMIN.mobile)).cookie;
});
afterAll(async () => {
  await t.close();
  await rm(mediaDir, { recursive: true, force: true });
});

const asAdmin = (opts: InjectOptions) =>
  t.app.inject({ ...opts, headers: { ...(opts.headers ?? {}), cookie: adminCookie } });

/** What publishing needs beyond the shop's defaults (decision 0035); net quantities come from '100 g'. */
const OWN_DECLARATIONS = {
  genericName: 'Spice blend (chaat masala)',
  ingredients: 'Black salt, dried mango powder, cumin',
  shelfLifeMonths: 12,
};

const newProduct = (suffix: string) => ({
  name: `Chaat Masala ${suffix}`,
  declarations: OWN_DECLARATIONS,
  brand: 'Kesar Chakki',
  description: 'Tangy and bright.',
  about: ['Sprinkle on fruit', 'No added colour'],
  variants: [
    { weight: '100 g', price: 60, mrp: 75.5, stock: 40, sku: `KC-CM-${suffix}-100` },
    { weight: '200 g', price: 110.25, mrp: 140, stock: 25, sku: `KC-CM-${suffix}-200` },
  ],
});

async function create(body: object): Promise<AdminProductDto> {
  const res = await asAdmin({ method: 'POST', url: '/api/admin/products', payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return AdminProduct.parse(res.json());
}

/** What the storefront's API shows right now (the cached snapshot). */
async function storefront(id: number) {
  const all = (await t.app.inject('/api/products')).json() as unknown[];
  const found = all.map((p) => Product.parse(p)).find((p) => p.id === id);
  return found ?? null;
}

/** The products the home page lists (its loader reads the same snapshot in-process). */
const homeIds = async () => (await t.app.services.catalog.listActive()).map((p) => p.id);

const lastAudit = async () =>
  AuditPage.parse((await asAdmin({ url: '/api/admin/audit' })).json()).content[0]!;

/** The form's save: the product as loaded, with changes, and each variant's loaded stock. */
const editPayload = (p: AdminProductDto, changes: Record<string, unknown> = {}) => ({
  name: p.name,
  brand: p.brand,
  description: p.description,
  slug: p.slug,
  bestseller: p.bestseller,
  active: p.active,
  about: p.about,
  variants: p.variants.map(({ removable: _, ...v }) => ({ ...v, loadedStock: v.stock })),
  version: p.version,
  ...changes,
});

describe('role checks on the product and media endpoints', () => {
  it('answers 401 logged out and 403 to a shopper on every one', async () => {
    const upload = imageForm(await pngImage(50, 50), 'a.png', 'image/png');
    const endpoints: InjectOptions[] = [
      { method: 'GET', url: '/api/admin/products' },
      { method: 'GET', url: '/api/admin/products/1' },
      { method: 'GET', url: '/api/admin/products/slug-check?slug=x' },
      { method: 'POST', url: '/api/admin/products', payload: newProduct('X') },
      { method: 'PUT', url: '/api/admin/products/1', payload: { ...newProduct('X'), version: 1 } },
      { method: 'PUT', url: '/api/admin/products/1/active', payload: { active: false, version: 1 } },
      { method: 'POST', url: '/api/admin/products/1/images', ...upload },
      { method: 'PUT', url: '/api/admin/products/1/images/order', payload: { ids: [1] } },
      { method: 'PUT', url: '/api/admin/products/1/images/1', payload: { alt: 'x' } },
      { method: 'DELETE', url: '/api/admin/products/1/images/1' },
      { method: 'POST', url: '/api/admin/media?kind=banner', ...upload },
    ];
    const filesBefore = await fileCount(mediaDir);
    for (const endpoint of endpoints) {
      expect((await t.app.inject(endpoint)).statusCode, `${endpoint.method} ${endpoint.url}`).toBe(401);
      expect((await shopper.request(endpoint)).statusCode, `${endpoint.method} ${endpoint.url}`).toBe(403);
    }
    expect(await fileCount(mediaDir)).toBe(filesBefore);
  });
});

describe('creating a product', () => {
  it('saves it with two variants in paise, shows it on the storefront at once and audits it', async () => {
    const warm = await t.app.inject('/api/products');
    expect(warm.statusCode).toBe(200);

    const created = await create({ ...newProduct('A'), slug: '', bestseller: true });
    expect(created).toMatchObject({
      slug: 'chaat-masala-a',
      active: true,
      bestseller: true,
      version: 1,
      about: ['Sprinkle on fruit', 'No added colour'],
    });
    expect(created.variants.map((v) => [v.weight, v.price, v.mrp, v.stock, v.removable])).toEqual([
      ['100 g', 60, 75.5, 40, true],
      ['200 g', 110.25, 140, 25, true],
    ]);

    const shown = await storefront(created.id);
    expect(shown).toMatchObject({ name: 'Chaat Masala A', slug: 'chaat-masala-a', active: true });
    expect(shown!.variants.map((v) => v.price)).toEqual([60, 110.25]);
    const bySlug = await t.app.inject('/api/products/slug/chaat-masala-a');
    expect(bySlug.statusCode).toBe(200);
    expect(await homeIds()).toContain(created.id);

    const audit = await lastAudit();
    expect(audit).toMatchObject({
      action: 'product.create',
      entity: 'product',
      entityId: String(created.id),
      before: null,
      after: { name: 'Chaat Masala A', variants: [{ sku: 'KC-CM-A-100', price: 60 }, { price: 110.25 }] },
    });

    const rows = (
      (await asAdmin({ url: '/api/admin/products?q=chaat%20masala%20a' })).json() as unknown[]
    ).map((r) => AdminProductRow.parse(r));
    expect(rows).toEqual([
      expect.objectContaining({
        id: created.id,
        minPrice: 60,
        maxPrice: 110.25,
        totalStock: 65,
        variantCount: 2,
      }),
    ]);
  });

  it('refuses an MRP below the price with the field named, saving nothing', async () => {
    const body = newProduct('B');
    body.variants[1] = { ...body.variants[1]!, price: 150, mrp: 149.99 };
    const res = await asAdmin({ method: 'POST', url: '/api/admin/products', payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ 'variants.1.mrp': MRP_BELOW_PRICE });
    const rows = (await asAdmin({ url: '/api/admin/products?q=Chaat%20Masala%20B' })).json() as unknown[];
    expect(rows).toEqual([]);
  });

  it('refuses prices with more than two decimals', async () => {
    const body = newProduct('C');
    body.variants[0] = { ...body.variants[0]!, price: 60.555 };
    const res = await asAdmin({ method: 'POST', url: '/api/admin/products', payload: body });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['variants.0.price']);
  });

  it('refuses a taken slug and a taken SKU as field errors, and saves nothing half', async () => {
    const takenSlug = await asAdmin({
      method: 'POST',
      url: '/api/admin/products',
      payload: { ...newProduct('D'), slug: 'garam-masala' },
    });
    expect(takenSlug.statusCode).toBe(409);
    expect(takenSlug.json()).toMatchObject({ message: SLUG_TAKEN, errors: { slug: SLUG_TAKEN } });

    const body = newProduct('E');
    body.variants[1] = { ...body.variants[1]!, sku: 'kc-cm-a-100' };
    const takenSku = await asAdmin({ method: 'POST', url: '/api/admin/products', payload: body });
    expect(takenSku.statusCode).toBe(409);
    expect(takenSku.json().errors).toEqual({ 'variants.1.sku': SKU_TAKEN });
    expect((await asAdmin({ url: '/api/admin/products?q=Masala%20E' })).json()).toEqual([]);
    expect((await asAdmin({ url: '/api/admin/products?q=Masala%20D' })).json()).toEqual([]);
  });

  it('checks slugs for the form and suggests a free one from the name', async () => {
    const check = async (query: string) =>
      SlugCheck.parse((await asAdmin({ url: `/api/admin/products/slug-check?${query}` })).json());
    expect(await check('slug=garam-masala&name=Garam%20Masala')).toEqual({
      slug: 'garam-masala',
      available: false,
      message: SLUG_TAKEN,
      suggestion: 'garam-masala-2',
    });
    expect((await check('slug=Bad%20Slug')).available).toBe(false);
    expect(await check('slug=&name=Kala%20Namak')).toMatchObject({
      available: true,
      suggestion: 'kala-namak',
    });
    // The product's own slug is free for itself.
    const own = (await asAdmin({ url: '/api/admin/products?q=Garam' })).json()[0] as { id: number };
    expect((await check(`slug=garam-masala&productId=${own.id}`)).available).toBe(true);
  });
});

describe('editing a product', () => {
  it('saves fields and variants (edit, add, remove, reorder) in one go; the storefront shows it at once; audited', async () => {
    const p = await create(newProduct('F'));
    await storefront(p.id);
    const [small, large] = p.variants;
    const res = await asAdmin({
      method: 'PUT',
      url: `/api/admin/products/${p.id}`,
      payload: editPayload(p, {
        name: 'Chaat Masala Fresh',
        slug: 'chaat-masala-fresh',
        about: ['New line'],
        variants: [
          { weight: '500 g', price: 250, mrp: 300, stock: 5, sku: 'KC-CM-F-500' },
          { ...large!, removable: undefined, price: 99.5, loadedStock: large!.stock },
        ],
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = AdminProduct.parse(res.json());
    expect(saved.version).toBe(p.version + 1);
    expect(saved.variants.map((v) => [v.weight, v.price, v.sku])).toEqual([
      ['500 g', 250, 'KC-CM-F-500'],
      ['200 g', 99.5, 'KC-CM-F-200'],
    ]);
    expect(saved.variants[1]!.id).toBe(large!.id);

    const shown = await storefront(p.id);
    expect(shown).toMatchObject({
      name: 'Chaat Masala Fresh',
      slug: 'chaat-masala-fresh',
      about: ['New line'],
    });
    expect(shown!.variants.map((v) => v.weight)).toEqual(['500 g', '200 g']);

    const audit = await lastAudit();
    expect(audit).toMatchObject({
      action: 'product.update',
      entityId: String(p.id),
      before: {
        name: 'Chaat Masala F',
        version: p.version,
        variants: [{ id: small!.id }, { id: large!.id }],
      },
      after: { name: 'Chaat Masala Fresh', version: p.version + 1 },
    });
  });

  it('refuses a save from a stale version with a clear message, and one of two racing saves wins', async () => {
    const p = await create(newProduct('G'));
    const first = await asAdmin({
      method: 'PUT',
      url: `/api/admin/products/${p.id}`,
      payload: editPayload(p, { name: 'First' }),
    });
    expect(first.statusCode).toBe(200);
    const stale = await asAdmin({
      method: 'PUT',
      url: `/api/admin/products/${p.id}`,
      payload: editPayload(p, { name: 'Second' }),
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(CHANGED_MEANWHILE);
    expect((await storefront(p.id))!.name).toBe('First');

    const current = AdminProduct.parse(first.json());
    const results = await Promise.all(
      ['Racer one', 'Racer two'].map((name) =>
        asAdmin({
          method: 'PUT',
          url: `/api/admin/products/${p.id}`,
          payload: editPayload(current, { name }),
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);

    // A product that does not exist (deleted meanwhile, or never) is 404, not 409.
    const missing = await asAdmin({
      method: 'PUT',
      url: `/api/admin/products/${p.id + 100_000}`,
      payload: editPayload(current, { name: 'Nowhere' }),
    });
    expect([missing.statusCode, missing.json().message]).toEqual([404, 'Product not found.']);
  });

  it('applies a stock edit as a difference, so units sold since the page loaded stay sold', async () => {
    const p = await create(newProduct('H'));
    const variant = p.variants[0]!;
    // Meanwhile 10 units leave (a sale or an adjustment): 40 -> 30.
    const adjusted = await asAdmin({
      method: 'POST',
      url: `/api/admin/variants/${variant.id}/stock`,
      payload: { change: -10, reason: 'Sold at the fair' },
    });
    expect(adjusted.statusCode).toBe(200);
    const variants = editPayload(p).variants.map((v, i) => (i === 0 ? { ...v, stock: 45 } : v));
    const res = await asAdmin({
      method: 'PUT',
      url: `/api/admin/products/${p.id}`,
      payload: editPayload(p, { variants, version: p.version }),
    });
    expect(res.statusCode, res.body).toBe(200);
    // The form said 40 -> 45 (+5), applied to the current 30.
    expect(AdminProduct.parse(res.json()).variants[0]!.stock).toBe(35);
  });

  it('keeps a variant that orders refer to and says why; removes one nobody bought', async () => {
    const p = await create(newProduct('I'));
    const [bought, spare] = p.variants;
    const buyer = await signUp(t.app, '9870000002');
    const addressId = await addAddress(buyer);
    await addToCart(buyer, p.id, bought!.weight);
    const payment = await createPaymentOrder(buyer, addressId);
    expect(payment.statusCode, payment.body).toBe(200);

    const withoutBought = editPayload(p, { variants: editPayload(p).variants.slice(1) });
    const pending = await asAdmin({
      method: 'PUT',
      url: `/api/admin/products/${p.id}`,
      payload: withoutBought,
    });
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toBe(variantInUseMessage('100 g'));

    await payAndPlace(buyer, payment.json().orderId);
    const loaded = AdminProduct.parse((await asAdmin({ url: `/api/admin/products/${p.id}` })).json());
    expect(loaded.variants.map((v) => v.removable)).toEqual([false, true]);
    const ordered = await asAdmin({
      method: 'PUT',
      url: `/api/admin/products/${loaded.id}`,
      payload: editPayload(loaded, { variants: editPayload(loaded).variants.slice(1) }),
    });
    expect(ordered.statusCode).toBe(409);
    // Nothing half-saved: the refused save left the product as it was.
    expect((await storefront(p.id))!.variants).toHaveLength(2);

    const withoutSpare = editPayload(loaded, { variants: editPayload(loaded).variants.slice(0, 1) });
    const removed = await asAdmin({
      method: 'PUT',
      url: `/api/admin/products/${p.id}`,
      payload: withoutSpare,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await storefront(p.id))!.variants.map((v) => v.id)).toEqual([bought!.id]);
    expect(spare).toBeDefined();
  });

  it('swaps SKUs between two variants of the same product', async () => {
    const p = await create(newProduct('J'));
    const variants = editPayload(p).variants;
    const swapped = [
      { ...variants[0]!, sku: variants[1]!.sku },
      { ...variants[1]!, sku: variants[0]!.sku },
    ];
    const res = await asAdmin({
      method: 'PUT',
      url: `/api/admin/products/${p.id}`,
      payload: editPayload(p, { variants: swapped }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(AdminProduct.parse(res.json()).variants.map((v) => v.sku)).toEqual(['KC-CM-J-200', 'KC-CM-J-100']);
  });

  it('deactivates and activates against the version; the storefront hides and shows it at once', async () => {
    const p = await create(newProduct('K'));
    await homeIds();
    const off = await asAdmin({
      method: 'PUT',
      url: `/api/admin/products/${p.id}/active`,
      payload: { active: false, version: p.version },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(await homeIds()).not.toContain(p.id);
    expect((await storefront(p.id))!.active).toBe(false);
    expect(await lastAudit()).toMatchObject({
      action: 'product.deactivate',
      before: { active: true },
      after: { active: false },
    });

    const stale = await asAdmin({
      method: 'PUT',
      url: `/api/admin/products/${p.id}/active`,
      payload: { active: true, version: p.version },
    });
    expect(stale.statusCode).toBe(409);
    const on = await asAdmin({
      method: 'PUT',
      url: `/api/admin/products/${p.id}/active`,
      payload: { active: true, version: off.json().version },
    });
    expect(on.statusCode).toBe(200);
    expect(await homeIds()).toContain(p.id);

    const inactiveList = (await asAdmin({ url: '/api/admin/products?status=inactive' })).json() as {
      active: boolean;
    }[];
    expect(inactiveList.every((r) => r.active === false)).toBe(true);
    expect(inactiveList.length).toBeGreaterThan(0);
  });
});

describe('product images', () => {
  let product: AdminProductDto;
  beforeAll(async () => {
    product = await create(newProduct('IMG'));
  });
  const upload = (form: ReturnType<typeof multipart>, id = product.id) =>
    asAdmin({ method: 'POST', url: `/api/admin/products/${id}/images`, ...form });

  it('resizes an upload to 400/800/1200 px WebP without metadata, serves it immutable, and the storefront gets a srcset', async () => {
    await storefront(product.id);
    const res = await upload(imageForm(await jpegPhoto(), 'pack.jpg', 'image/jpeg', 'Front of the pack'));
    expect(res.statusCode, res.body).toBe(201);
    const saved = AdminProduct.parse(res.json());
    const [image] = saved.images;
    expect(image).toMatchObject({ alt: 'Front of the pack', width: 1200, height: 900 });
    expect(image!.url).toMatch(/^\/media\/[a-f0-9]{20}-800\.webp$/);
    expect(image!.srcSet).toMatch(
      /^\/media\/\S+-400\.webp 400w, \/media\/\S+-800\.webp 800w, \/media\/\S+-1200\.webp 1200w$/,
    );

    const shown = await storefront(product.id);
    expect(shown!.images).toEqual([image!.url]);
    expect(shown!.gallery[0]).toMatchObject({
      src: image!.url,
      srcSet: image!.srcSet,
      alt: 'Front of the pack',
    });

    const file = await t.app.inject(image!.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 800, height: 600 });
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();

    expect(await lastAudit()).toMatchObject({ action: 'product.image.add', after: { url: image!.url } });
    expect((await t.app.inject('/media/../../etc/passwd')).statusCode).toBe(404);
    expect((await t.app.inject('/media/0123456789abcdef0123-800.webp')).statusCode).toBe(404);
  });

  it('refuses a text file named .jpg, a GIF, a damaged JPEG and an empty form, storing nothing', async () => {
    const before = await fileCount(mediaDir);
    const fake = await upload(
      imageForm(Buffer.from('I am only text, not a photo.\n'.repeat(20)), 'holiday.jpg', 'image/jpeg'),
    );
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toEqual({ message: IMAGE_TYPE_REFUSED, errors: { file: IMAGE_TYPE_REFUSED } });

    const gif = await upload(
      imageForm(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'), 'anim.gif', 'image/gif'),
    );
    expect(gif.json().message).toBe(IMAGE_TYPE_REFUSED);

    const damaged = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 7)]);
    const broken = await upload(imageForm(damaged, 'broken.jpg'));
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe(IMAGE_UNREADABLE);

    const empty = await upload(multipart([{ name: 'alt', value: 'nothing' }]));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(IMAGE_MISSING);

    const json = await asAdmin({
      method: 'POST',
      url: `/api/admin/products/${product.id}/images`,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);

    expect(await fileCount(mediaDir)).toBe(before);
    const current = AdminProduct.parse((await asAdmin({ url: `/api/admin/products/${product.id}` })).json());
    expect(current.images).toHaveLength(1);
  });

  it('refuses a file above MEDIA_MAX_UPLOAD_MB with 413 and the limit named, storing nothing', async () => {
    const before = await fileCount(mediaDir);
    const big = Buffer.concat([await jpegPhoto(200, 200), Buffer.alloc(1.2 * 1024 * 1024, 1)]);
    const res = await upload(imageForm(big, 'huge.jpg'));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      message: imageTooLargeMessage(1),
      errors: { file: imageTooLargeMessage(1) },
    });
    expect(res.json().message).toBe('The image is larger than 1 MB. Please upload a smaller file.');
    expect(await fileCount(mediaDir)).toBe(before);
  });

  it('reorders, changes alt text and deletes images; the storefront follows at once', async () => {
    const second = await upload(imageForm(await pngImage(600, 600), 'bowl.png', 'image/png'));
    expect(second.statusCode, second.body).toBe(201);
    const withTwo = AdminProduct.parse(second.json());
    const [a, b] = withTwo.images;
    expect(b!.srcSet).toMatch(/400w, .*600w$/);

    const reordered = await asAdmin({
      method: 'PUT',
      url: `/api/admin/products/${product.id}/images/order`,
      payload: { ids: [b!.id, a!.id] },
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect((await storefront(product.id))!.images).toEqual([b!.url, a!.url]);
    expect(await lastAudit()).toMatchObject({
      action: 'product.image.reorder',
      before: { order: [a!.id, b!.id] },
    });

    const wrongSet = await asAdmin({
      method: 'PUT',
      url: `/api/admin/products/${product.id}/images/order`,
      payload: { ids: [a!.id] },
    });
    expect(wrongSet.statusCode).toBe(409);
    expect(wrongSet.json().message).toBe(IMAGES_CHANGED);

    const alt = await asAdmin({
      method: 'PUT',
      url: `/api/admin/products/${product.id}/images/${b!.id}`,
      payload: { alt: 'A bowl of masala' },
    });
    expect(alt.statusCode).toBe(200);
    expect((await storefront(product.id))!.gallery[0]!.alt).toBe('A bowl of masala');
    // Hindi pages: the owner's Hindi alt when written, else one made from the Hindi name.
    const hindiGallery = async () =>
      Product.parse((await t.app.inject(`/api/products/slug/${product.slug}?lang=hi`)).json()).gallery;
    expect((await hindiGallery())[0]!.alt).toMatch(/की तस्वीर$/);
    const altHi = await asAdmin({
      method: 'PUT',
      url: `/api/admin/products/${product.id}/images/${b!.id}`,
      payload: { alt: 'A bowl of masala', altHi: 'मसाले की कटोरी' },
    });
    expect(altHi.statusCode, altHi.body).toBe(200);
    expect(altHi.json().images[0]).toMatchObject({ alt: 'A bowl of masala', altHi: 'मसाले की कटोरी' });
    expect((await hindiGallery())[0]!.alt).toBe('मसाले की कटोरी');
    expect((await storefront(product.id))!.gallery[0]!.alt).toBe('A bowl of masala');

    const deleted = await asAdmin({
      method: 'DELETE',
      url: `/api/admin/products/${product.id}/images/${b!.id}`,
    });
    expect(deleted.statusCode).toBe(200);
    expect((await storefront(product.id))!.images).toEqual([a!.url]);
    expect(await lastAudit()).toMatchObject({
      action: 'product.image.delete',
      before: { url: b!.url },
      after: null,
    });
    const again = await asAdmin({
      method: 'DELETE',
      url: `/api/admin/products/${product.id}/images/${b!.id}`,
    });
    expect(again.statusCode).toBe(404);
    // Another product's image id is not this product's.
    const other = await asAdmin({ method: 'DELETE', url: `/api/admin/products/1/images/${a!.id}` });
    expect(other.statusCode).toBe(404);
  });

  it('answers 404 for an upload to a product that does not exist', async () => {
    const res = await upload(imageForm(await pngImage(50, 50), 'a.png', 'image/png'), 999999);
    expect(res.statusCode).toBe(404);
  });
});
