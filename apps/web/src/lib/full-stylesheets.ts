/**
 * The page's whole stylesheets (issue 23). A page the server rendered carries only the rules its first screen uses
 * (`<style data-critical>`, apps/web/server/critical-css.ts), each followed by the whole sheet as a disabled
 * `<link>`. The app enables them and waits for them before it renders: the components the first screen did not
 * show (a menu, a dialog, the consent banner) need their rules. A sheet that fails to load, or whose `load` never
 * comes (a browser that had fetched it already), does not hold the app back past {@link SHEET_WAIT_MS}: the
 * critical rules stay, as on a page without its app.
 */
export const CRITICAL_STYLE_SELECTOR = 'style[data-critical]';
export const SHEET_WAIT_MS = 3000;

function loaded(link: HTMLLinkElement): boolean {
  try {
    return (link.sheet?.cssRules.length ?? 0) > 0;
  } catch {
    return false;
  }
}

export function loadFullStylesheets(doc: Document = document): Promise<void> {
  const links = [...doc.querySelectorAll(CRITICAL_STYLE_SELECTOR)]
    .map((style) => style.nextElementSibling)
    .filter(
      (link): link is HTMLLinkElement =>
        link instanceof HTMLLinkElement && link.rel === 'stylesheet' && link.hasAttribute('disabled'),
    );
  return Promise.all(
    links.map(
      (link) =>
        new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, SHEET_WAIT_MS);
          const done = () => {
            clearTimeout(timer);
            resolve();
          };
          link.addEventListener('load', done, { once: true });
          link.addEventListener('error', done, { once: true });
          link.removeAttribute('disabled');
          if (loaded(link)) done();
        }),
    ),
  ).then(() => undefined);
}
