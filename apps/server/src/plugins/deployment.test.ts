// The deployment files (compose.yaml, Dockerfile, deploy/Caddyfile, decision 0022) against the
// code: every setting they give an instance is one the config schema knows and accepts, the proxy
// checks the real health endpoint, and a real shop's required settings pass through. Docker is
// not needed: the YAML is parsed here (this machine's Docker has no compose plugin).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONFIG_NAMES, loadConfig } from './config.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

interface Service {
  build?: string;
  image?: string;
  init?: boolean;
  stop_grace_period?: string;
  depends_on?: Record<string, { condition: string }> | string[];
  environment?: Record<string, string>;
  env_file?: { path: string; required: boolean }[];
  healthcheck?: { test: string[] | string };
  volumes?: string[];
  ports?: string[];
  networks?: string[] | Record<string, { ipv4_address?: string }>;
}

const compose = parse(read('compose.yaml')) as { services: Record<string, Service> };
const shops = Object.entries(compose.services).filter(([name]) => name.startsWith('shop-'));

/** Compose's interpolation of `${NAME}`, `${NAME:-default}` and `${NAME-default}` from `env`. */
function interpolate(value: string, env: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?:(:?-)([^}]*))?\}/g, (_m, name: string, op?: string, fallback = '') => {
    const set = env[name];
    if (op === ':-') return set ? set : fallback;
    if (op === '-') return set ?? fallback;
    return set ?? '';
  });
}

/** An instance's environment as the container gets it, with `shell` as the operator's variables. */
function environmentOf(service: Service, shell: Record<string, string> = {}) {
  return Object.fromEntries(
    Object.entries(service.environment ?? {}).map(([k, v]) => [k, interpolate(String(v), shell)]),
  );
}

const seconds = (duration: string) => {
  const m = /^(\d+)(ms|s|m)$/.exec(duration);
  if (!m) throw new Error(`not a duration: ${duration}`);
  return Number(m[1]) * (m[2] === 'ms' ? 0.001 : m[2] === 'm' ? 60 : 1);
};

describe('compose.yaml', () => {
  it('runs PostgreSQL, three shop instances of one image and a reverse proxy', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['postgres', 'proxy', 'shop-1', 'shop-2', 'shop-3']);
    for (const [, shop] of shops) {
      expect(shop.build).toBe('.');
      expect(shop.image).toBe(shops[0]![1].image);
      expect(shop.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
      expect(shop.init).toBe(true);
    }
    expect(compose.services.proxy!.depends_on).toEqual(shops.map(([name]) => name));
  });

  it('gives each instance only settings the config schema knows, and they pass its checks', () => {
    for (const [, shop] of shops) {
      const env = environmentOf(shop);
      const unknown = Object.keys(env).filter((name) => !CONFIG_NAMES.includes(name));
      expect(unknown).toEqual([]);
      const config = loadConfig(env);
      expect(config.DATABASE_URL).toMatch(/^postgres:\/\/shop:[^@]+@postgres:5432\/shop$/);
      // As written it is a demo; REDIS_URL and PUBLIC_URL stay unset unless the operator sets them.
      expect(config.DEMO_MODE).toBe(true);
      expect(config.REDIS_URL).toBeUndefined();
      expect(config.PUBLIC_URL).toBeUndefined();
    }
  });

  it('passes a real shop its settings: outside demo mode it starts with the providers and fails without', () => {
    const shop = shops[0]![1];
    // The variables a real shop needs come from ./shop.env, which may be absent for the demo.
    expect(shop.env_file).toEqual([{ path: './shop.env', required: false }]);
    const real = {
      DEMO_MODE: 'false',
      PUBLIC_URL: 'https://kesarchakki.in',
      REDIS_URL: 'redis://redis:6379',
      POSTGRES_PASSWORD: 'long-secret',
    };
    const env = environmentOf(shop, real);
    expect(() => loadConfig(env)).toThrow(/SMS_PROVIDER[\s\S]*SMTP_URL/);
    const shopEnv = {
      SMS_PROVIDER: 'msg91',
      MSG91_AUTH_KEY: 'auth-key-1234',
      MSG91_TEMPLATE_ID: 'tmpl-1234',
      SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
    };
    const config = loadConfig({ ...shopEnv, ...env });
    expect(config.DEMO_MODE).toBe(false);
    expect(config.DATABASE_URL).toBe('postgres://shop:long-secret@postgres:5432/shop');
    expect(config.REDIS_URL).toBe('redis://redis:6379');
    expect(config.PUBLIC_URL).toBe('https://kesarchakki.in');
  });

  it('trusts forwarded headers from the proxy alone', () => {
    const proxy = compose.services.proxy!;
    const address = (proxy.networks as Record<string, { ipv4_address?: string }>).shop?.ipv4_address;
    expect(address).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    for (const [, shop] of shops) {
      expect(loadConfig(environmentOf(shop)).TRUST_PROXY).toEqual([address]);
    }
  });

  it('gives a stopping instance time to drain and close before Docker kills it', () => {
    for (const [, shop] of shops) {
      const config = loadConfig(environmentOf(shop));
      expect(config.SHUTDOWN_DRAIN_SECONDS).toBeGreaterThan(0);
      const needed = config.SHUTDOWN_DRAIN_SECONDS + config.SHUTDOWN_TIMEOUT_MS / 1000;
      expect(seconds(shop.stop_grace_period ?? '10s')).toBeGreaterThan(needed);
    }
  });

  it('shares the uploaded images between the instances', () => {
    for (const [, shop] of shops) {
      const { MEDIA_DIR } = loadConfig(environmentOf(shop));
      expect(shop.volumes).toContain(`media:${MEDIA_DIR}`);
    }
  });

  it('checks the instances at the real health endpoint', () => {
    for (const [, shop] of shops) {
      // Each word a string: an unquoted `a ? b : c` in YAML would silently become a mapping.
      expect(
        ((shop.healthcheck?.test ?? [null]) as unknown[]).every((word) => typeof word === 'string'),
      ).toBe(true);
      const test = JSON.stringify(shop.healthcheck?.test);
      expect(test).toContain(`127.0.0.1:${environmentOf(shop).PORT}/api/health`);
    }
  });
});

describe('deploy/Caddyfile', () => {
  const caddyfile = read('deploy/Caddyfile');

  it('balances round robin over the three instances on their port, checking /api/health', () => {
    const port = environmentOf(shops[0]![1]).PORT;
    const upstreams = /reverse_proxy ([^{]+)\{/.exec(caddyfile)?.[1]?.trim().split(/\s+/);
    expect(upstreams).toEqual(shops.map(([name]) => `${name}:${port}`));
    expect(caddyfile).toMatch(/lb_policy round_robin/);
    expect(caddyfile).toMatch(/health_uri \/api\/health\n/);
    expect(caddyfile).toMatch(/health_status 200/);
  });

  it('is mounted where Caddy reads it', () => {
    expect(compose.services.proxy!.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');

  it('builds on Node 24 slim with npm ci, runs as a non-root user with npm start', () => {
    const froms = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((m) => m[1]);
    expect(froms.length).toBeGreaterThan(0);
    for (const from of froms) expect(from).toBe('node:24-slim');
    expect(dockerfile).toMatch(/^RUN npm ci\b/m);
    expect(dockerfile).toMatch(/npm run build/);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^CMD \["npm", "start"\]$/m);
    expect(dockerfile).toMatch(/HEALTHCHECK[\s\S]*\/api\/health/);
  });

  it('copies every workspace manifest before npm ci', () => {
    const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
    for (const workspace of workspaces)
      expect(dockerfile).toContain(`COPY ${workspace}/package.json ${workspace}/`);
  });

  it('leaves local installs, builds and data out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['**/node_modules', '**/build', '.data', '.git', '.env'])
      expect(ignored).toContain(entry);
  });
});

describe('README deployment guide', () => {
  const readme = read('README.md');

  it('names every setting the deployment files give an instance', () => {
    for (const name of Object.keys(shops[0]![1].environment ?? {})) expect(readme).toContain(`\`${name}\``);
  });
});
