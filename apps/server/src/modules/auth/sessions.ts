// Sessions: an opaque random id in an HttpOnly, SameSite=Lax cookie (Secure over HTTPS), stored
// server-side only as its SHA-256. New id at every login, 30-day sliding expiry, deleted at logout.
//
// Reading a session is one round trip: the session row with its user (decision 0020), one
// prepared statement, so a signed-in read costs that query plus its own. On PostgreSQL nothing is
// kept in memory: another instance's logout deletes the row, and the next request here sees it
// gone. On the embedded PGlite (one process by construction) reads are kept for `cacheMs`, and
// every change made here drops them: create, update, destroy, and a user's change
// (`invalidateUser`, called by the accounts service). Wired to the invalidation bus, the same two
// functions would let PostgreSQL instances keep them too.
import { createHash, randomBytes } from 'node:crypto';
import type { UserDto } from '@spice/shared/contracts/accounts';
import { withCountryCode } from '@spice/shared/validators';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client.ts';
import { userJsonById } from '../accounts/directory.ts';
import { sessions } from './schema.ts';

export const SESSION_COOKIE = 'sid';
const DAY_MS = 86_400_000;

export interface SessionRecord {
  idHash: string;
  userId: number | null;
  verifiedMobile: string;
  validatedEmail: string | null;
  expiresAt: Date;
}

/** A live session as a request reads it: with its user (null before signup) from the same query. */
export interface LoadedSession extends SessionRecord {
  user: UserDto | null;
}

export const hashSessionId = (id: string) => createHash('sha256').update(id).digest('hex');

export type SessionStore = ReturnType<typeof createSessionStore>;

export function createSessionStore(
  db: Db,
  options: {
    days: number;
    publicUrl?: string | undefined;
    cacheMs?: number;
    /** Where the session read runs (PostgreSQL's shared connection, db/client.ts); `db` otherwise. */
    reads?: Db | undefined;
  },
) {
  const ttlMs = options.days * DAY_MS;
  // A shop published over https always marks the cookie Secure, whatever the hop before us spoke.
  const alwaysSecure = options.publicUrl?.startsWith('https:') ?? false;
  const secure = (request: FastifyRequest) => alwaysSecure || request.protocol === 'https';

  function setCookie(request: FastifyRequest, reply: FastifyReply, id: string, expiresAt: Date) {
    reply.setCookie(SESSION_COOKIE, id, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: secure(request),
      expires: expiresAt,
    });
  }

  // The user's fields the shopper's DTO needs (accounts/service.ts toUserDto), read with the session
  // through the accounts module's expression: still one statement. Spelled out: in a one-table
  // select Drizzle leaves ${sessions.userId} unqualified.
  const bySessionHash = (options.reads ?? db)
    .select({
      idHash: sessions.idHash,
      userId: sessions.userId,
      verifiedMobile: sessions.verifiedMobile,
      validatedEmail: sessions.validatedEmail,
      expiresAt: sessions.expiresAt,
      user: userJsonById(sql`"sessions"."user_id"`),
    })
    .from(sessions)
    .where(and(eq(sessions.idHash, sql.placeholder('hash')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('session_with_user');

  const kept =
    options.cacheMs && options.cacheMs > 0
      ? new LRUCache<string, LoadedSession>({ max: 50_000, ttl: options.cacheMs })
      : null;

  async function read(id: string | undefined, now: Date): Promise<LoadedSession | null> {
    if (!id || id.length > 100) return null;
    const hash = hashSessionId(id);
    const known = kept?.get(hash);
    if (known && known.expiresAt > now) return known;
    const [row] = await bySessionHash.execute({ hash, now: now.toISOString() });
    if (!row) return null;
    const { user, ...session } = row;
    const loaded = { ...session, user: user ? { ...user, phoneNumber: withCountryCode(user.mobile) } : null };
    kept?.set(hash, loaded);
    return loaded;
  }

  function invalidateSession(idHash: string) {
    kept?.delete(idHash);
  }

  return {
    /** Starts a fresh session (a new id, so a pre-login id can never be reused). */
    async create(
      request: FastifyRequest,
      reply: FastifyReply,
      data: { userId: number | null; verifiedMobile: string },
      now = new Date(),
    ): Promise<SessionRecord> {
      const old = request.cookies[SESSION_COOKIE];
      if (old) {
        invalidateSession(hashSessionId(old));
        await db.delete(sessions).where(eq(sessions.idHash, hashSessionId(old)));
      }
      const id = randomBytes(32).toString('base64url');
      const record = {
        idHash: hashSessionId(id),
        ...data,
        validatedEmail: null,
        expiresAt: new Date(now.getTime() + ttlMs),
      };
      await db.insert(sessions).values(record);
      setCookie(request, reply, id, record.expiresAt);
      return record;
    },

    /** The request's live session and its user, extending it (sliding expiry) at most once a day. */
    async load(
      request: FastifyRequest,
      reply: FastifyReply,
      now = new Date(),
    ): Promise<LoadedSession | null> {
      const id = request.cookies[SESSION_COOKIE];
      const row = await read(id, now);
      if (!row || !id) return null;
      if (row.expiresAt.getTime() - now.getTime() < ttlMs - DAY_MS) {
        row.expiresAt = new Date(now.getTime() + ttlMs);
        await db.update(sessions).set({ expiresAt: row.expiresAt }).where(eq(sessions.idHash, row.idHash));
        setCookie(request, reply, id, row.expiresAt);
      }
      return row;
    },

    /** The live session and its user for a raw cookie value, without touching it (for page renders). */
    lookup(id: string | undefined, now = new Date()): Promise<LoadedSession | null> {
      return read(id, now);
    },

    async update(idHash: string, values: Partial<Pick<SessionRecord, 'userId' | 'validatedEmail'>>) {
      invalidateSession(idHash);
      await db.update(sessions).set(values).where(eq(sessions.idHash, idHash));
      invalidateSession(idHash);
    },

    async destroy(request: FastifyRequest, reply: FastifyReply) {
      const id = request.cookies[SESSION_COOKIE];
      if (id) {
        invalidateSession(hashSessionId(id));
        await db.delete(sessions).where(eq(sessions.idHash, hashSessionId(id)));
      }
      reply.clearCookie(SESSION_COOKIE, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: secure(request),
      });
    },

    /** Drops a session this process keeps in memory (its row changed or went). */
    invalidateSession,

    /** Drops the sessions of a user whose row changed (role, name), so the next read sees it. */
    invalidateUser(userId: number) {
      if (!kept) return;
      for (const [hash, session] of kept.entries()) if (session.userId === userId) kept.delete(hash);
    },

    async purgeExpired(now = new Date()) {
      await db.delete(sessions).where(lt(sessions.expiresAt, now));
    },
  };
}
