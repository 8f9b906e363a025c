// The router context key under which the server hands loaders its services (in-process).
import type { StorefrontContext } from '@spice/server/plugins/storefront';
import { createContext, type RouterContextProvider } from 'react-router';

export const storefrontContext = createContext<StorefrontContext>();

export function getStorefront(context: Readonly<RouterContextProvider>): StorefrontContext {
  return context.get(storefrontContext);
}

/**
 * The logged-in shopper of this render, from the session cookie the server already parsed. The
 * root loader and the page's loader both ask; the session is read once (plugins/storefront.ts).
 */
export function currentUser(context: Readonly<RouterContextProvider>) {
  return getStorefront(context).user();
}
