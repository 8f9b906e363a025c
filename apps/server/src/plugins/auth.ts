// Who is asking: the session named by the cookie, loaded at most once per request. Identity on
// the server comes only from here, never from the request body or browser storage.
import cookie from '@fastify/cookie';
import type { UserDto } from '@spice/shared/contracts/accounts';
import { MESSAGES } from '@spice/shared/messages';
import { lastTenDigits } from '@spice/shared/validators';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccountsService } from '../modules/accounts/service.ts';
import type { LoadedSession, SessionStore } from '../modules/auth/sessions.ts';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    getSession(): Promise<LoadedSession | null>;
  }
}

export async function registerAuth(app: FastifyInstance, sessions: SessionStore): Promise<void> {
  await app.register(cookie);
  app.decorateRequest('getSession', function (this: FastifyRequest): Promise<LoadedSession | null> {
    throw new Error(`getSession used before onRequest for ${this.url}`);
  });
  app.addHook('onRequest', (request, reply, done) => {
    let loaded: Promise<LoadedSession | null> | null = null;
    request.getSession = () => {
      loaded ??= sessions.load(request, reply);
      return loaded;
    };
    done();
  });
}

export async function requireSession(request: FastifyRequest): Promise<LoadedSession> {
  const session = await request.getSession();
  if (!session) throw new AppError('unauthorized', MESSAGES.loginRequired);
  return session;
}

/**
 * The signed-in user, read with the session in one query (once per request however many guards
 * ask: the back-office gate, a route's hook, its handler). `accounts` is kept in the signature for
 * the callers; the user no longer needs a second query.
 */
export async function requireUser(request: FastifyRequest, _accounts?: AccountsService): Promise<UserDto> {
  const session = await requireSession(request);
  if (!session.user) throw new AppError('unauthorized', MESSAGES.loginRequired);
  return session.user;
}

/** Per-shopper paths carry the mobile; only its owner may use them. */
export async function requireOwner(
  request: FastifyRequest,
  accounts: AccountsService,
  mobile: string,
): Promise<UserDto> {
  const user = await requireUser(request, accounts);
  if (lastTenDigits(mobile) !== user.mobile)
    throw new AppError('forbidden', 'You can only access your own account.');
  return user;
}

export const ADMIN_ONLY = 'Only the store team can do this.';

/** Back-office calls: 401 logged out, 403 for a shopper without the admin role. */
export async function requireAdmin(request: FastifyRequest, accounts: AccountsService): Promise<UserDto> {
  const user = await requireUser(request, accounts);
  if (user.role !== 'admin') throw new AppError('forbidden', ADMIN_ONLY);
  return user;
}

/** Back-office paths anyone may read: the storefront's cart shows the shipping milestones (spec section 6). */
const PUBLIC_BACK_OFFICE_READS = new Set(['/api/admin/shipping-milestones']);

/**
 * Every back-office route (under /api/admin/), read or write, refuses a visitor who is not an
 * admin before its path, query or body is parsed or validated: 401 logged out, 403 for a shopper,
 * never a 400 that tells a stranger what a field should hold. One hook for all of them, so a new
 * route cannot forget it. Handlers still call requireAdmin for the admin's record.
 */
export function guardBackOffice(api: FastifyInstance, accounts: AccountsService): void {
  api.addHook('onRequest', (request, _reply, done) => {
    const route = request.routeOptions.url;
    if (!route?.startsWith('/api/admin/') || PUBLIC_BACK_OFFICE_READS.has(route)) return done();
    requireAdmin(request, accounts).then(() => done(), done);
  });
}
