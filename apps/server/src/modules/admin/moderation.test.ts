import { AdminReviewPage, AuditPage, ContactInboxPage } from '@spice/shared/contracts/admin';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../seed/demo-seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { type Shopper, signUp, verifyMobile } from '../../test/shoppers.ts';

let t: TestApp;
let shopper: Shopper;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  shopper = await signUp(t.app, '9840000001');
  adminCookie = (await verifyMobile(t.app, DEMO_ADMIN.mobile)).cookie;
});
afterAll(async () => {
  await t.close();
});

const asAdmin = (opts: InjectOptions) =>
  t.app.inject({ ...opts, headers: { ...(opts.headers ?? {}), cookie: adminCookie } });
const lastAudit = async () => AuditPage.parse((await asAdmin({ url: '/api/admin/audit' })).json()).content[0];

describe('role checks on the moderation endpoints', () => {
  it('answers 401 logged out and 403 to a shopper on every one', async () => {
    const endpoints: InjectOptions[] = [
      { method: 'GET', url: '/api/admin/reviews' },
      { method: 'PUT', url: '/api/admin/reviews/1/reply', payload: { reply: 'Hi' } },
      { method: 'PUT', url: '/api/admin/reviews/1/visibility', payload: { hidden: true } },
      { method: 'GET', url: '/api/admin/contact-messages' },
      { method: 'PUT', url: '/api/admin/contact-messages/1/read', payload: { read: true } },
    ];
    for (const endpoint of endpoints) {
      expect((await t.app.inject(endpoint)).statusCode, String(endpoint.url)).toBe(401);
      expect((await shopper.request(endpoint)).statusCode, String(endpoint.url)).toBe(403);
    }
  });
});

describe('reviews in the back office', () => {
  it('lists unreplied reviews across products, and a reply moves one out of that list, audited', async () => {
    const unreplied = AdminReviewPage.parse(
      (await asAdmin({ url: '/api/admin/reviews?filter=unreplied' })).json(),
    );
    expect(unreplied.totalElements).toBeGreaterThan(0);
    const review = unreplied.content[0]!;
    expect(review).toMatchObject({ adminReply: null, hidden: false });
    expect(review.productName).not.toMatch(/^Product /);
    const before = await t.app.services.dashboard.figures();

    const res = await asAdmin({
      method: 'PUT',
      url: `/api/admin/reviews/${review.id}/reply`,
      payload: { reply: 'Thank you, Team Kesar Chakki' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.app.services.dashboard.figures()).unrepliedReviews).toBe(before.unrepliedReviews - 1);
    expect(await lastAudit()).toMatchObject({
      action: 'review.reply',
      entityId: String(review.id),
      before: { adminReply: null },
      after: { adminReply: 'Thank you, Team Kesar Chakki' },
    });
  });

  it('hides a review from the storefront and lists it as hidden, audited with before and after', async () => {
    const { content } = AdminReviewPage.parse((await asAdmin({ url: '/api/admin/reviews?size=1' })).json());
    const review = content[0]!;
    const res = await asAdmin({
      method: 'PUT',
      url: `/api/admin/reviews/${review.id}/visibility`,
      payload: { hidden: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    const hidden = AdminReviewPage.parse((await asAdmin({ url: '/api/admin/reviews?filter=hidden' })).json());
    expect(hidden.content.map((r) => r.id)).toContain(review.id);
    const shown = (await t.app.inject(`/api/reviews/${review.productId}/all`)).json() as { id: number }[];
    expect(shown.map((r) => r.id)).not.toContain(review.id);
    expect(await lastAudit()).toMatchObject({
      action: 'review.hide',
      before: { hidden: false },
      after: { hidden: true },
    });
  });
});

describe('the contact inbox', () => {
  it('shows new messages unread, marks them read and unread again, audited', async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/contact/send',
      payload: {
        name: 'Farah',
        email: 'farah@example.in',
        phone: '9876501234',
        message: 'Do you ship to Leh?',
      },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const unread = ContactInboxPage.parse(
      (await asAdmin({ url: '/api/admin/contact-messages?unread=true' })).json(),
    );
    expect(unread.content[0]).toMatchObject({ name: 'Farah', read: false, phone: '+919876501234' });
    expect((await t.app.services.dashboard.figures()).unreadMessages).toBe(1);
    const id = unread.content[0]!.id;

    const read = await asAdmin({
      method: 'PUT',
      url: `/api/admin/contact-messages/${id}/read`,
      payload: { read: true },
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ read: true, readAt: expect.any(String) });
    expect((await t.app.services.dashboard.figures()).unreadMessages).toBe(0);
    expect(
      ContactInboxPage.parse((await asAdmin({ url: '/api/admin/contact-messages?unread=true' })).json())
        .content,
    ).toEqual([]);
    expect(await lastAudit()).toMatchObject({
      action: 'message.read',
      before: { read: false },
      after: { read: true },
    });

    const again = await asAdmin({
      method: 'PUT',
      url: `/api/admin/contact-messages/${id}/read`,
      payload: { read: false },
    });
    expect(again.json()).toMatchObject({ read: false, readAt: null });
    expect(
      (
        await asAdmin({
          method: 'PUT',
          url: '/api/admin/contact-messages/999999/read',
          payload: { read: true },
        })
      ).statusCode,
    ).toBe(404);
  });
});
