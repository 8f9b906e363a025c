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

describe('routine runs', () => {
  it('are hidden by default, shown on asking; failures and retries of scheduled jobs stay in view', async () => {
    const asAdmin = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
    const rows = await t.database.db
      .insert(jobs)
      .values([
        ...Array.from({ length: 30 }, (_, i) => ({
          name: 'sweep',
          payload: {},
          key: `schedule:sweep:${1000 + i}`,
          status: 'done' as const,
          attempts: 1,
          maxAttempts: 1,
        })),
        {
          name: 'sweep',
          payload: {},
          key: 'schedule:sweep:2000',
          status: 'dead' as const,
          attempts: 1,
          lastError: 'boom',
        },
        { name: 'sweep', payload: {}, key: 'schedule:sweep:2001', status: 'done' as const, attempts: 2 },
        {
          name: 'order-message',
          payload: { orderNumber: 'KC9', event: 'placed' },
          status: 'done' as const,
          attempts: 1,
        },
      ])
      .returning();
    const [failed, retried, message] = rows.slice(-3);

    const byDefault = AdminJobPage.parse((await asAdmin('/api/admin/jobs?size=100')).json());
    const ids = byDefault.content.map((j) => j.id);
    expect(byDefault.counts.routine).toBe(30);
    expect(ids).toEqual(expect.arrayContaining([failed!.id, retried!.id, message!.id]));
    expect(byDefault.content.some((j) => j.name === 'sweep' && j.status === 'done' && j.attempts === 1)).toBe(
      false,
    );
    expect(byDefault.totalElements).toBe(byDefault.content.length);

    const done = AdminJobPage.parse((await asAdmin('/api/admin/jobs?status=done&size=100')).json());
    expect(done.content.map((j) => j.id).sort()).toEqual([retried!.id, message!.id].sort());

    const shown = AdminJobPage.parse((await asAdmin('/api/admin/jobs?routine=show&size=100')).json());
    expect(shown.totalElements).toBe(byDefault.totalElements + 30);
    expect((await asAdmin('/api/admin/jobs?routine=maybe')).statusCode).toBe(400);
  });
});
