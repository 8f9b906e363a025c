import { describe, expect, it } from 'vitest';
import { hashLinkToken, linkTokenHash, newLinkToken } from './link-token.ts';

describe('link tokens', () => {
  it('makes 256-bit base64url tokens whose hash is what is stored', () => {
    const { token, hash } = newLinkToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hash).toBe(hashLinkToken(token));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(linkTokenHash(token)).toBe(hash);
  });

  it('never repeats', () => {
    const seen = new Set(Array.from({ length: 1000 }, () => newLinkToken().token));
    expect(seen.size).toBe(1000);
  });

  it('refuses what cannot be a token before any look-up', () => {
    for (const bad of [
      '',
      'abc',
      `${newLinkToken().token}x`,
      '../../etc/passwd'.padEnd(43, 'a'),
      `${'a'.repeat(42)}=`,
    ]) {
      expect(linkTokenHash(bad)).toBeNull();
    }
  });
});
