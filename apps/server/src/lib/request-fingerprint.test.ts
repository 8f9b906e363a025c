import { describe, expect, it } from 'vitest';
import { canonicalJson, requestFingerprint } from './request-fingerprint.ts';

describe('requestFingerprint', () => {
  const place = { method: 'POST', url: '/api/orders/place-cod', body: { addressId: 1, amount: 500 } };

  it('is the same for the same request whatever the key order or query', () => {
    expect(requestFingerprint(place)).toBe(
      requestFingerprint({ ...place, url: `${place.url}?x=1`, body: { amount: 500, addressId: 1 } }),
    );
    expect(canonicalJson({ b: { d: 1, c: [2, { f: 1, e: 0 }] }, a: null })).toBe(
      '{"a":null,"b":{"c":[2,{"e":0,"f":1}],"d":1}}',
    );
  });

  it('differs when the method, path or any part of the body differs', () => {
    const base = requestFingerprint(place);
    expect(requestFingerprint({ ...place, method: 'PUT' })).not.toBe(base);
    expect(requestFingerprint({ ...place, url: '/api/orders/place' })).not.toBe(base);
    expect(requestFingerprint({ ...place, body: { addressId: 2, amount: 500 } })).not.toBe(base);
    expect(requestFingerprint({ ...place, body: { addressId: 1, amount: 501 } })).not.toBe(base);
  });
});
