// Opening the login modal from anywhere (header, Add to Cart, …) without a global store;
// signup opens from the login modal itself (a new number).
export const OPEN_LOGIN_EVENT = 'open-login';

export function openLogin(): void {
  window.dispatchEvent(new Event(OPEN_LOGIN_EVENT));
}
