// Opaque tokens for links sent to shoppers (COD confirmation, delivery issues, grievance status):
// 256 random bits in base64url for the link, and only their SHA-256 kept in the database, so a
// leaked table does not open anybody's link. A token's shape is checked before any look-up.
import { createHash, randomBytes } from 'node:crypto';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export interface LinkToken {
  /** What goes in the link; never stored. */
  token: string;
  /** What is stored and looked up (hex SHA-256 of the token). */
  hash: string;
}

export function newLinkToken(): LinkToken {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashLinkToken(token) };
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The stored hash for a token from a URL, or null when it cannot be one of ours. */
export function linkTokenHash(candidate: string): string | null {
  return TOKEN.test(candidate) ? hashLinkToken(candidate) : null;
}
