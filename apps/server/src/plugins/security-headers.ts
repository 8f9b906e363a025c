// Security headers on every response, from helmet: the base Content-Security-Policy (pages add
// the hashes of their own inline scripts, see lib/content-security-policy.ts), HSTS when the shop
// is served over https, and helmet's other defaults. Permissions-Policy is not helmet's, so it is
// set here beside them. Helmet runs once, at start: its headers are the same for every request.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { policyDirectives } from '../lib/content-security-policy.ts';
import type { Config } from './config.ts';

type HeaderConfig = Pick<Config, 'ANALYTICS_ID' | 'META_PIXEL_ID' | 'PUBLIC_URL' | 'RAZORPAY_KEY_ID'>;

/** Powerful browser features the shop never uses are off, for it and anything it frames. */
export function permissionsPolicy(config: HeaderConfig): string {
  // Razorpay Checkout may offer the Payment Request API inside its own frame.
  const payment = config.RAZORPAY_KEY_ID ? 'payment=(self "https://api.razorpay.com")' : 'payment=()';
  return ['camera=()', 'microphone=()', 'geolocation=()', 'usb=()', 'serial=()', payment].join(', ');
}

/**
 * Helmet's headers for this configuration, computed once: with static directives (no per-request
 * nonce or function) they never depend on the request, and replaying them as one object costs a
 * fraction of running helmet's twelve middlewares, each with its own setHeader, on every request.
 */
export function securityHeaders(config: HeaderConfig): Record<string, string> {
  const https = config.PUBLIC_URL?.startsWith('https:') ?? false;
  const applyHelmet = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: policyDirectives(config, 'production') },
    // Razorpay Checkout opens bank and UPI pages in pop-ups that report back to the opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader() {},
  };
  let done = false;
  applyHelmet({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    done = true;
  });
  // Helmet's middlewares run synchronously; if a later version did not, the headers would be missing.
  if (!done || !headers['content-security-policy']) throw new Error('helmet did not set its headers at once');
  headers['permissions-policy'] = permissionsPolicy(config);
  return headers;
}

export async function registerSecurityHeaders(app: FastifyInstance, config: HeaderConfig): Promise<void> {
  const headers = securityHeaders(config);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
