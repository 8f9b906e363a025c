// The router context key under which the server hands loaders its services (in-process).
import type { StorefrontContext } from '@spice/server/plugins/storefront';
import { createContext, type RouterContextProvider } from 'react-router';

export const storefrontContext = createContext<StorefrontContext>();

export function getStorefront(context: Readonly<RouterContextProvider>): StorefrontContext {
  return context.get(storefrontContext);
}
