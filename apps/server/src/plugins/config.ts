// Configuration from the environment, validated once at boot (ARCHITECTURE.md convention 6).
// A bad value stops the server with a message naming the variable.
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((v) => v === 'true' || v === '1')
  .optional();

const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATABASE_URL: z
      .string()
      .default('')
      .refine((v) => v === '' || v === 'memory://' || /^postgres(ql)?:\/\//.test(v) || !v.includes('://'), {
        message: 'must be empty, memory://, a directory path, or a postgres:// URL',
      }),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    PUBLIC_URL: z
      .url({ protocol: /^https?$/ })
      .transform((v) => v.replace(/\/+$/, ''))
      .optional(),
    ANALYTICS_ID: z
      .string()
      .regex(/^G-[A-Z0-9]{4,20}$/, 'must be a GA4 measurement id such as G-ABC123XYZ')
      .optional(),
    CATALOG_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
    TRUST_PROXY: bool.default(false),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120000).default(10000),

    // Messaging: the dev outbox stands in for any channel without a provider.
    SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
    SMTP_FROM: z.string().min(3).default('Kesar Chakki <no-reply@kesarchakki.in>'),
    SMS_PROVIDER: z.enum(['msg91']).optional(),
    MSG91_AUTH_KEY: z.string().min(8).optional(),
    MSG91_TEMPLATE_ID: z.string().min(4).optional(),
    MSG91_BASE_URL: z
      .url({ protocol: /^https?$/ })
      .transform((v) => v.replace(/\/+$/, ''))
      .default('https://control.msg91.com'),
    MESSAGE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60000).default(10000),

    // Login codes and sessions; the limits are settings so load tests and demos can raise them.
    OTP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    OTP_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
    OTP_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(5),
    OTP_RESEND_SECONDS: z.coerce.number().int().min(0).max(600).default(30),
    OTP_MAX_RESENDS: z.coerce.number().int().min(0).max(100).default(3),
    OTP_SENDS_PER_NUMBER_PER_DAY: z.coerce.number().int().min(1).max(100000).default(10),
    OTP_SENDS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(1000000).default(20),
    SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),

    // Contact form: where messages are forwarded, and how many one IP may send per hour.
    STORE_EMAIL: z.email().default('care@kesarchakki.in'),
    CONTACT_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(1000000).default(5),

    // Payments: Razorpay when the keys are set, otherwise the built-in simulated gateway.
    RAZORPAY_KEY_ID: z
      .string()
      .regex(/^rzp_(test|live)_\w+$/, 'must look like rzp_test_… or rzp_live_…')
      .optional(),
    RAZORPAY_KEY_SECRET: z.string().min(8).optional(),
    RAZORPAY_WEBHOOK_SECRET: z.string().min(8).optional(),
    RAZORPAY_API_URL: z
      .url({ protocol: /^https?$/ })
      .transform((v) => v.replace(/\/+$/, ''))
      .default('https://api.razorpay.com'),
    CHECKOUT_HOLD_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),

    // Uploaded images: local disk (served under /media) unless an S3-compatible bucket is set.
    MEDIA_DIR: z.string().min(1).default('.data/media'),
    MEDIA_MAX_UPLOAD_MB: z.coerce.number().min(0.1).max(100).default(8),
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name like shop-media')
      .optional(),
    S3_ENDPOINT: z
      .url({ protocol: /^https?$/ })
      .transform((v) => v.replace(/\/+$/, ''))
      .optional(),
    S3_REGION: z.string().min(1).default('auto'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_PUBLIC_URL: z
      .url({ protocol: /^https?$/ })
      .transform((v) => v.replace(/\/+$/, ''))
      .optional(),
  })
  .superRefine((c, ctx) => {
    if (Boolean(c.RAZORPAY_KEY_ID) !== Boolean(c.RAZORPAY_KEY_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['RAZORPAY_KEY_SECRET'],
        message: 'RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET go together',
      });
    }
    const s3 = ['S3_BUCKET', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
    if (s3.some((key) => c[key]) || c.S3_PUBLIC_URL) {
      for (const key of s3) {
        if (!c[key])
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message:
              'is required for S3 storage: S3_BUCKET, S3_ENDPOINT, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
          });
      }
    }
    if (c.SMS_PROVIDER === 'msg91') {
      for (const key of ['MSG91_AUTH_KEY', 'MSG91_TEMPLATE_ID'] as const) {
        if (!c[key])
          ctx.addIssue({ code: 'custom', path: [key], message: 'is required when SMS_PROVIDER=msg91' });
      }
    }
  });

export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {}

/** Parses the environment; empty strings count as unset so `VAR=` falls back to the default. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = ConfigSchema.safeParse(present);
  if (result.success) return result.data;
  const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}
