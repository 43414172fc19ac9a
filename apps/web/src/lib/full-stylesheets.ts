/**
 * The page's whole stylesheets (issue 23). A page the server rendered carries only the rules its first screen uses
 * (`<style data-critical>`, apps/web/server/critical-css.ts), each followed by the whole sheet as a disabled
 * `<link>`. The app enables them and waits for them before it renders: the components the first screen did not
 * show (a menu, a dialog, the consent banner) need their rules. A sheet that fails to load does not hold the app
 * back (the critical rules stay, as on a page without its app).
 */
export const CRITICAL_STYLE_SELECTOR = 'style[data-critical]';

export function loadFullStylesheets(doc: Document = document): Promise<void> {
  const links = [...doc.querySelectorAll(CRITICAL_STYLE_SELECTOR)]
    .map((style) => style.nextElementSibling)
    .filter(
      (link): link is HTMLLinkElement =>
        link instanceof HTMLLinkElement && link.rel === 'stylesheet' && link.disabled,
    );
  return Promise.all(
    links.map(
      (link) =>
        new Promise<void>((resolve) => {
          link.addEventListener('load', () => resolve(), { once: true });
          link.addEventListener('error', () => resolve(), { once: true });
          link.disabled = false;
        }),
    ),
  ).then(() => undefined);
}
