import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False on the server and while the browser hydrates the server's HTML, true afterwards (and at
 * once on pages mounted by a client-side navigation). Browser-only data (the history's state,
 * storage) must wait for it, or the first render differs from the server's and React throws a
 * hydration error.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
