// The backup and restore commands' settings, read from the same environment as the shop (so a
// cron job or systemd unit reuses the shop's environment file). Only what they need is parsed:
// a real shop's other settings are the server's business.
import { z } from 'zod';
import { DEFAULT_RETENTION, type Retention } from './rules.ts';

const url = z
  .url({ protocol: /^https?$/ })
  .transform((v) => v.replace(/\/+$/, ''))
  .optional();

const Schema = z.object({
  DATABASE_URL: z.string().default(''),
  MEDIA_DIR: z.string().min(1).default('.data/media'),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: url,
  S3_REGION: z.string().min(1).default('auto'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  BACKUP_DIR: z.string().min(1).default('.data/backups'),
  BACKUP_KEEP_DAYS: z.coerce.number().int().min(1).max(3650).default(DEFAULT_RETENTION.keepDays),
  BACKUP_KEEP_AT_LEAST: z.coerce.number().int().min(1).max(1000).default(DEFAULT_RETENTION.keepAtLeast),
  BACKUP_S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name like shop-backups')
    .optional(),
  BACKUP_S3_PREFIX: z
    .string()
    .regex(/^[\w./-]*$/, 'must be a key prefix such as backups/')
    .default('backups/'),
  BACKUP_S3_ENDPOINT: url,
  BACKUP_S3_REGION: z.string().min(1).optional(),
  BACKUP_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  BACKUP_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
});

export interface BackupBucket {
  bucket: string;
  prefix: string;
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export interface BackupSettings {
  databaseUrl: string;
  /** Media on disk, or null when the shop keeps them in its S3 bucket. */
  mediaDir: string | null;
  /** Where media on disk are restored to. */
  restoreMediaDir: string;
  dir: string;
  retention: Retention;
  /** Set: backups go to this bucket (credentials default to the media bucket's S3_* ones). */
  s3: BackupBucket | null;
}

export function loadBackupSettings(env: Record<string, string | undefined> = process.env): BackupSettings {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = Schema.safeParse(present);
  if (!parsed.success)
    throw new Error(
      `Invalid configuration:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`,
    );
  const c = parsed.data;
  let s3: BackupBucket | null = null;
  if (c.BACKUP_S3_BUCKET) {
    const endpoint = c.BACKUP_S3_ENDPOINT ?? c.S3_ENDPOINT;
    const accessKeyId = c.BACKUP_S3_ACCESS_KEY_ID ?? c.S3_ACCESS_KEY_ID;
    const secretAccessKey = c.BACKUP_S3_SECRET_ACCESS_KEY ?? c.S3_SECRET_ACCESS_KEY;
    const missing = [
      !endpoint && 'BACKUP_S3_ENDPOINT (or S3_ENDPOINT)',
      !accessKeyId && 'BACKUP_S3_ACCESS_KEY_ID (or S3_ACCESS_KEY_ID)',
      !secretAccessKey && 'BACKUP_S3_SECRET_ACCESS_KEY (or S3_SECRET_ACCESS_KEY)',
    ].filter(Boolean);
    if (missing.length > 0)
      throw new Error(`BACKUP_S3_BUCKET is set but these are missing: ${missing.join(', ')}`);
    s3 = {
      bucket: c.BACKUP_S3_BUCKET,
      prefix: c.BACKUP_S3_PREFIX,
      endpoint: endpoint!,
      region: c.BACKUP_S3_REGION ?? c.S3_REGION,
      accessKeyId: accessKeyId!,
      secretAccessKey: secretAccessKey!,
    };
  }
  const mediaOnS3 = Boolean(c.S3_BUCKET && c.S3_ENDPOINT && c.S3_ACCESS_KEY_ID && c.S3_SECRET_ACCESS_KEY);
  return {
    databaseUrl: c.DATABASE_URL,
    mediaDir: mediaOnS3 ? null : c.MEDIA_DIR,
    restoreMediaDir: c.MEDIA_DIR,
    dir: c.BACKUP_DIR,
    retention: { keepDays: c.BACKUP_KEEP_DAYS, keepAtLeast: c.BACKUP_KEEP_AT_LEAST },
    s3,
  };
}
