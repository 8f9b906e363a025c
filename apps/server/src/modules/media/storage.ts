// Where processed images are kept: a directory on local disk (served by this server under
// /media) or an S3-compatible bucket (served from its public URL). Names are content hashes, so
// a stored file never changes and may be cached forever; storing the same bytes twice is a no-op.
import type { Config } from '../../plugins/config.ts';
import { createDiskStorage } from './disk-storage.ts';
import { createS3Storage } from './s3-storage.ts';

export interface MediaStorage {
  readonly kind: 'disk' | 's3';
  /** Stores the bytes under `key` (a content-hashed file name) and returns their public URL. */
  put(key: string, body: Uint8Array, contentType: string): Promise<string>;
}

/** Immutable: names change whenever the bytes do. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** A stored file's name: content hash, width, extension. Checked before serving from disk. */
export const MEDIA_KEY_PATTERN = /^[a-f0-9]{20}-\d{1,5}\.webp$/;

export function createMediaStorage(config: Config): MediaStorage {
  if (config.S3_BUCKET && config.S3_ENDPOINT && config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY) {
    return createS3Storage({
      bucket: config.S3_BUCKET,
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      publicUrl: config.S3_PUBLIC_URL,
    });
  }
  return createDiskStorage(config.MEDIA_DIR);
}
