// What an Idempotency-Key promises: the same request again gets the first answer. A key is stored
// with a fingerprint of the request it was first used for, so the key reused for another request
// (another address, cart or amount) is refused instead of answering the earlier order.
import { createHash } from 'node:crypto';

/** JSON with every object's keys sorted, so the same body always gives the same text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** sha256 of the method, the path (no query) and the validated body. */
export function requestFingerprint(request: { method: string; url: string; body: unknown }): string {
  const path = request.url.split('?')[0];
  return createHash('sha256')
    .update(`${request.method.toUpperCase()} ${path}\n${canonicalJson(request.body ?? null)}`)
    .digest('hex');
}
