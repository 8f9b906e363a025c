// Backups in an S3-compatible bucket, signed like the media adapter (aws4fetch, AWS Signature V4,
// path-style): one PUT per backup file with its SHA-256 signed in, and a GET to restore one.
// One PUT takes up to 5 GB (S3's limit), far above a shop's gzip'd database and images.
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { AwsClient } from 'aws4fetch';
import type { BackupBucket } from './settings.ts';

const client = (b: BackupBucket) =>
  new AwsClient({
    accessKeyId: b.accessKeyId,
    secretAccessKey: b.secretAccessKey,
    region: b.region,
    service: 's3',
    retries: 2,
  });

const objectUrl = (b: BackupBucket, key: string) =>
  `${b.endpoint}/${b.bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;

/** Uploads the backup file under `prefix + name`; returns its s3:// address. */
export async function uploadBackup(b: BackupBucket, file: string, name: string, timeoutMs = 600_000) {
  const body = await readFile(file);
  const key = `${b.prefix}${name}`;
  const response = await client(b).fetch(objectUrl(b, key), {
    method: 'PUT',
    body,
    headers: {
      'content-type': 'application/gzip',
      'x-amz-content-sha256': createHash('sha256').update(body).digest('hex'),
    },
    aws: { allHeaders: true },
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok)
    throw new Error(`S3 PUT ${key} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  return `s3://${b.bucket}/${key}`;
}

/** `s3://bucket/key` → its bucket and key, or null for a local path. */
export function parseS3Address(address: string): { bucket: string; key: string } | null {
  const m = /^s3:\/\/([^/]+)\/(.+)$/.exec(address);
  return m ? { bucket: m[1]!, key: m[2]! } : null;
}

/** Downloads `s3://bucket/key` (with the backup bucket's endpoint and credentials) to `file`. */
export async function downloadBackup(b: BackupBucket, address: string, file: string, timeoutMs = 600_000) {
  const parsed = parseS3Address(address);
  if (!parsed) throw new Error(`not an s3:// address: ${address}`);
  const response = await client(b).fetch(objectUrl({ ...b, bucket: parsed.bucket }, parsed.key), {
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok)
    throw new Error(
      `S3 GET ${parsed.key} answered ${response.status}: ${(await response.text()).slice(0, 300)}`,
    );
  await writeFile(file, Buffer.from(await response.arrayBuffer()));
}
