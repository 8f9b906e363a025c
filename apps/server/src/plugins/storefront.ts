// Serves the React Router storefront from the same Fastify server: hashed assets (immutable),
// public files, and every other path server-rendered. Loaders reach the services in-process
// through the router context, never over HTTP.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { UserDto } from '@spice/shared/contracts/accounts';
import type { FastifyInstance } from 'fastify';
import { createRequestHandler, RouterContextProvider, type ServerBuild } from 'react-router';
// Brings in the FastifyInstance decorations (config, services) declared beside buildApp.
import type {} from '../app.ts';
import { recordTouch } from '../lib/attribution-cookie.ts';
import { policyDirectives, renderMarker, withPagePolicy } from '../lib/content-security-policy.ts';
import { createPageCache, isPrivateRender, isPublicPagePath, pageVary } from '../lib/page-cache.ts';
import { createSignedInPages } from '../lib/signed-in-pages.ts';
import { dataGeneration } from '../lib/snapshot.ts';
import { sendWebResponse, toWebRequest } from '../lib/web-response.ts';
import { type LoadedSession, SESSION_COOKIE } from '../modules/auth/sessions.ts';
import type { LimitName } from './rate-limit.ts';

/** What the storefront's loaders find in the router context (see apps/web/app/context.ts). */
export interface StorefrontContext {
  services: FastifyInstance['services'];
  analyticsId: string | null;
  /** META_PIXEL_ID: the Meta Pixel's events after the shopper's consent (issue 38). */
  metaPixelId: string | null;
  publicUrl: string | null;
  /** A demo shop (DEMO_MODE): the storefront says so, and only then is there a dev outbox. */
  demoMode: boolean;
  /** The shopper's address as the API sees it (TRUST_PROXY applies), for per-IP limits in actions. */
  clientIp: string;
  /** Applies a named per-address limit to this request, as the API route does (429 AppError). */
  limit: (name: LimitName) => Promise<void>;
  /** Marks the render's own inline scripts, whose hashes make the page's script-src. */
  scriptMarker: string;
  /**
   * The signed-in shopper named by the request's session cookie, or null. Read once per render
   * (the first loader to ask reads it; the others share the answer).
   */
  user: () => Promise<UserDto | null>;
}

/**
 * The service worker and what it precaches under fixed names (issue 42: apps/web/pwa/build.ts):
 * always checked with the server, so a new deployment's worker, manifest and offline pages are
 * seen at once.
 */
const UNHASHED_BUILD_FILE = /[\\/](?:sw\.js|offline-cart\.js|manifest\.webmanifest|offline(?:-\w+)?\.html)$/;

const SEARCH_PAGE = /^(?:\/hi)?\/search(?:\.data)?$/;

type ContextKey = Parameters<RouterContextProvider['set']>[0];

export interface StorefrontOptions {
  mode: 'production' | 'development';
  /** Returns the server build; in development a fresh one per request (hot reload). */
  getBuild: () => Promise<ServerBuild>;
  /** Directory of the client build to serve as static files (production only). */
  clientDir?: string | undefined;
  /** Development only: mounts Vite's middleware before the storefront routes. */
  beforeRoutes?: (app: FastifyInstance) => Promise<void>;
  /** Production: public pages for signed-in shoppers from templates (lib/signed-in-pages.ts) [true]. */
  signedInTemplates?: boolean;
}

export const WEB_BUILD_DIR = path.resolve(import.meta.dirname, '../../../web/build');

export function productionStorefront(buildDir = WEB_BUILD_DIR): StorefrontOptions {
  const serverEntry = path.join(buildDir, 'server/index.js');
  if (!existsSync(serverEntry)) throw new Error(`No storefront build at ${serverEntry}: run npm run build`);
  const build = import(pathToFileURL(serverEntry).href) as Promise<ServerBuild>;
  return { mode: 'production', getBuild: () => build, clientDir: path.join(buildDir, 'client') };
}

export function registerStorefront(options: StorefrontOptions) {
  return async (app: FastifyInstance) => {
    if (options.beforeRoutes) await options.beforeRoutes(app);
    if (options.clientDir) {
      await app.register(fastifyStatic, {
        root: options.clientDir,
        wildcard: false,
        preCompressed: true,
        setHeaders(res, filePath) {
          const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
          res.header(
            'cache-control',
            hashed
              ? 'public, max-age=31536000, immutable'
              : UNHASHED_BUILD_FILE.test(filePath)
                ? 'no-cache'
                : 'public, max-age=86400',
          );
        },
      });
    }

    const policy = policyDirectives(app.config, options.mode);
    const handlers = new WeakMap<ServerBuild, ReturnType<typeof createRequestHandler>>();
    const context: Omit<StorefrontContext, 'services' | 'clientIp' | 'limit' | 'scriptMarker' | 'user'> = {
      analyticsId: app.config.ANALYTICS_ID ?? null,
      metaPixelId: app.config.META_PIXEL_ID ?? null,
      publicUrl: app.config.PUBLIC_URL ?? null,
      demoMode: app.config.DEMO_MODE,
    };

    // Development renders fresh code on every request, so only production keeps pages.
    const pages =
      options.mode === 'production'
        ? createPageCache({
            ttlMs: app.config.CATALOG_CACHE_SECONDS * 1000,
            maxBytes: 64 * 1024 * 1024,
            generation: dataGeneration,
          })
        : null;
    // Public pages for signed-in shoppers: one render per page and kind of user, filled in per request.
    const signedInPages =
      options.mode === 'production' && options.signedInTemplates !== false
        ? createSignedInPages({
            ttlMs: app.config.CATALOG_CACHE_SECONDS * 1000,
            maxBytes: 32 * 1024 * 1024,
            generation: dataGeneration,
            policy,
            marker: renderMarker,
          })
        : null;

    // Landings that set the attribution cookie: their answer is this visitor's, whatever the page.
    const touched = new WeakSet<object>();
    await app.register(async (scope) => {
      scope.addHook('onSend', (request, reply, payload, done) => {
        if (touched.has(request)) reply.header('cache-control', 'private, no-store');
        done(null, payload);
      });
      // Leave request bodies unread: React Router actions read them from the Web Request.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
      // The funnel's visits, product views and checkouts started (issue 40), counted from the pages
      // the shop already serves (documents and client navigations' .data), once each is sent: no
      // script on the page, no wait. The counter skips the back office, robots and errors.
      // A search sent from the results page is noted with whether it found anything (the index is
      // in memory); the header's type-ahead, a word in the making, is not.
      const { counter } = app.services.analytics;
      scope.addHook('onResponse', (request, reply, done) => {
        if (request.method === 'GET') {
          const [path = '/', query = ''] = request.url.split('?');
          const facts = { ip: request.ip, userAgent: request.headers['user-agent'] };
          counter.page(path, reply.statusCode, facts);
          const q =
            SEARCH_PAGE.test(path) && reply.statusCode === 200 ? new URLSearchParams(query).get('q') : null;
          if (q?.trim()) {
            const lang = path.startsWith('/hi') ? 'hi' : 'en';
            app.services.search
              .search(q.slice(0, 100), 1, lang)
              .then((found) => counter.searched(q, found.length, facts))
              .catch((error) => request.log.warn({ err: error }, 'analytics: a search was not counted'));
          }
        }
        done();
      });

      scope.route({
        method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
        url: '/*',
        handler: async (request, reply) => {
          if (recordTouch(request, reply, app.config.PUBLIC_URL)) touched.add(request);
          const build = await options.getBuild();
          let handle = handlers.get(build);
          if (!handle) {
            handle = createRequestHandler(build, options.mode);
            handlers.set(build, handle);
          }
          const key = (build.entry.module as { storefrontContext?: ContextKey }).storefrontContext;
          if (!key) throw new Error('entry.server must export storefrontContext');
          // `as`: render for this signed-in user (the session's own, or a template's stand-in).
          const render = async (as?: UserDto, scriptMarker = renderMarker()) => {
            const loadContext = new RouterContextProvider();
            const services = as ? servicesAs(app.services, as) : app.services;
            loadContext.set(key, {
              ...context,
              services,
              clientIp: request.ip,
              limit: (name) => app.limits.take(name, request),
              scriptMarker,
              user: renderUser(services.sessions, request.cookies[SESSION_COOKIE]),
            } satisfies StorefrontContext);
            const webRequest = toWebRequest(request, reply);
            let response = await handle(webRequest, loadContext);
            if (isPrivateRender(request, new URL(webRequest.url).pathname)) response = privately(response);
            return withPagePolicy(response, policy, scriptMarker);
          };
          if (pages && (await pages.serve(request, reply, () => render()))) return reply;
          if (signedInPages && request.method === 'GET' && request.cookies[SESSION_COOKIE] !== undefined) {
            // One query: the session with its user. The page is then filled in, or rendered for that user.
            const session = await app.services.sessions.lookup(request.cookies[SESSION_COOKIE]);
            if (session?.user) {
              if (await signedInPages.serve(request, reply, session.user, render)) return reply;
              return sendWebResponse(reply, await render(session.user));
            }
          }
          // A public page that is not kept still says what it depends on (the Hindi banner's headers).
          const pathname = new URL(`http://x${request.url}`).pathname;
          if (isPublicPagePath(pathname)) reply.header('vary', pageVary(pathname));
          return sendWebResponse(reply, await render());
        },
      });
    });
  };
}

/** The render's `user()`: the session named by the cookie, read by the first loader that asks. */
export function renderUser(
  sessions: Pick<FastifyInstance['services']['sessions'], 'lookup'>,
  sessionId: string | undefined,
): () => Promise<UserDto | null> {
  let user: Promise<UserDto | null> | undefined;
  return () => {
    user ??= sessions.lookup(sessionId).then((session) => session?.user ?? null);
    return user;
  };
}

/**
 * The services as a render sees them for `user`: the session lookup the loaders make answers that
 * user (already read for this request, or a template's stand-in), so the render reads no session.
 */
function servicesAs(services: FastifyInstance['services'], user: UserDto): FastifyInstance['services'] {
  const session: LoadedSession = {
    idHash: '',
    userId: user.id,
    verifiedMobile: user.mobile,
    validatedEmail: null,
    expiresAt: new Date(8.64e15),
    user,
  };
  return { ...services, sessions: { ...services.sessions, lookup: async () => session } };
}

/** The response with `Cache-Control: private, no-store` (a copy: a Response's headers may be frozen). */
function privately(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set('cache-control', 'private, no-store');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
