import { LIVE_IDLE_POLL_MS } from './features/videos/api/live-poll';
import { currentConsent } from './lib/consent-store';
import { isMissing, THUMBNAIL_SELECTOR } from './lib/thumbnail';
import { showPlaceholder } from './lib/thumbnail-fallback';
import {
  setSiteAnalytics,
  trackHeroImpression,
  trackLinkClicks,
  trackPageview,
  trackSearch,
} from './lib/site-analytics';
import { fetchPageData, readBootFacts, type BootFacts } from './ssr-state';
import { webFontsAfterLoad } from './features/settings/web-fonts';
import { loginPrerendered } from './features/admin/login/prerendered-login';

/**
 * The page's first script (issue 23), without React: a page the server rendered is complete and usable as it is
 * (links, text, images), so its app (React, about 120 KB gzip) starts only when the page needs it:
 * - at once when the first screen needs script: the consent banner to ask, a third party to load (analytics,
 *   ads) or a live or upcoming stream (its local time, its polling);
 * - else on the first click on something the app handles (a button, a link within the page), which it is given
 *   once it has started; the first sign of intent (a pointer over the page, a touch, a focus) already fetches it;
 * - and on `/` after {@link LIVE_IDLE_POLL_MS} at the latest, when the app would have asked for a stream anyway.
 *
 * A thumbnail that turns out missing needs no app either: this script puts its placeholder in its place
 * (lib/thumbnail-fallback.ts) until the app runs, which then takes over.
 *
 * Links to other pages need no app. Their clicks are counted from their `data-track` (`trackLinkClicks`), and the
 * page view, the hero's impression and the search page's search are counted here, at load, as the app would have
 * counted them.
 */

/** Why the app must start with the page (for a test to name), or null when it can wait for the visitor. */
export function appNeededAtLoad(
  facts: BootFacts | undefined,
  consent: 'granted' | 'denied' | null,
): string | null {
  if (!facts) return 'not rendered by the server';
  if (facts.consentBanner && consent === null) return 'consent banner';
  if (facts.thirdParty && (!facts.consentBanner || consent === 'granted')) return 'third party';
  if (facts.live) return 'live or upcoming stream';
  return null;
}

/**
 * What a click handled by the app lands on, or null for one the browser handles alone: a link elsewhere, or a
 * control inside `[data-no-app]` (the top bar's search form, which submits as a plain GET; the transcript's
 * disclosure, which opens without script), which then works at once, without waiting for the app.
 */
export function appClickTarget(target: EventTarget | null, here: Location | URL): HTMLElement | null {
  if (!(target instanceof Element)) return null;
  const element = target.closest<HTMLElement>(
    'button, input, select, textarea, label, summary, [role="button"], a[href]',
  );
  if (!element || element.closest('[data-no-app]')) return null;
  if (element instanceof HTMLAnchorElement) {
    if (element.target && element.target !== '_self') return null;
    const url = new URL(element.href, here.href);
    // A section of this page (`#videos`), or this page at a time (`?t=`, a chapter): the app's to handle.
    if (url.origin !== here.origin || url.pathname !== here.pathname) return null;
  }
  return element;
}

/**
 * A site set to `auto` follows the visitor's scheme when it changes, before the app runs as after (index.html's
 * inline script picked it at load; Mantine's manager does the same once the app runs).
 */
function followVisitorScheme(): void {
  const html = document.documentElement;
  if (html.dataset.colorScheme !== 'auto') return;
  const light = window.matchMedia('(prefers-color-scheme: light)');
  light.addEventListener('change', () =>
    html.setAttribute('data-mantine-color-scheme', light.matches ? 'light' : 'dark'),
  );
}

/** Starts the page: at once, or when the page needs its app (see above). */
export function bootPage(
  loadApp: () => Promise<{ startApp: () => Promise<void> }>,
  { now = false }: { now?: boolean } = {},
): void {
  // From here on this script takes the clicks (index.html's inline script held those before it, see `early`).
  document.documentElement.dataset.boot = 'running';
  const early = (window as { heldClick?: unknown }).heldClick;
  delete (window as { heldClick?: unknown }).heldClick;
  trackLinkClicks();
  const facts = readBootFacts();
  let started: Promise<void> | undefined;
  let running = false;
  // Missing thumbnails are this script's until the app hydrates the page, then the app's.
  let fallbacksHere = true;
  const start = () =>
    (started ??= Promise.all([loadApp(), fetchPageData()])
      .then(([app]) => app)
      .then(({ startApp }) => {
        fallbacksHere = false;
        return startApp();
      })
      .then(() => {
        running = true;
        document.documentElement.dataset.app = 'running';
      }));
  // The login screen the server sent (features/admin/login/prerendered-login.ts) works like a rendered page until
  // its app takes it over.
  const login = !facts && loginPrerendered();
  if (!facts && !login) {
    // A page the browser renders itself (the dashboard, a 404, the prerendered shell) needs its app now, and its
    // fonts as they come (`font-display: optional`).
    document.documentElement.dataset.webfonts = 'on';
    void start().then(() => early instanceof HTMLElement && early.click());
    return;
  }

  webFontsAfterLoad();
  followVisitorScheme();
  if (facts) {
    setSiteAnalytics(facts.siteAnalytics);
    trackPageview();
    const hero = document.documentElement.dataset.hero;
    if (window.location.pathname === '/' && document.getElementById('home') && (hero === 'A' || hero === 'B'))
      trackHeroImpression(hero);
    // The search page counts its search (the query and how many videos it found) as it shows it.
    if (facts.search) trackSearch(facts.search.q, facts.search.total);
  }

  // A click before the app runs waits for it, then goes to it (the latest one, once).
  let held: HTMLElement | null = null;
  const hold = (element: HTMLElement) => {
    held = element;
    document.documentElement.dataset.app = 'starting';
    void start().then(() => {
      if (held !== element) return;
      held = null;
      element.click();
    });
  };
  document.addEventListener(
    'click',
    (event) => {
      if (running || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
        return;
      const element = appClickTarget(event.target, window.location);
      if (!element) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      hold(element);
    },
    true,
  );
  // A click on a control before this script was there, held by index.html's inline script.
  if (early instanceof HTMLElement) hold(early);
  // The first sign of intent fetches the app (without starting it), so a click then finds it there. On the login
  // screen it starts it: the owner came to sign in, and the form the app hydrates looks the same meanwhile.
  const intents = ['pointerover', 'touchstart', 'focusin', 'keydown'] as const;
  const fetchApp = () => {
    for (const type of intents) document.removeEventListener(type, fetchApp, true);
    if (login) void start();
    else {
      void loadApp().catch(() => undefined);
      void fetchPageData();
    }
  };
  for (const type of intents) document.addEventListener(type, fetchApp, { capture: true, passive: true });
  // A field the owner focused before this script ran (index.html's inline script requested it then).
  if (login && document.activeElement instanceof HTMLElement && document.activeElement !== document.body)
    fetchApp();

  // The page answers clicks from now on (the browser tests wait for this; `data-app="running"` once the app runs).
  document.documentElement.dataset.appReady = 'true';
  if (!facts) {
    if (now) void start();
    return;
  }
  // A thumbnail that failed already, or fails later (a lazy one further down), gives way to its placeholder here.
  const replaceMissing = ({ target }: Event) => {
    if (
      fallbacksHere &&
      target instanceof HTMLImageElement &&
      target.matches(THUMBNAIL_SELECTOR) &&
      isMissing(target)
    )
      showPlaceholder(target);
  };
  for (const type of ['error', 'load']) document.addEventListener(type, replaceMissing, true);
  for (const image of document.querySelectorAll<HTMLImageElement>(THUMBNAIL_SELECTOR))
    if (image.complete && isMissing(image)) showPlaceholder(image);
  if (now || appNeededAtLoad(facts, currentConsent())) void start();
  else if (window.location.pathname === '/') setTimeout(() => void start(), LIVE_IDLE_POLL_MS);
}
