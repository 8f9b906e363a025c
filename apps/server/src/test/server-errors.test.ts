// The test apps report every 5xx they answer; vitest.setup.ts fails the test unless it said so.
import { describe, expect, it } from 'vitest';
import { createTestApp } from './app.ts';
import { expectServerErrors, recordServerError, takeServerErrors } from './server-errors.ts';

describe('unexpected 5xx answers', () => {
  it('are recorded by every test app, with the request that got them', async () => {
    const t = await createTestApp({ seed: false });
    await t.database.close();
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(503);
    expect(takeServerErrors()).toEqual(['GET /api/health answered 503']);
    await t.app.close();
  });

  it('are let through for the one test that expects them', () => {
    expectServerErrors();
    recordServerError('POST /api/payment/create-razorpay-order answered 503');
    expect(takeServerErrors()).toEqual([]);
    recordServerError('GET /api/products answered 500');
    expect(takeServerErrors()).toEqual(['GET /api/products answered 500']);
  });
});
