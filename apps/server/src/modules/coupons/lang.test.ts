// Coupon descriptions shoppers read, in Hindi with ?lang=hi (English where a coupon has none).
import { LANG_MESSAGE } from '@spice/shared/contracts/common';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signUp } from '../../test/shoppers.ts';
import { coupons } from './schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('coupon descriptions in Hindi', () => {
  it('lists the live coupons in Hindi, falling back to English for one without Hindi', async () => {
    await t.database.db.update(coupons).set({ descriptionHi: '' }).where(eq(coupons.code, 'FLAT50'));
    const hi = (await t.app.inject('/api/coupons/active?lang=hi')).json() as {
      code: string;
      description: string;
    }[];
    const en = (await t.app.inject('/api/coupons/active')).json() as { code: string; description: string }[];
    expect(hi.map((c) => c.code)).toEqual(en.map((c) => c.code));
    const byCode = (list: typeof hi, code: string) => list.find((c) => c.code === code)?.description;
    expect(byCode(hi, 'WELCOME10')).toBe('पहले ऑर्डर पर 10% की छूट, ₹100 तक, ₹299 या ज़्यादा की कार्ट पर');
    expect(byCode(hi, 'FLAT50')).toBe('Flat ₹50 off on orders of ₹499 or more');
    expect(byCode(en, 'WELCOME10')).toBe('10% off your first order, up to ₹100, on carts of ₹299 or more');
    expect(JSON.stringify(en)).not.toMatch(/\p{Script=Devanagari}/u);
    expect((await t.app.services.coupons.listActive(new Date(), 'hi')).map((c) => c.description)).toEqual(
      hi.map((c) => c.description),
    );
  });

  it("gives a signed-in shopper's coupon list in Hindi too", async () => {
    const shopper = await signUp(t.app, '9850000031');
    const res = await t.app.inject({
      url: '/api/coupons/available?lang=hi',
      headers: { cookie: shopper.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as { code: string; description: string }[];
    expect(list.find((c) => c.code === 'WELCOME10')?.description).toMatch(/^पहले ऑर्डर पर/);
    const bad = await t.app.inject({
      url: '/api/coupons/available?lang=xx',
      headers: { cookie: shopper.cookie },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(LANG_MESSAGE);
  });
});
