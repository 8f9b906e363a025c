// Who is asking: the session named by the cookie, loaded at most once per request. Identity on
// the server comes only from here, never from the request body or browser storage.
import cookie from '@fastify/cookie';
import type { UserDto } from '@spice/shared/contracts/accounts';
import { MESSAGES } from '@spice/shared/messages';
import { can, isStaffRole, type Permission, STAFF_MESSAGES } from '@spice/shared/staff';
import { lastTenDigits } from '@spice/shared/validators';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  isBackOfficeOperation,
  operationId,
  permissionsFor,
} from '../modules/accounts/operation-permissions.ts';
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

/** Back-office calls: 401 logged out, 403 for a shopper; any staff role passes (its permission is checked centrally). */
export async function requireAdmin(request: FastifyRequest, accounts: AccountsService): Promise<UserDto> {
  const user = await requireUser(request, accounts);
  if (!isStaffRole(user.role)) throw new AppError('forbidden', ADMIN_ONLY);
  return user;
}

/** A staff member who may do `permission`: 401 logged out, 403 for a shopper or a role without it. */
export async function requirePermission(
  request: FastifyRequest,
  accounts: AccountsService,
  permission: Permission,
): Promise<UserDto> {
  const user = await requireAdmin(request, accounts);
  if (!can(user.role, permission)) throw new AppError('forbidden', STAFF_MESSAGES.forbidden);
  return user;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A back-office operation's permissions (any one), from the one table; null: not in it (owner only). */
    staffPermissions?: readonly Permission[] | null;
  }
}

/**
 * Every back-office route (under /api/admin/), read or write, refuses a visitor before its path,
 * query or body is parsed or validated: 401 logged out, 403 for a shopper or for a staff member
 * whose role lacks the operation's permission (accounts/operation-permissions.ts, the one table),
 * never a 400 that tells a stranger what a field should hold. One hook for all of them, so a new
 * route cannot forget it; each route's operationId in the API document is its key in the table.
 * Handlers still call requireAdmin for the staff member's record.
 */
export function guardBackOffice(api: FastifyInstance, accounts: AccountsService): void {
  api.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      const id = operationId(method, route.url);
      if (!isBackOfficeOperation(id)) continue;
      route.config = { ...route.config, staffPermissions: permissionsFor(id) };
      if (route.schema && !(route.schema as { operationId?: string }).operationId)
        (route.schema as { operationId?: string }).operationId = id;
    }
  });
  api.addHook('onRequest', (request, _reply, done) => {
    const config = request.routeOptions.config as { staffPermissions?: readonly Permission[] | null };
    if (config.staffPermissions === undefined) return done();
    const needed = config.staffPermissions ?? [];
    requireAdmin(request, accounts).then((user) => {
      // Not in the table: the owner's alone until its line is added.
      const allowed = needed.length === 0 ? user.role === 'OWNER' : needed.some((p) => can(user.role, p));
      done(allowed ? undefined : new AppError('forbidden', STAFF_MESSAGES.forbidden));
    }, done);
  });
}
