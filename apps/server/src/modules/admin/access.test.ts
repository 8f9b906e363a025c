import { AuditPage } from '@spice/shared/contracts/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../seed/demo-seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { type Shopper, signUp, verifyMobile } from '../../test/shoppers.ts';

let t: TestApp;
let shopper: Shopper;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  shopper = await signUp(t.app, '9820000001');
  adminCookie = (await verifyMobile(t.app, DEMO_ADMIN.mobile)).cookie;
});
afterAll(async () => {
  await t.close();
});

describe('the back office role check', () => {
  it('answers 401 to a logged-out caller of an admin endpoint', async () => {
    const res = await t.app.inject('/api/admin/audit');
    expect(res.statusCode).toBe(401);
  });

  it('answers 403 to a shopper without the admin role', async () => {
    const res = await shopper.request({ method: 'GET', url: '/api/admin/audit' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Only the store team can do this.');
  });

  it('lets the seeded demo admin in', async () => {
    const res = await t.app.inject({ url: '/api/admin/audit', headers: { cookie: adminCookie } });
    expect(res.statusCode, res.body).toBe(200);
    expect(AuditPage.parse(res.json()).page).toBe(0);
  });

  it('keeps the shipping milestones public for the storefront', async () => {
    const res = await t.app.inject('/api/admin/shipping-milestones');
    expect(res.statusCode).toBe(200);
  });

  it('grants and revokes the role by mobile, and says when there is no such account', async () => {
    const { accounts } = t.app.services;
    expect(await accounts.setRole('9820000099', 'OWNER')).toBeNull();
    expect((await accounts.setRole(shopper.mobile, 'OWNER'))?.role).toBe('OWNER');
    expect((await shopper.request({ method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(200);
    expect((await accounts.setRole(shopper.mobile, 'customer'))?.role).toBe('customer');
    expect((await shopper.request({ method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(403);
  });
});

describe('the audit log', () => {
  it('records a review reply with who made it, newest first', async () => {
    const headers = { cookie: adminCookie };
    const [review] = (await t.app.inject('/api/reviews/1/all')).json() as { id: number }[];
    const replied = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/reviews/${review!.id}/reply`,
      payload: { reply: 'Thank you!' },
      headers,
    });
    expect(replied.statusCode, replied.body).toBe(200);
    const page = AuditPage.parse((await t.app.inject({ url: '/api/admin/audit', headers })).json());
    expect(page.content[0]).toMatchObject({
      action: 'review.reply',
      entity: 'review',
      entityId: String(review!.id),
      actorName: `${DEMO_ADMIN.firstName} ${DEMO_ADMIN.lastName}`,
      actorRole: 'OWNER',
      actorMobile: DEMO_ADMIN.mobile,
      after: { adminReply: 'Thank you!' },
    });
  });
});
