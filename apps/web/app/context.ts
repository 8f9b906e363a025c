// The router context key under which the server hands loaders its services (in-process).
import type { StorefrontContext } from '@spice/server/plugins/storefront';
import { createContext, type RouterContextProvider } from 'react-router';

export const storefrontContext = createContext<StorefrontContext>();

export function getStorefront(context: Readonly<RouterContextProvider>): StorefrontContext {
  return context.get(storefrontContext);
}

/** The logged-in shopper named by the request's session cookie, for server renders. */
export async function currentUser(services: StorefrontContext['services'], request: Request) {
  const sid = /(?:^|;\s*)sid=([^;]+)/.exec(request.headers.get('cookie') ?? '')?.[1];
  if (!sid) return null;
  // One query: the session comes with its user.
  const session = await services.sessions.lookup(decodeURIComponent(sid));
  return session?.user ?? null;
}
