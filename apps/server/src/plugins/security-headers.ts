// Security headers on every response, from helmet: the base Content-Security-Policy (pages add
// the hashes of their own inline scripts, see lib/content-security-policy.ts), HSTS when the shop
// is served over https, and helmet's other defaults. Permissions-Policy is not helmet's, so it is
// set here beside them. Helmet's middleware is built once: @fastify/helmet built it again (and
// parsed every directive) on each request.

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

export async function registerSecurityHeaders(app: FastifyInstance, config: HeaderConfig): Promise<void> {
  const https = config.PUBLIC_URL?.startsWith('https:') ?? false;
  const applyHelmet = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: policyDirectives(config, 'production') },
    // Razorpay Checkout opens bank and UPI pages in pop-ups that report back to the opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  const permissions = permissionsPolicy(config);
  app.addHook('onRequest', (request, reply, done) => {
    // Helmet sets its headers on the raw response; Fastify sends them with its own.
    applyHelmet(request.raw, reply.raw, (error?: unknown) => {
      reply.header('permissions-policy', permissions);
      done(error instanceof Error ? error : undefined);
    });
  });
}
