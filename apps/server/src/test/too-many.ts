// A 429 says its wait twice, the same: in Retry-After (and retryAfterSeconds) and in its text.
import { tooManyRequestsMessage } from '@spice/shared/messages';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** Asserts a 429 whose text says the wait Retry-After says; answers the wait in seconds. */
export function expectWaitSaid(res: LightMyRequestResponse): number {
  expect(res.statusCode, res.body).toBe(429);
  const wait = Number(res.headers['retry-after']);
  expect(wait).toBeGreaterThan(0);
  expect(res.json()).toMatchObject({ message: tooManyRequestsMessage(wait), retryAfterSeconds: wait });
  return wait;
}
