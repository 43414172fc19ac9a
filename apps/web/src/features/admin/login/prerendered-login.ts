/**
 * The login screen as the server sends it (issue 46): a visitor of `/admin` without a session gets the login screen
 * in the page's HTML, rendered by the build (src/prerender-admin.tsx) with the app's own components, so it paints
 * before any script and the app hydrates it in place (src/app/admin-login-app.tsx) at the first sign of intent
 * (src/boot.ts): a pointer over the page, a touch, a focus or a key. Until then the form is plain HTML; what the
 * owner typed in it meanwhile is what the app starts with, and a click on one of its buttons is held for the app.
 */

/** The attribute on `#root` that marks the login screen the server sent (gone once the app has taken it over). */
export const PRERENDERED_LOGIN_ATTRIBUTE = 'data-login-prerendered';

const root = () => (typeof document === 'undefined' ? null : document.getElementById('root'));

/** Whether the page holds the login screen the server sent, not yet taken over by the app. */
export function loginPrerendered(): boolean {
  return root()?.hasAttribute(PRERENDERED_LOGIN_ATTRIBUTE) ?? false;
}

/** The app has taken the login screen over: later forms start empty. */
export function loginTakenOver(): void {
  root()?.removeAttribute(PRERENDERED_LOGIN_ATTRIBUTE);
}

/**
 * What the owner (or the browser's password manager) put in the server's login form field `name` before the app
 * took it over: the value the app's form starts with, so nothing typed is lost. Empty on the server and later on.
 */
export function prefilled(name: 'username' | 'password'): string {
  if (!loginPrerendered()) return '';
  const field = root()?.querySelector(`form input[name="${name}"]`);
  return field instanceof HTMLInputElement ? field.value : '';
}
