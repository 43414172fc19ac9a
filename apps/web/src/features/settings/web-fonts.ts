import { FONT_WEIGHTS } from './fonts';

/** Where this browser remembers that it has fetched the site's web fonts (a flag, no identifier). */
export const WEBFONTS_STORAGE_KEY = 'webfonts';

/** Each role's stack with its web font (set by app/theme.ts), and the weights its text draws. */
const ROLES = [
  ['--app-font-body-web', FONT_WEIGHTS.body],
  ['--app-font-heading-web', FONT_WEIGHTS.heading],
  ['--app-font-mono-web', FONT_WEIGHTS.mono],
] as const;

/** Fetches the face of each role in the weights its text draws; true when every one came. */
async function fetchFaces(root: HTMLElement): Promise<boolean> {
  const style = getComputedStyle(root);
  const loads = ROLES.flatMap(([variable, weights]) => {
    // The web font alone: loading the whole stack would also fetch any declared family further down it (Roboto).
    const family = style.getPropertyValue(variable).split(',')[0].trim();
    return family && document.fonts
      ? weights.map((weight) => document.fonts.load(`${weight} 1em ${family}`))
      : [];
  });
  const results = await Promise.allSettled(loads);
  return loads.length > 0 && results.every((result) => result.status === 'fulfilled');
}

/** Remembers that this browser has the faces: the next page turns them on before its first paint (index.html). */
function remember(): void {
  try {
    localStorage.setItem(WEBFONTS_STORAGE_KEY, 'on');
  } catch {
    // Storage refused (private mode, quota): the next page fetches them after its load again.
  }
}

/**
 * A first visit's page is drawn in the fallbacks from its first paint to its last (issue 23): no font request
 * competes with its first screen, and Lighthouse counts none in its first or largest paint. The faces are fetched
 * once the page has loaded (its images in) and painted, into the cache, and remembered, so the next page draws its
 * text in them from its first paint (index.html). They are not turned on under the page being read: that restyles
 * and lays out all its text again, 25–45 ms of the main thread on the bench's machine and four times that on a
 * phone (a long task after the load, Total Blocking Time), for glyphs that take the same room. It is the trade
 * `font-display: optional` makes; a page the browser has the faces for already is drawn in them at once.
 */
export function webFontsAfterLoad(root: HTMLElement = document.documentElement): void {
  const fetchForNextPage = async () => {
    if (root.dataset.webfonts === 'on') return;
    if (await fetchFaces(root)) remember();
  };
  const later = () => requestAnimationFrame(() => setTimeout(() => void fetchForNextPage()));
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
