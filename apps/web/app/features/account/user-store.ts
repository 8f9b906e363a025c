// The logged-in shopper as the browser keeps it (spec section 3: browser storage under a
// store-specific key, a 'user updated' event, cross-tab sync through the storage event). The
// server never trusts it: identity there comes only from the session cookie.
import type { UserDto } from '@spice/shared/contracts/accounts';
import { useSyncExternalStore } from 'react';

export const USER_STORAGE_KEY = 'kesarchakki.user';
export const USER_UPDATED_EVENT = 'user-updated';

function read(): UserDto | null {
  try {
    const raw = window.localStorage.getItem(USER_STORAGE_KEY);
    return raw ? (JSON.parse(raw) as UserDto) : null;
  } catch {
    return null;
  }
}

let cached: { raw: string | null; user: UserDto | null } = { raw: null, user: null };

function snapshot(): UserDto | null {
  const raw = window.localStorage.getItem(USER_STORAGE_KEY);
  if (raw !== cached.raw) cached = { raw, user: read() };
  return cached.user;
}

export function storeUser(user: UserDto | null): void {
  if (user) window.localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
  else window.localStorage.removeItem(USER_STORAGE_KEY);
  window.dispatchEvent(new Event(USER_UPDATED_EVENT));
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === USER_STORAGE_KEY) onChange();
  };
  window.addEventListener(USER_UPDATED_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(USER_UPDATED_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The current shopper: the server's answer while rendering and hydrating, then browser storage
 * (which the session sync keeps equal to the server's answer).
 */
export function useStoredUser(serverUser: UserDto | null): UserDto | null {
  return useSyncExternalStore(subscribe, snapshot, () => serverUser);
}
