// Loads the cart on first load and whenever the user changes (login, logout, another tab).
import { useEffect } from 'react';
import { USER_UPDATED_EVENT } from '../account/user-store';
import { completePendingAdd, refreshCart } from './cart-store';

export function CartSync() {
  useEffect(() => {
    void refreshCart();
    const onUser = () => {
      void refreshCart().then(() => completePendingAdd());
    };
    window.addEventListener(USER_UPDATED_EVENT, onUser);
    window.addEventListener('storage', onUser);
    return () => {
      window.removeEventListener(USER_UPDATED_EVENT, onUser);
      window.removeEventListener('storage', onUser);
    };
  }, []);
  return null;
}
