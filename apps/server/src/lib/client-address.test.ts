import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addressKey } from './client-address.ts';

describe('addressKey', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::ffff:cb00:7107', '203.0.113.7'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:0000:0000:0000:0009', '2001:db8:1:2::/64'],
    ['2001:db8:1:3::1', '2001:db8:1:3::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['not-an-address', 'not-an-address'],
  ])('%s counts as %s', (ip, key) => {
    expect(addressKey(ip)).toBe(key);
  });

  it('gives every address of one /64 the same key, and different /64s different keys', () => {
    const group = fc.integer({ min: 0, max: 0xffff });
    const hex = (n: number) => n.toString(16);
    fc.assert(
      fc.property(
        fc.array(group, { minLength: 8, maxLength: 8 }),
        fc.array(group, { minLength: 4, maxLength: 4 }),
        (a, tail) => {
          // Leave out the IPv4-mapped range, which counts as IPv4.
          const mapped = (g: number[]) => g.slice(0, 5).every((p) => p === 0) && g[5] === 0xffff;
          fc.pre(!mapped(a) && !mapped([...a.slice(0, 4), ...tail]));
          const one = a.map(hex).join(':');
          const sibling = [...a.slice(0, 4), ...tail].map(hex).join(':');
          expect(addressKey(sibling)).toBe(addressKey(one));
          const other = [a[0]!, a[1]!, a[2]!, (a[3]! + 1) % 0x10000, ...a.slice(4)].map(hex).join(':');
          expect(addressKey(other)).not.toBe(addressKey(one));
        },
      ),
    );
  });
});
