// S3 storage against a loopback fake of an S3-compatible bucket that checks every PUT the way S3
// does: AWS Signature V4 recomputed from the request, payload hash matching the body.
import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MediaUpload } from '@spice/shared/contracts/products-admin';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../seed/demo-seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { verifyMobile } from '../../test/shoppers.ts';
import { imageForm, jpegPhoto } from '../../test/uploads.ts';
import { createS3Storage } from './s3-storage.ts';
import { createMediaService, STORAGE_UNAVAILABLE } from './service.ts';

const ACCESS_KEY = 'AKIDSPICETEST';
const SECRET = 'fake-secret-key-for-tests';
const REGION = 'ap-south-1';
const BUCKET = 'spice-media';

interface Put {
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
  signatureValid: boolean;
}

let fake: Server;
let endpoint: string;
const puts: Put[] = [];

const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** Recomputes the request's SigV4 signature with the secret, as S3 does. */
function signatureValid(req: IncomingMessage, body: Buffer): boolean {
  const auth =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([a-f0-9]{64})$/.exec(
      req.headers.authorization ?? '',
    );
  if (!auth) return false;
  const [, accessKey, day, region, signedHeaders, signature] = auth;
  if (accessKey !== ACCESS_KEY || region !== REGION) return false;
  const payloadHash = String(req.headers['x-amz-content-sha256']);
  if (payloadHash !== sha256(body)) return false;
  const names = signedHeaders!.split(';');
  for (const required of ['host', 'x-amz-date', 'x-amz-content-sha256', 'content-type', 'cache-control']) {
    if (!names.includes(required)) return false;
  }
  const canonicalHeaders = names
    .map((n) => `${n}:${String(req.headers[n]).trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const [pathname, query = ''] = (req.url ?? '').split('?');
  const canonical = [req.method, pathname, query, canonicalHeaders, signedHeaders, payloadHash].join('\n');
  const amzDate = String(req.headers['x-amz-date']);
  const scope = `${day}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${SECRET}`, day!), region!), 's3'), 'aws4_request');
  return hmac(key, toSign).toString('hex') === signature;
}

beforeAll(async () => {
  fake = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const put = {
        path: req.url ?? '',
        headers: req.headers,
        body,
        signatureValid: signatureValid(req, body),
      };
      puts.push(put);
      if (req.method !== 'PUT' || !put.path.startsWith(`/${BUCKET}/`)) {
        res.statusCode = 400;
        return res.end('<Error><Code>InvalidRequest</Code></Error>');
      }
      if (!put.signatureValid) {
        res.statusCode = 403;
        return res.end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
      }
      res.setHeader('etag', `"${createHash('md5').update(body).digest('hex')}"`);
      res.end();
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => fake.close(resolve));
});

describe('S3-compatible media storage', () => {
  it('PUTs each width, signed with SigV4 over the payload hash, with type and immutable caching', async () => {
    const storage = createS3Storage({
      bucket: BUCKET,
      endpoint,
      region: REGION,
      accessKeyId: ACCESS_KEY,
      secretAccessKey: SECRET,
      publicUrl: 'https://cdn.example.in/media',
    });
    puts.length = 0;
    const body = Buffer.from('webp bytes');
    const url = await storage.put('0123456789abcdef0123-400.webp', body, 'image/webp');
    expect(url).toBe('https://cdn.example.in/media/0123456789abcdef0123-400.webp');
    expect(puts).toHaveLength(1);
    expect(puts[0]).toMatchObject({
      path: `/${BUCKET}/0123456789abcdef0123-400.webp`,
      signatureValid: true,
      body,
    });
    expect(puts[0]!.headers).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-amz-content-sha256': sha256(body),
    });
  });

  it('reports a refused PUT (wrong secret) as storage unavailable, logged, with nothing else stored', async () => {
    const storage = createS3Storage({
      bucket: BUCKET,
      endpoint,
      region: REGION,
      accessKeyId: ACCESS_KEY,
      secretAccessKey: 'the-wrong-secret',
    });
    await expect(
      storage.put('0123456789abcdef0123-400.webp', Buffer.from('x'), 'image/webp'),
    ).rejects.toThrow(/answered 403/);
    const logged: object[] = [];
    const media = createMediaService(storage, {
      audit: { audit: async () => {} } as never,
      log: { error: (obj) => logged.push(obj) },
      maxUploadMb: 8,
    });
    await expect(media.store(await jpegPhoto(500, 400), 'product')).rejects.toMatchObject({
      statusCode: 503,
      message: STORAGE_UNAVAILABLE,
    });
    expect(logged).toHaveLength(1);
  });

  describe('through the app', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({
        env: {
          S3_BUCKET: BUCKET,
          S3_ENDPOINT: endpoint,
          S3_REGION: REGION,
          S3_ACCESS_KEY_ID: ACCESS_KEY,
          S3_SECRET_ACCESS_KEY: SECRET,
          S3_PUBLIC_URL: 'https://cdn.example.in/media/',
        },
      });
    });
    afterAll(async () => {
      await t.close();
    });

    it('stores a generic upload in the bucket and answers its public URLs; /media is not served locally', async () => {
      const { cookie } = await verifyMobile(t.app, DEMO_ADMIN.mobile);
      puts.length = 0;
      const form = imageForm(await jpegPhoto(900, 300), 'logo.jpg');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/media?kind=logo',
        payload: form.payload,
        headers: { ...form.headers, cookie },
      });
      expect(res.statusCode, res.body).toBe(201);
      const stored = MediaUpload.parse(res.json());
      expect(stored.sources.map((s) => s.width)).toEqual([200, 400]);
      expect(stored.url).toMatch(/^https:\/\/cdn\.example\.in\/media\/[a-f0-9]{20}-400\.webp$/);
      expect(stored).toMatchObject({ width: 400, height: 133 });

      expect(puts.map((p) => p.signatureValid)).toEqual([true, true]);
      const sent = puts.find((p) => p.path.endsWith('-400.webp'))!;
      expect(`https://cdn.example.in/media${sent.path.slice(BUCKET.length + 1)}`).toBe(stored.url);
      expect(await sharp(sent.body).metadata()).toMatchObject({ format: 'webp', width: 400 });

      const local = await t.app.inject(new URL(stored.url).pathname);
      expect(local.statusCode).toBe(404);
    });
  });
});
