import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { type Shopper, signUp, verifyMobile } from '../../test/shoppers.ts';

let t: TestApp;
let asha: Shopper;
let ravi: Shopper;

const home = {
  name: 'Asha Rao',
  phone: '9876543210',
  pincode: '560001',
  locality: 'Indiranagar',
  addressLine: '12, 4th Cross, HAL 2nd Stage',
  city: 'Bengaluru',
  state: 'Karnataka',
  landmark: 'Near the metro',
  alternatePhone: '',
  addressType: 'Home',
};

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  asha = await signUp(t.app, '9000000001');
  ravi = await signUp(t.app, '9000000002');
});
afterAll(async () => {
  await t.close();
});

describe('addresses', () => {
  it('adds the first address as default and answers the new list', async () => {
    const res = await asha.request({ method: 'POST', url: `/api/addresses/${asha.mobile}`, payload: home });
    expect(res.statusCode).toBe(201);
    const list = res.json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ ...home, alternatePhone: null, isDefault: true, default: true });
  });

  it('keeps exactly one default', async () => {
    const work = { ...home, name: 'Asha (office)', addressType: 'Work', isDefault: true };
    const res = await asha.request({ method: 'POST', url: `/api/addresses/${asha.mobile}`, payload: work });
    const list = res.json() as { id: number; name: string; isDefault: boolean }[];
    expect(list.filter((a) => a.isDefault).map((a) => a.name)).toEqual(['Asha (office)']);
    const other = list.find((a) => !a.isDefault)!;
    const set = await asha.request({ method: 'PUT', url: `/api/addresses/${other.id}/set-default` });
    expect(set.statusCode).toBe(200);
    const after = (await asha.request({ url: `/api/addresses/${asha.mobile}` })).json() as {
      id: number;
      isDefault: boolean;
    }[];
    expect(after.filter((a) => a.isDefault).map((a) => a.id)).toEqual([other.id]);
  });

  it('stores pasted phones the way the form shows them: +91, spaces and dashes gone', async () => {
    const pasted = {
      ...home,
      name: 'Asha (pasted)',
      phone: '+91 98765 01235',
      alternatePhone: '098765-01236',
    };
    const res = await asha.request({ method: 'POST', url: `/api/addresses/${asha.mobile}`, payload: pasted });
    expect(res.statusCode).toBe(201);
    const saved = (res.json() as { name: string; phone: string; alternatePhone: string }[]).find(
      (a) => a.name === 'Asha (pasted)',
    );
    expect(saved).toMatchObject({ phone: '9876501235', alternatePhone: '9876501236' });
    const tooLong = { ...home, phone: '+91 98765 012351' };
    const refused = await asha.request({
      method: 'POST',
      url: `/api/addresses/${asha.mobile}`,
      payload: tooLong,
    });
    expect(refused.statusCode).toBe(400);
  });

  it('accepts the mobile with +91 in the path', async () => {
    const res = await asha.request({ url: `/api/addresses/%2B91${asha.mobile}` });
    expect(res.statusCode).toBe(200);
  });

  it('updates an address', async () => {
    const [first] = (await asha.request({ url: `/api/addresses/${asha.mobile}` })).json() as { id: number }[];
    const res = await asha.request({
      method: 'PUT',
      url: `/api/addresses/${first!.id}`,
      payload: { ...home, city: 'Mysuru' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: first!.id, city: 'Mysuru' });
  });

  it('promotes another address when the default is deleted', async () => {
    const list = (await asha.request({ url: `/api/addresses/${asha.mobile}` })).json() as {
      id: number;
      isDefault: boolean;
    }[];
    const def = list.find((a) => a.isDefault)!;
    const del = await asha.request({ method: 'DELETE', url: `/api/addresses/${def.id}` });
    expect(del.statusCode).toBe(200);
    const after = (await asha.request({ url: `/api/addresses/${asha.mobile}` })).json() as {
      isDefault: boolean;
    }[];
    expect(after).toHaveLength(list.length - 1);
    expect(after.filter((a) => a.isDefault)).toHaveLength(1);
  });

  it.each([
    [{ name: '' }, 'Please fill all mandatory fields.'],
    [{ city: '   ' }, 'Please fill all mandatory fields.'],
    [{ state: undefined }, 'Please fill all mandatory fields.'],
    [{ phone: '12345' }, 'Please enter the valid phone number.'],
    [{ phone: '5876543210' }, 'Please enter the valid phone number.'],
    [{ alternatePhone: '98765' }, 'Please enter the valid phone number.'],
    [{ pincode: '5600' }, 'Please enter the valid pincode.'],
    [{ pincode: '56000a' }, 'Please enter the valid pincode.'],
  ])('refuses %o with the spec message and changes nothing', async (change, message) => {
    const before = (await asha.request({ url: `/api/addresses/${asha.mobile}` })).json();
    const res = await asha.request({
      method: 'POST',
      url: `/api/addresses/${asha.mobile}`,
      payload: { ...home, ...change },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await asha.request({ url: `/api/addresses/${asha.mobile}` })).json()).toEqual(before);
  });

  it('defaults the address type to Home and refuses other types', async () => {
    const { addressType: _, ...noType } = home;
    const ok = await ravi.request({ method: 'POST', url: `/api/addresses/${ravi.mobile}`, payload: noType });
    expect(ok.json()[0].addressType).toBe('Home');
    const bad = await ravi.request({
      method: 'POST',
      url: `/api/addresses/${ravi.mobile}`,
      payload: { ...home, addressType: 'Villa' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('who may touch addresses', () => {
  it('every per-shopper endpoint: nobody gets 401, another shopper 403/404, the owner succeeds; nothing changes for the others', async () => {
    const [mine] = (await asha.request({ url: `/api/addresses/${asha.mobile}` })).json() as { id: number }[];
    const id = mine!.id;
    const calls = [
      { method: 'GET', url: `/api/addresses/${asha.mobile}` },
      { method: 'POST', url: `/api/addresses/${asha.mobile}`, payload: home },
      { method: 'PUT', url: `/api/addresses/${id}`, payload: { ...home, city: 'Hubballi' } },
      { method: 'PUT', url: `/api/addresses/${id}/set-default` },
      { method: 'DELETE', url: `/api/addresses/${id}` },
    ] as const;
    const snapshot = async () => (await asha.request({ url: `/api/addresses/${asha.mobile}` })).json();
    const before = await snapshot();

    for (const call of calls) {
      const nobody = await t.app.inject({ ...call });
      expect(nobody.statusCode, `${call.method} ${call.url} as nobody`).toBe(401);
      const other = await ravi.request({ ...call });
      expect([403, 404], `${call.method} ${call.url} as another shopper`).toContain(other.statusCode);
    }
    // A session that verified a number but has no account yet is not a shopper either.
    const { cookie } = await verifyMobile(t.app, '9000000003');
    const half = await t.app.inject({ url: `/api/addresses/9000000003`, headers: { cookie } });
    expect(half.statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);

    for (const call of calls) {
      const owner = await asha.request({ ...call });
      expect(owner.statusCode, `${call.method} ${call.url} as the owner`).toBeLessThan(300);
    }
  });
});
