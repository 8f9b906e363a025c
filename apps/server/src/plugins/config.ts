// Configuration from the environment, validated once at boot (ARCHITECTURE.md convention 6).
// A bad value stops the server with a message naming the variable. Demo mode is decided here too:
// only a demo shop seeds demo data, keeps messages in the dev outbox and takes simulated payments.
import { isIP } from 'node:net';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((v) => v === 'true' || v === '1')
  .optional();

const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    /** Unset: 127.0.0.1 in demo mode (codes at /dev/outbox, a known admin), else every interface. */
    HOST: z.string().min(1).optional(),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATABASE_URL: z
      .string()
      .default('')
      .refine((v) => v === '' || v === 'memory://' || /^postgres(ql)?:\/\//.test(v) || !v.includes('://'), {
        message: 'must be empty, memory://, a directory path, or a postgres:// URL',
      }),
    // The embedded database on a worker thread of its own (decision 0025): unset or true, yes.
    PGLITE_WORKER: bool,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    PUBLIC_URL: z
      .url({ protocol: /^https?$/ })
      .transform((v) => v.replace(/\/+$/, ''))
      .optional(),
    ANALYTICS_ID: z
      .string()
      .regex(/^G-[A-Z0-9]{4,20}$/, 'must be a GA4 measurement id such as G-ABC123XYZ')
      .optional(),
    // Meta Pixel (browser events after consent) and the Conversions API (server Purchase, issue 38).
    META_PIXEL_ID: z
      .string()
      .regex(/^\d{6,20}$/, 'must be the numeric Meta Pixel (dataset) id')
      .optional(),
    META_CAPI_TOKEN: z.string().min(20, 'must be a Conversions API access token').optional(),
    META_CAPI_URL: z
      .url({ protocol: /^https?$/ })
      .transform((v) => v.replace(/\/+$/, ''))
      .default('https://graph.facebook.com/v21.0'),
    CATALOG_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
    TRUST_PROXY: z
      .string()
      .default('')
      .transform((v, ctx): false | number | string[] => {
        const value = v.trim();
        if (value === '' || value === 'false' || value === '0') return false;
        if (/^\d+$/.test(value)) return Number(value);
        const list = value.split(',').map((s) => s.trim());
        if (list.every(isAddressOrCidr)) return list;
        ctx.addIssue({
          code: 'custom',
          message:
            value === 'true'
              ? 'true would trust whatever the client writes in X-Forwarded-For: give the number of proxies in front of the shop (e.g. 1) or their addresses/CIDRs'
              : 'must be a number of proxy hops (e.g. 1) or a comma-separated list of proxy addresses/CIDRs',
        });
        return z.NEVER;
      }),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120000).default(10000),
    // Behind a load balancer: how long SIGTERM keeps serving with a failing health check first.
    SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(120).default(0),
    // Background jobs (decision record 0013): how often an idle worker looks for due jobs, how
    // long a claimed job is leased before another instance may take it over, attempts before a
    // job is dead, and the first retry's delay (doubling after).
    JOBS_POLL_MS: z.coerce.number().int().min(50).max(60000).default(1000),
    JOBS_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
    JOBS_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
    JOBS_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3600000).default(5000),
    // Off: this process enqueues but runs no jobs (another instance does).
    JOBS_WORKER: bool,
    // The expired-checkout sweep's period (the other sweeps are hourly or every 10 minutes).
    SWEEP_CHECKOUTS_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    /** How often carts are checked for abandonment and back-in-stock batches go out (issue 37). */
    MARKETING_SCAN_SECONDS: z.coerce.number().int().min(1).max(60).default(60),
    /** How often the owner's alerts look for new orders, low stock, failed jobs… (issue 41). */
    ALERTS_SCAN_SECONDS: z.coerce.number().int().min(1).max(300).default(60),
    // Demo mode: unset, on only for the embedded database with no provider configured.
    DEMO_MODE: bool,
    // Rate-limit counters: in the app's database unless a Redis server is named here.
    REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),

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
    // Order messages (issue 16): MSG91 DLT template ids per event (an event without one sends no
    // SMS through MSG91), and the WhatsApp Business Cloud API with its approved template names.
    MSG91_TEMPLATE_ORDER_PLACED: z.string().min(4).optional(),
    MSG91_TEMPLATE_ORDER_SHIPPED: z.string().min(4).optional(),
    MSG91_TEMPLATE_ORDER_OUT_FOR_DELIVERY: z.string().min(4).optional(),
    MSG91_TEMPLATE_ORDER_DELIVERY_FAILED: z.string().min(4).optional(),
    MSG91_TEMPLATE_ORDER_DELIVERED: z.string().min(4).optional(),
    MSG91_TEMPLATE_ORDER_CANCELLED: z.string().min(4).optional(),
    MSG91_TEMPLATE_ORDER_RETURNED: z.string().min(4).optional(),
    MSG91_TEMPLATE_ORDER_REFUNDED: z.string().min(4).optional(),
    // The same in Hindi (decision 0019): DLT registers each wording, so each language has its own
    // id. A Hindi order whose event has no Hindi id gets the English SMS with the English id.
    MSG91_TEMPLATE_ID_HI: z.string().min(4).optional(),
    MSG91_TEMPLATE_ORDER_PLACED_HI: z.string().min(4).optional(),
    MSG91_TEMPLATE_ORDER_SHIPPED_HI: z.string().min(4).optional(),
    MSG91_TEMPLATE_ORDER_OUT_FOR_DELIVERY_HI: z.string().min(4).optional(),
    MSG91_TEMPLATE_ORDER_DELIVERY_FAILED_HI: z.string().min(4).optional(),
    MSG91_TEMPLATE_ORDER_DELIVERED_HI: z.string().min(4).optional(),
    MSG91_TEMPLATE_ORDER_CANCELLED_HI: z.string().min(4).optional(),
    MSG91_TEMPLATE_ORDER_RETURNED_HI: z.string().min(4).optional(),
    MSG91_TEMPLATE_ORDER_REFUNDED_HI: z.string().min(4).optional(),
    // COD confirmation (issue 34): the request, the reminder and the notice of an order not
    // confirmed in time, each with its Hindi wording's id (decision 0033).
    MSG91_TEMPLATE_COD_CONFIRM: z.string().min(4).optional(),
    MSG91_TEMPLATE_COD_CONFIRM_HI: z.string().min(4).optional(),
    MSG91_TEMPLATE_COD_REMINDER: z.string().min(4).optional(),
    MSG91_TEMPLATE_COD_REMINDER_HI: z.string().min(4).optional(),
    MSG91_TEMPLATE_COD_EXPIRED: z.string().min(4).optional(),
    MSG91_TEMPLATE_COD_EXPIRED_HI: z.string().min(4).optional(),
    // The owner's alerts (issue 41): a DLT template with one variable (##alert##), English and Hindi.
    MSG91_TEMPLATE_STAFF_ALERT: z.string().min(4).optional(),
    MSG91_TEMPLATE_STAFF_ALERT_HI: z.string().min(4).optional(),
    WHATSAPP_TOKEN: z.string().min(8).optional(),
    WHATSAPP_PHONE_NUMBER_ID: z
      .string()
      .regex(/^\d{5,20}$/, 'must be the numeric phone number id')
      .optional(),
    WHATSAPP_API_URL: z
      .url({ protocol: /^https?$/ })
      .transform((v) => v.replace(/\/+$/, ''))
      .default('https://graph.facebook.com/v21.0'),
    WHATSAPP_TEMPLATE_LANGUAGE: z.string().min(2).max(10).default('en'),
    /** The Hindi translation of the same approved templates (Meta keeps languages under one name). */
    WHATSAPP_TEMPLATE_LANGUAGE_HI: z.string().min(2).max(10).default('hi'),
    WHATSAPP_TEMPLATE_ORDER_PLACED: z.string().min(1).default('order_placed'),
    WHATSAPP_TEMPLATE_ORDER_SHIPPED: z.string().min(1).default('order_shipped'),
    WHATSAPP_TEMPLATE_ORDER_OUT_FOR_DELIVERY: z.string().min(1).default('order_out_for_delivery'),
    WHATSAPP_TEMPLATE_ORDER_DELIVERY_FAILED: z.string().min(1).default('order_delivery_failed'),
    WHATSAPP_TEMPLATE_ORDER_DELIVERED: z.string().min(1).default('order_delivered'),
    WHATSAPP_TEMPLATE_ORDER_CANCELLED: z.string().min(1).default('order_cancelled'),
    WHATSAPP_TEMPLATE_ORDER_RETURNED: z.string().min(1).default('order_returned'),
    WHATSAPP_TEMPLATE_ORDER_REFUNDED: z.string().min(1).default('order_refunded'),
    // COD confirmation (issue 34): approved templates with 'Confirm order' / 'Cancel order'
    // quick-reply buttons, the webhook's app secret (X-Hub-Signature-256) and its verify token.
    WHATSAPP_TEMPLATE_COD_CONFIRM: z.string().min(1).default('cod_confirmation'),
    WHATSAPP_TEMPLATE_COD_REMINDER: z.string().min(1).default('cod_confirmation_reminder'),
    WHATSAPP_TEMPLATE_COD_EXPIRED: z.string().min(1).default('cod_not_confirmed'),
    // The owner's alerts (issue 41): a utility template whose body is '{{1}}\n{{2}}' (subject, text).
    WHATSAPP_TEMPLATE_STAFF_ALERT: z.string().min(1).default('staff_alert'),
    WHATSAPP_APP_SECRET: z.string().min(8).optional(),
    WHATSAPP_VERIFY_TOKEN: z.string().min(8).optional(),

    // Login codes and sessions; the limits are settings so load tests and demos can raise them.
    OTP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    OTP_TTL_SECONDS: z.coerce.number().int().min(30).max(900).default(300),
    OTP_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(5),
    OTP_RESEND_SECONDS: z.coerce.number().int().min(0).max(600).default(30),
    OTP_MAX_RESENDS: z.coerce.number().int().min(0).max(100).default(3),
    // Per number and asking client (address or device cookie) a short window; all clients
    // together a ceiling per number an hour (SMS cost). A device the number logged in on before is
    // held by neither (decision 0028).
    OTP_SENDS_PER_NUMBER_PER_15_MIN: z.coerce.number().int().min(1).max(100000).default(10),
    OTP_SENDS_PER_NUMBER_PER_HOUR: z.coerce.number().int().min(1).max(1000000).default(30),
    OTP_SENDS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(1000000).default(20),
    // Wrong codes (login and e-mail) one address may try in an hour, on top of 5 per code.
    OTP_VERIFIES_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(1000000).default(30),
    SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),

    // The grievance officer the shop names (Consumer Protection (E-Commerce) Rules 2020 rule 4(4)):
    // outside demo mode a shop without one saved refuses to start unless these give one, which is
    // then saved; after that the back office (/admin/grievances) edits it (grievances/boot.ts).
    GRIEVANCE_OFFICER_NAME: z.string().trim().min(1).max(100).optional(),
    GRIEVANCE_OFFICER_DESIGNATION: z.string().trim().min(1).max(100).default('Grievance Officer'),
    GRIEVANCE_OFFICER_PHONE: z.string().trim().min(1).max(30).optional(),
    GRIEVANCE_OFFICER_EMAIL: z.email().optional(),
    GRIEVANCE_OFFICER_ADDRESS: z.string().trim().min(1).max(500).optional(),

    // Contact form: where messages are forwarded, and how many one IP may send per hour.
    STORE_EMAIL: z.email().default('care@kesarchakki.in'),
    CONTACT_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(1000000).default(5),
    // Coupon codes are guessable: wrong codes per shopper and per address in a minute.
    COUPON_GUESSES_PER_MINUTE: z.coerce.number().int().min(1).max(1000000).default(10),

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

    // Shipping: the manual courier list unless Shiprocket's API user is set (issue 14).
    SHIPROCKET_EMAIL: z.email().optional(),
    SHIPROCKET_PASSWORD: z.string().min(6).optional(),
    SHIPROCKET_BASE_URL: z
      .url({ protocol: /^https?$/ })
      .transform((v) => v.replace(/\/+$/, ''))
      .default('https://apiv2.shiprocket.in'),
    /** The pickup address's nickname as saved in the Shiprocket panel. */
    SHIPROCKET_PICKUP_LOCATION: z.string().min(1).max(60).default('Primary'),
    /** The token Shiprocket sends as x-api-key on tracking webhooks (set the same in its panel). */
    SHIPROCKET_WEBHOOK_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    SHIPPING_TIMEOUT_MS: z.coerce.number().int().min(100).max(60000).default(15000),

    // Operations (issue 41): GET /metrics (Prometheus) only with a bearer token; traces over
    // OTLP/HTTP only with an endpoint. Unset, neither exists and neither costs anything.
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters (a random token)').optional(),
    OTEL_EXPORTER_OTLP_ENDPOINT: z
      .url({ protocol: /^https?$/ })
      .transform((v) => v.replace(/\/+$/, ''))
      .optional(),
    OTEL_SERVICE_NAME: z.string().min(1).max(100).default('kesar-chakki'),
    // Web push for order updates (issue 42): the VAPID key pair (`npx web-push generate-vapid-keys`)
    // and a contact the push services may write to (mailto: or https:). All three or none.
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{86,88}$/, 'must be a base64url P-256 public key')
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{42,44}$/, 'must be a base64url P-256 private key')
      .optional(),
    VAPID_SUBJECT: z
      .string()
      .regex(/^(?:mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: or https: address')
      .optional(),
    PUSH_TIMEOUT_MS: z.coerce.number().int().min(100).max(60000).default(10000),

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
    const vapid = ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const;
    if (vapid.some((key) => c[key])) {
      for (const key of vapid) {
        if (!c[key])
          ctx.addIssue({ code: 'custom', path: [key], message: `${vapid.join(', ')} go together` });
      }
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
    if (Boolean(c.WHATSAPP_TOKEN) !== Boolean(c.WHATSAPP_PHONE_NUMBER_ID)) {
      ctx.addIssue({
        code: 'custom',
        path: ['WHATSAPP_PHONE_NUMBER_ID'],
        message: 'WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID go together',
      });
    }
    if (Boolean(c.SHIPROCKET_EMAIL) !== Boolean(c.SHIPROCKET_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: ['SHIPROCKET_PASSWORD'],
        message: 'SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD go together',
      });
    }
    if (c.SMS_PROVIDER === 'msg91') {
      for (const key of ['MSG91_AUTH_KEY', 'MSG91_TEMPLATE_ID'] as const) {
        if (!c[key])
          ctx.addIssue({ code: 'custom', path: [key], message: 'is required when SMS_PROVIDER=msg91' });
      }
    }
  });

type ParsedConfig = z.infer<typeof ConfigSchema>;

/** Every setting's name (the deployment files and the README are checked against it). */
export const CONFIG_NAMES: readonly string[] = Object.keys(ConfigSchema.shape);

export type Config = Omit<ParsedConfig, 'DEMO_MODE' | 'HOST'> & {
  /** Resolved: the setting when given, else the default rule in `defaultDemoMode`. */
  DEMO_MODE: boolean;
  /** Resolved: the setting when given, else `defaultHost`. */
  HOST: string;
};

/**
 * A demo shows login codes at /dev/outbox and has a well-known admin mobile: anyone who can reach
 * it can become admin, so unless HOST says otherwise it listens on this computer only.
 */
export const defaultHost = (demoMode: boolean) => (demoMode ? '127.0.0.1' : '0.0.0.0');

export class ConfigError extends Error {}

function isAddressOrCidr(value: string): boolean {
  const [address = '', bits, ...rest] = value.split('/');
  if (rest.length > 0 || isIP(address) === 0) return false;
  if (bits === undefined) return true;
  const max = isIP(address) === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}

/** The embedded database (PGlite): unset, memory:// or a directory path. */
export const isEmbeddedDatabase = (url: string) => !/^postgres(ql)?:\/\//.test(url);

/**
 * Unset DEMO_MODE means demo only when nothing says this is a real shop: the embedded database and
 * no provider configured. So `npm install && npm start` is the demo a newcomer expects.
 */
export function defaultDemoMode(c: ParsedConfig): boolean {
  return (
    isEmbeddedDatabase(c.DATABASE_URL) &&
    !c.SMS_PROVIDER &&
    !c.SMTP_URL &&
    !c.RAZORPAY_KEY_ID &&
    !c.RAZORPAY_KEY_SECRET
  );
}

/**
 * Outside demo mode nobody may read login codes from an outbox, so each channel that login or
 * signup needs must have a real provider.
 */
function missingProviders(c: Config): string[] {
  if (c.DEMO_MODE) return [];
  const missing: string[] = [];
  if (!c.SMS_PROVIDER) missing.push('SMS_PROVIDER (login codes by SMS)');
  if (!c.SMTP_URL) missing.push('SMTP_URL (e-mail codes at signup, order and contact e-mails)');
  return missing;
}

/** Boot warnings: settings that leave part of a real shop unavailable. */
export function bootWarnings(c: Config): string[] {
  const warnings: string[] = [];
  if (!c.DEMO_MODE && !c.RAZORPAY_KEY_ID) {
    warnings.push(
      'No Razorpay keys (RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET): online payment is unavailable and checkout answers 503.',
    );
  }
  if (c.RAZORPAY_KEY_ID && !c.RAZORPAY_WEBHOOK_SECRET) {
    warnings.push(
      'No RAZORPAY_WEBHOOK_SECRET: payments are confirmed only when the shopper returns to the shop.',
    );
  }
  if (c.SHIPROCKET_EMAIL && !c.SHIPROCKET_WEBHOOK_TOKEN) {
    warnings.push(
      'No SHIPROCKET_WEBHOOK_TOKEN: courier updates are not received, so orders are not marked delivered or returned by themselves.',
    );
  }
  return warnings;
}

/** Parses the environment; empty strings count as unset so `VAR=` falls back to the default. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = ConfigSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const demoMode = result.data.DEMO_MODE ?? defaultDemoMode(result.data);
  const config: Config = {
    ...result.data,
    DEMO_MODE: demoMode,
    HOST: result.data.HOST ?? defaultHost(demoMode),
  };
  const missing = missingProviders(config);
  if (missing.length > 0) {
    throw new ConfigError(
      [
        'Refusing to start: this is not a demo shop (DEMO_MODE is off), so login codes must really be sent, but these settings are missing:',
        ...missing.map((m) => `  ${m}`),
        'Configure them, or set DEMO_MODE=true to run a demo shop (demo data, codes readable by anyone at /dev/outbox, simulated payments: never for real customers).',
      ].join('\n'),
    );
  }
  return config;
}
