// Media in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, …): one signed PUT per file
// (AWS Signature V4 through aws4fetch, payload hash included), public reads from S3_PUBLIC_URL.
import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import { MEDIA_CACHE_CONTROL, type MediaStorage } from './storage.ts';

export interface S3Options {
  bucket: string;
  /** e.g. https://s3.ap-south-1.amazonaws.com or https://<account>.r2.cloudflarestorage.com */
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where the bucket's objects are read publicly (a CDN or the bucket's public URL). */
  publicUrl?: string | undefined;
  timeoutMs?: number;
}

export function createS3Storage(options: S3Options): MediaStorage {
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    region: options.region,
    service: 's3',
    retries: 2,
  });
  // Path-style addressing works with every S3-compatible service.
  const base = `${options.endpoint}/${options.bucket}`;
  const publicBase = options.publicUrl ?? base;

  return {
    kind: 's3',
    async put(key, body, contentType) {
      const response = await client.fetch(`${base}/${key}`, {
        method: 'PUT',
        // sharp's buffers are plain ArrayBuffer-backed; the DOM type only lacks the proof.
        body: body as Uint8Array<ArrayBuffer>,
        headers: {
          'content-type': contentType,
          'cache-control': MEDIA_CACHE_CONTROL,
          'x-amz-content-sha256': createHash('sha256').update(body).digest('hex'),
        },
        // Sign content-type and cache-control too: what is served is exactly what was signed.
        aws: { allHeaders: true },
        signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
      });
      if (!response.ok) {
        const detail = (await response.text()).slice(0, 300);
        throw new Error(`S3 PUT ${key} answered ${response.status}: ${detail}`);
      }
      return `${publicBase}/${key}`;
    },
  };
}
