import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from '../plugins/security-headers.ts';
import {
  inlineScriptHashes,
  policyDirectives,
  serializePolicy,
  withPagePolicy,
} from './content-security-policy.ts';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const none = { ANALYTICS_ID: undefined, PUBLIC_URL: undefined, RAZORPAY_KEY_ID: undefined };

describe('the page policy', () => {
  it('hashes only the inline scripts the render marked as its own', () => {
    const html = [
      '<script nonce="m1">window.__ctx = 1</script>',
      '<script nonce="m1" type="module" async="">import("/assets/a.js")</script>',
      '<script nonce="m1" src="/assets/b.js"></script>',
      '<script>alert("stored")</script>',
      '<script nonce="guess">alert("stored")</script>',
      '<script type="application/ld+json">{"@type":"Product"}</script>',
    ].join('');
    expect(inlineScriptHashes(html, 'm1')).toEqual([sha('window.__ctx = 1'), sha('import("/assets/a.js")')]);
  });

  it('never allows inline script or eval without hashes, and locks objects, base and framing', () => {
    const directives = policyDirectives(none, 'production');
    const policy = serializePolicy(directives);
    expect(policy).not.toContain('unsafe-eval');
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'self'");
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).toContain("style-src 'self' 'unsafe-inline'");
    expect(policy).not.toContain('upgrade-insecure-requests');
  });

  it('allows Razorpay Checkout and GA4 only when they are configured', () => {
    const paid = policyDirectives({ ...none, RAZORPAY_KEY_ID: 'rzp_test_abc' }, 'production');
    expect(paid['script-src']).toContain('https://checkout.razorpay.com');
    expect(paid['frame-src']).toContain('https://api.razorpay.com');
    const measured = policyDirectives({ ...none, ANALYTICS_ID: 'G-ABC123' }, 'production');
    expect(measured['script-src']).toContain('https://*.googletagmanager.com');
    expect(measured['connect-src']).toContain('https://*.google-analytics.com');
    const plain = serializePolicy(policyDirectives(none, 'production'));
    expect(plain).not.toMatch(/razorpay|google|facebook/);
  });

  it('allows the Meta Pixel only when META_PIXEL_ID is set (issue 38)', () => {
    const pixel = policyDirectives({ ...none, META_PIXEL_ID: '123456789012' }, 'production');
    expect(pixel['script-src']).toContain('https://connect.facebook.net');
    expect(pixel['connect-src']).toEqual(expect.arrayContaining(['https://www.facebook.com']));
    expect(serializePolicy(pixel)).not.toMatch(/google/);
  });

  it('puts the hashes on an HTML page and leaves other responses alone', async () => {
    const base = policyDirectives(none, 'production');
    const page = await withPagePolicy(
      new Response('<html><script nonce="m">go()</script></html>', {
        headers: { 'content-type': 'text/html; charset=utf-8' },
      }),
      base,
      'm',
    );
    expect(page.headers.get('content-security-policy')).toContain(`script-src 'self' ${sha('go()')};`);
    expect(await page.text()).toBe('<html><script nonce="m">go()</script></html>');
    const data = new Response('{}', { headers: { 'content-type': 'text/x-script' } });
    expect(await withPagePolicy(data, base, 'm')).toBe(data);
  });
});

describe('security headers on every response', () => {
  // Helmet and the Permissions-Policy on a bare server: the same registration the app makes.
  async function serverWith(publicUrl?: string) {
    const app = Fastify();
    await registerSecurityHeaders(app, { ...none, PUBLIC_URL: publicUrl });
    app.get('/x', async () => ({ ok: true }));
    return app;
  }

  it('sends a policy, Permissions-Policy and the usual headers; HSTS only when the shop is https', async () => {
    const plain = await serverWith();
    const res = await plain.inject('/x');
    expect(res.headers['content-security-policy']).toContain("object-src 'none'");
    expect(res.headers['permissions-policy']).toContain('camera=()');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const https = await serverWith('https://shop.example');
    const secure = await https.inject('/x');
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(secure.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    await plain.close();
    await https.close();
  });
});
