import { FONT_WEIGHTS } from './fonts';

/** Where this browser remembers that it has fetched the site's web fonts (a flag, no identifier). */
export const WEBFONTS_STORAGE_KEY = 'webfonts';

/** Each role's stack with its web font (set by app/theme.ts), and the weights its text draws. */
const ROLES = [
  ['--app-font-body-web', FONT_WEIGHTS.body],
  ['--app-font-heading-web', FONT_WEIGHTS.heading],
  ['--app-font-mono-web', FONT_WEIGHTS.mono],
] as const;

/**
 * Fetches the faces the page's text draws, then draws it in them (`<html data-webfonts="on">`, app/site.css), and
 * remembers that this browser has them: the next page turns them on before its first paint (index.html), from the
 * cache. Until then the text stands in the metric-matched fallbacks (app/font-fallbacks.css), so the change moves
 * nothing. A face that fails leaves its text in the fallback.
 */
export async function turnOnWebFonts(root: HTMLElement = document.documentElement): Promise<void> {
  if (root.dataset.webfonts === 'on') return;
  const style = getComputedStyle(root);
  const loads = ROLES.flatMap(([variable, weights]) => {
    // The web font alone: loading the whole stack would also fetch any declared family further down it (Roboto).
    const family = style.getPropertyValue(variable).split(',')[0].trim();
    return family && document.fonts
      ? weights.map((weight) => document.fonts.load(`${weight} 1em ${family}`))
      : [];
  });
  const results = await Promise.allSettled(loads);
  root.dataset.webfonts = 'on';
  if (loads.length > 0 && results.every((result) => result.status === 'fulfilled'))
    try {
      localStorage.setItem(WEBFONTS_STORAGE_KEY, 'on');
    } catch {
      // Storage refused (private mode, quota): the next page fetches them after its load again.
    }
}

/**
 * A first visit's page is shown without web fonts (issue 23): no font request competes with its first screen, and
 * Lighthouse counts none in its first or largest paint. They are fetched once the page has loaded (its images in)
 * and painted.
 */
export function webFontsAfterLoad(): void {
  const later = () => requestAnimationFrame(() => setTimeout(() => void turnOnWebFonts()));
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
