// The generic back-office upload on local disk (the endpoint banners, logos and about sections
// reuse), and the media settings checked at boot.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AuditPage } from '@spice/shared/contracts/admin';
import { MediaUpload } from '@spice/shared/contracts/products-admin';
import { IMAGE_TYPE_REFUSED, imageTooLargeMessage } from '@spice/shared/media';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../plugins/config.ts';
import { DEMO_ADMIN } from '../../seed/demo-seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { verifyMobile } from '../../test/shoppers.ts';
import { fileCount, imageForm, jpegPhoto, multipart, pngImage } from '../../test/uploads.ts';
import { ONE_FILE_ONLY } from './uploads.ts';

let t: TestApp;
let adminCookie: string;
let mediaDir: string;

beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), 'spice-media-'));
  t = await createTestApp({ env: { MEDIA_DIR: mediaDir, MEDIA_MAX_UPLOAD_MB: '2' } });
  adminCookie = (await verifyMobile(t.app, DEMO_ADMIN.mobile)).cookie;
});
afterAll(async () => {
  await t.close();
  await rm(mediaDir, { recursive: true, force: true });
});

const post = (url: string, form: ReturnType<typeof multipart>) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: form.payload,
    headers: { ...form.headers, cookie: adminCookie },
  } as InjectOptions);

describe('POST /api/admin/media', () => {
  it('stores a banner at 800/1600/2400 px WebP, serves each width, and audits the upload', async () => {
    const res = await post(
      '/api/admin/media?kind=banner',
      imageForm(await jpegPhoto(3000, 1000), 'diwali.jpg'),
    );
    expect(res.statusCode, res.body).toBe(201);
    const stored = MediaUpload.parse(res.json());
    expect(stored.sources.map((s) => s.width)).toEqual([800, 1600, 2400]);
    expect(stored).toMatchObject({ width: 2400, height: 800 });
    expect(stored.url).toBe(stored.sources[0]!.url);
    expect(stored.srcSet.split(', ')).toHaveLength(3);
    for (const source of stored.sources) {
      const file = await t.app.inject(source.url);
      expect(file.statusCode).toBe(200);
      expect((await sharp(file.rawPayload).metadata()).width).toBe(source.width);
    }
    const [audit] = AuditPage.parse(
      (await t.app.inject({ url: '/api/admin/audit', headers: { cookie: adminCookie } })).json(),
    ).content;
    expect(audit).toMatchObject({
      action: 'media.upload',
      entityId: stored.url,
      after: { kind: 'banner', filename: 'diwali.jpg' },
    });
  });

  it('makes product widths by default, never upscales, and gives the same names for the same image', async () => {
    const png = await pngImage(500, 250);
    const first = MediaUpload.parse(
      (await post('/api/admin/media', imageForm(png, 'a.png', 'image/png'))).json(),
    );
    expect(first.sources.map((s) => s.width)).toEqual([400, 500]);
    const before = await fileCount(mediaDir);
    const again = MediaUpload.parse(
      (await post('/api/admin/media', imageForm(png, 'b.png', 'image/png'))).json(),
    );
    expect(again.sources).toEqual(first.sources);
    expect(await fileCount(mediaDir)).toBe(before);
  });

  it('accepts WebP and AVIF uploads', async () => {
    const webp = await sharp(await pngImage(300, 300))
      .webp()
      .toBuffer();
    expect(
      (await post('/api/admin/media?kind=logo', imageForm(webp, 'l.webp', 'image/webp'))).statusCode,
    ).toBe(201);
    const avif = await sharp(await pngImage(300, 300))
      .avif({ effort: 0 })
      .toBuffer();
    expect(
      (await post('/api/admin/media?kind=logo', imageForm(avif, 'l.avif', 'image/avif'))).statusCode,
    ).toBe(201);
  });

  it('refuses a fake image, a second file, a file above the limit and an unknown kind, storing nothing', async () => {
    const before = await fileCount(mediaDir);
    const fake = await post('/api/admin/media', imageForm(Buffer.from('%PDF-1.7 not an image'), 'scan.jpg'));
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toBe(IMAGE_TYPE_REFUSED);

    const png = await pngImage(50, 50);
    const two = multipart([
      { name: 'file', value: png, filename: 'a.png', contentType: 'image/png' },
      { name: 'file', value: png, filename: 'b.png', contentType: 'image/png' },
    ]);
    const twoRes = await post('/api/admin/media', two);
    expect(twoRes.statusCode).toBe(400);
    expect(twoRes.json().message).toBe(ONE_FILE_ONLY);

    const big = await post(
      '/api/admin/media',
      imageForm(Buffer.concat([png, Buffer.alloc(2.5 * 1024 * 1024)]), 'big.png'),
    );
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(imageTooLargeMessage(2));

    expect((await post('/api/admin/media?kind=poster', imageForm(png, 'a.png'))).statusCode).toBe(400);
    expect(await fileCount(mediaDir)).toBe(before);
  });
});

describe('media settings', () => {
  it('refuses half an S3 configuration and a bad upload limit at boot, naming the variable', () => {
    expect(() => loadConfig({ S3_BUCKET: 'shop-media' })).toThrow(/S3_ENDPOINT: is required for S3 storage/);
    expect(() => loadConfig({ S3_PUBLIC_URL: 'https://cdn.example.in' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ MEDIA_MAX_UPLOAD_MB: 'lots' })).toThrow(/MEDIA_MAX_UPLOAD_MB/);
    expect(loadConfig({})).toMatchObject({ MEDIA_DIR: '.data/media', MEDIA_MAX_UPLOAD_MB: 8 });
  });
});
