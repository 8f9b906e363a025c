// Opening the login and signup modals from anywhere (header, Add to Cart, …) without a global store.
export const OPEN_LOGIN_EVENT = 'open-login';
export const OPEN_SIGNUP_EVENT = 'open-signup';

export function openLogin(): void {
  window.dispatchEvent(new Event(OPEN_LOGIN_EVENT));
}

export function openSignup(mobile: string): void {
  window.dispatchEvent(new CustomEvent(OPEN_SIGNUP_EVENT, { detail: { mobile } }));
}
