// Keeps browser storage equal to the server's view of the session after each page load, and
// hosts the login and signup modals, loaded only when first opened.
import type { UserDto } from '@spice/shared/contracts/accounts';
import { lazy, Suspense, useEffect, useState } from 'react';
import { OPEN_LOGIN_EVENT } from './modal-events';
import { storeUser, USER_STORAGE_KEY } from './user-store';

const LoginModal = lazy(() => import('./login-modal'));
const SignupModal = lazy(() => import('./signup-modal'));

type Open = { kind: 'login' } | { kind: 'signup'; mobile: string } | null;

export function AccountModals({ serverUser }: { serverUser: UserDto | null }) {
  const [open, setOpen] = useState<Open>(null);

  useEffect(() => {
    const stored = window.localStorage.getItem(USER_STORAGE_KEY);
    const truth = serverUser ? JSON.stringify(serverUser) : null;
    if (stored !== truth) storeUser(serverUser);
  }, [serverUser]);

  useEffect(() => {
    const onLogin = () => setOpen({ kind: 'login' });
    window.addEventListener(OPEN_LOGIN_EVENT, onLogin);
    return () => {
      window.removeEventListener(OPEN_LOGIN_EVENT, onLogin);
    };
  }, []);

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      {open.kind === 'login' ? (
        <LoginModal
          onClose={() => setOpen(null)}
          onNewNumber={(mobile) => setOpen({ kind: 'signup', mobile })}
        />
      ) : (
        <SignupModal mobile={open.mobile} onClose={() => setOpen(null)} />
      )}
    </Suspense>
  );
}
