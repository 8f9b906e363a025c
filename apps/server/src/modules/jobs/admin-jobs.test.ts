// /api/admin/jobs: admin only; lists jobs by status with the last error; Retry re-queues a dead
// job (audited) and refuses any other.
import { AdminJobPage } from '@spice/shared/contracts/admin-jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../seed/demo-seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signUp, verifyMobile } from '../../test/shoppers.ts';
import { jobs } from './schema.ts';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = (await verifyMobile(t.app, DEMO_ADMIN.mobile)).cookie;
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('the back office jobs list', () => {
  it('shows failed jobs with their last error, and Retry queues one again, audited', async () => {
    const [dead] = await t.database.db
      .insert(jobs)
      .values({
        name: 'order-message',
        payload: { orderNumber: 'KC1', event: 'placed' },
        status: 'dead',
        attempts: 8,
        lastError: 'SMTP delivery failed: timeout',
      })
      .returning();
    const asAdmin = (method: 'GET' | 'POST', url: string) =>
      t.app.inject({ method, url, headers: { cookie } });
    const page = AdminJobPage.parse((await asAdmin('GET', '/api/admin/jobs?status=dead')).json());
    expect(page.counts.dead).toBe(1);
    expect(page.content).toMatchObject([
      { id: dead!.id, status: 'dead', lastError: 'SMTP delivery failed: timeout' },
    ]);

    const retried = await asAdmin('POST', `/api/admin/jobs/${dead!.id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'queued', attempts: 0 });
    expect((await asAdmin('POST', `/api/admin/jobs/${dead!.id}/retry`)).statusCode).toBe(409);
    expect((await asAdmin('POST', '/api/admin/jobs/999999/retry')).statusCode).toBe(404);
    const audit = (await asAdmin('GET', '/api/admin/audit')).json();
    expect(audit.content[0]).toMatchObject({ action: 'job.retry', entityId: String(dead!.id) });

    const shopper = await signUp(t.app, '9855500001');
    expect((await shopper.request({ url: '/api/admin/jobs' })).statusCode).toBe(403);
    expect((await t.app.inject('/api/admin/jobs')).statusCode).toBe(401);
  });
});
