// The boot decisions: when the shop is a demo, when it refuses to start, what it warns about, and
// which proxies it trusts.
import { describe, expect, it } from 'vitest';
import { bootWarnings, ConfigError, loadConfig } from './config.ts';

const SMS = { SMS_PROVIDER: 'msg91', MSG91_AUTH_KEY: 'auth-key-123', MSG91_TEMPLATE_ID: 'tmpl-1' };
const SMTP = { SMTP_URL: 'smtp://mail.example.in:587' };
const RAZORPAY = { RAZORPAY_KEY_ID: 'rzp_live_abc123', RAZORPAY_KEY_SECRET: 'secret-123456' };
const PG = { DATABASE_URL: 'postgres://shop@db.example.in/shop' };

const refusal = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected the configuration to be refused');
};

describe('demo mode when DEMO_MODE is unset', () => {
  it('is on for the embedded database with no provider: npm start is the demo', () => {
    expect(loadConfig({}).DEMO_MODE).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'memory://' }).DEMO_MODE).toBe(true);
    expect(loadConfig({ DATABASE_URL: './shop-data' }).DEMO_MODE).toBe(true);
  });

  it('is off on a PostgreSQL server, and then the shop needs its providers', () => {
    expect(loadConfig({ ...PG, ...SMS, ...SMTP, ...RAZORPAY }).DEMO_MODE).toBe(false);
    const message = refusal({ ...PG, NODE_ENV: 'production' });
    expect(message).toMatch(/SMS_PROVIDER/);
    expect(message).toMatch(/SMTP_URL/);
    expect(message).toMatch(/DEMO_MODE/);
  });

  it('is off as soon as any provider is configured, even on the embedded database', () => {
    expect(refusal({ ...SMS })).toMatch(/SMTP_URL/);
    expect(refusal({ ...SMTP })).toMatch(/SMS_PROVIDER/);
    const onlyRazorpay = refusal({ ...RAZORPAY });
    expect(onlyRazorpay).toMatch(/SMS_PROVIDER/);
    expect(onlyRazorpay).toMatch(/SMTP_URL/);
    expect(loadConfig({ ...SMS, ...SMTP }).DEMO_MODE).toBe(false);
  });
});

describe('DEMO_MODE set', () => {
  it('takes true/false and 1/0', () => {
    expect(loadConfig({ ...PG, DEMO_MODE: 'true' }).DEMO_MODE).toBe(true);
    expect(loadConfig({ ...PG, DEMO_MODE: '1' }).DEMO_MODE).toBe(true);
    expect(loadConfig({ ...SMS, ...SMTP, DEMO_MODE: 'false' }).DEMO_MODE).toBe(false);
    expect(loadConfig({ ...SMS, ...SMTP, DEMO_MODE: '0' }).DEMO_MODE).toBe(false);
    expect(() => loadConfig({ DEMO_MODE: 'yes' })).toThrow(/DEMO_MODE/);
  });

  it('off on the embedded database without providers refuses to start, naming what is missing', () => {
    const message = refusal({ DEMO_MODE: 'false' });
    expect(message).toMatch(/SMS_PROVIDER/);
    expect(message).toMatch(/SMTP_URL/);
    expect(message).toMatch(/DEMO_MODE=true/);
    expect(refusal({ DEMO_MODE: '0', ...SMS })).not.toMatch(/SMS_PROVIDER/);
  });

  it('on keeps a demo even with providers (e.g. Razorpay test keys)', () => {
    expect(loadConfig({ ...RAZORPAY, DEMO_MODE: 'true' }).DEMO_MODE).toBe(true);
  });
});

describe('boot warnings', () => {
  it('warn a real shop without Razorpay keys that online payment is unavailable', () => {
    const [warning] = bootWarnings(loadConfig({ ...PG, ...SMS, ...SMTP }));
    expect(warning).toMatch(/RAZORPAY_KEY_ID/);
    expect(warning).toMatch(/503/);
    expect(
      bootWarnings(
        loadConfig({ ...PG, ...SMS, ...SMTP, ...RAZORPAY, RAZORPAY_WEBHOOK_SECRET: 'whsec-1234' }),
      ),
    ).toEqual([]);
    // A demo pays through the simulated gateway: nothing to warn about.
    expect(bootWarnings(loadConfig({}))).toEqual([]);
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
  });

  it('takes a hop count or the proxies’ addresses and CIDRs', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5' }).TRUST_PROXY).toEqual(['10.0.0.5']);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.1,fd00::/8' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.168.1.1',
      'fd00::/8',
    ]);
  });

  it('refuses true (it would trust whatever the client writes) and anything else unclear', () => {
    expect(refusal({ TRUST_PROXY: 'true' })).toMatch(/TRUST_PROXY: true would trust/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example.in' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '-1' })).toThrow(/TRUST_PROXY/);
  });
});

describe('rate-limit settings', () => {
  it('take a Redis URL, and default to 10 wrong coupon codes a minute', () => {
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(() => loadConfig({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL/);
    expect(loadConfig({}).COUPON_GUESSES_PER_MINUTE).toBe(10);
  });

  it('keep a code valid 15 minutes at most, so a locked code holds a number up no longer', () => {
    expect(() => loadConfig({ OTP_TTL_SECONDS: '1800' })).toThrow(/OTP_TTL_SECONDS/);
    expect(loadConfig({}).OTP_SENDS_PER_NUMBER_PER_15_MIN).toBe(10);
  });
});

describe('HOST', () => {
  it('is 127.0.0.1 for a demo unless set, so nobody else on the network reads codes at /dev/outbox', () => {
    expect(loadConfig({}).HOST).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '' }).HOST).toBe('127.0.0.1');
  });
  it('is every interface for a real shop unless set', () => {
    expect(loadConfig({ ...PG, ...SMS, ...SMTP, ...RAZORPAY }).HOST).toBe('0.0.0.0');
    expect(loadConfig({ ...PG, ...SMS, ...SMTP, ...RAZORPAY, HOST: '10.0.0.5' }).HOST).toBe('10.0.0.5');
  });
});

describe('web push settings (issue 42)', () => {
  const VAPID = {
    VAPID_PUBLIC_KEY:
      'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    VAPID_PRIVATE_KEY: 'UUxI4O8-FbRouAevSmBQ6o18hgE4nSG3qwvJTfKc-ls',
    VAPID_SUBJECT: 'mailto:orders@kesarchakki.example',
  };

  it('takes all three, or none (push is then off)', () => {
    expect(loadConfig(VAPID).VAPID_SUBJECT).toBe(VAPID.VAPID_SUBJECT);
    expect(loadConfig({}).VAPID_PUBLIC_KEY).toBeUndefined();
  });

  it.each(['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const)(
    'refuses to boot without %s when the others are set, naming it',
    (missing) => {
      const env: Record<string, string> = { ...VAPID };
      delete env[missing];
      expect(() => loadConfig(env)).toThrow(new RegExp(missing));
    },
  );

  it('refuses a subject that is neither mailto: nor https:', () => {
    expect(() => loadConfig({ ...VAPID, VAPID_SUBJECT: 'http://shop.example' })).toThrow(/VAPID_SUBJECT/);
  });
});
