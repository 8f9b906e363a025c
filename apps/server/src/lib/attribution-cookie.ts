// The attribution cookie on the server's side (issue 38, decision 0042): a landing that is a touch
// (campaign parameters, an ad click id, a link from another site) sets it on the document's
// response, so no script on the page has to (the home page's script budget is spent); an order
// placement reads it. First-party, 30 days, never sent anywhere else, no personal data.
import {
  ATTRIBUTION_COOKIE,
  ATTRIBUTION_DAYS,
  type Attribution,
  decodeAttribution,
  encodeAttribution,
  touchOf,
  withTouch,
} from '@spice/shared/attribution';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The attribution the request's cookie holds (unreadable or expired: none). */
export function attributionOf(request: FastifyRequest, now = new Date()): Attribution | null {
  return decodeAttribution(request.cookies[ATTRIBUTION_COOKIE], now);
}

/** A top-level page load in a browser (not a client navigation's .data, an asset or a script). */
function isDocumentRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET') return false;
  const dest = request.headers['sec-fetch-dest'];
  if (dest !== undefined) return dest === 'document';
  return (request.headers.accept ?? '').includes('text/html');
}

/**
 * Records the landing's touch, if it is one, in the cookie of this response (true: it did; the
 * response is then this visitor's and must be sent `private, no-store`). `publicUrl` names the
 * shop's own host (a link from the shop itself is no touch).
 */
export function recordTouch(
  request: FastifyRequest,
  reply: FastifyReply,
  publicUrl: string | undefined,
  now = new Date(),
): boolean {
  if (!isDocumentRequest(request)) return false;
  const url = new URL(`http://x${request.url}`);
  const ownHost = publicUrl ? new URL(publicUrl).hostname : request.hostname;
  const touch = touchOf(url, request.headers.referer, ownHost, now);
  if (!touch) return false;
  reply.setCookie(ATTRIBUTION_COOKIE, encodeAttribution(withTouch(attributionOf(request, now), touch)), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: publicUrl?.startsWith('https:') || request.protocol === 'https',
    maxAge: ATTRIBUTION_DAYS * 86_400,
  });
  return true;
}
