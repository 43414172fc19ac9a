/**
 * The places in `index.html` the web server fills for each page, marked by comments the build keeps:
 * - the page head, between `<!--page-head-->` and `<!--/page-head-->`: the site's title, description and
 *   social tags from `GET /api/page-head`; the defaults written there stay when the API does not answer;
 * - the page, between `<!--ssr-outlet-->` and `<!--/ssr-outlet-->` inside `#root`: the build puts the
 *   prerendered home page in its loading state there (apps/web/vite.config.ts); a page rendered for the request
 *   replaces it, and its data goes before `</body>`.
 */
// Types only: vite.config.ts loads this file, where the workspace's paths do not resolve.
import type { PublicSettings } from '@app/contracts/settings';

export const PAGE_HEAD_START = '<!--page-head-->';
export const PAGE_HEAD_END = '<!--/page-head-->';
export const SSR_OUTLET_START = '<!--ssr-outlet-->';
export const SSR_OUTLET_END = '<!--/ssr-outlet-->';
/** Where the build puts the prerendered shell (in the source index.html). */
export const SHELL_MARKER = '<!--app-shell-->';

/**
 * The build's index.html with its scripts requested after the first screen (issue 23): the entry
 * `<script type="module">` and its modulepreloads become `<meta name="app-entry">` and `<meta name="app-preload">`
 * tags, and index.html's inline script adds them to the page after the `load` event and a painted frame, at the
 * first sign of intent (a pointer over the page, a touch, a focus, a key), or at a click on a control, which it
 * holds for the app (src/boot.ts). A page the server rendered paints and reads without them. Requested with the
 * page, even at low priority, they ended before its first paint on a fast connection, and Lighthouse then
 * counted them in its largest paint on a phone.
 */
export function scriptsAfterFirstScreen(html: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
  if (!entry) throw new Error('index.html has no entry <script type="module" crossorigin src>');
  const preloads = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;
  const metas = [
    `<meta name="app-entry" content="${entry[1]}">`,
    ...[...html.matchAll(preloads)].map(([, href]) => `<meta name="app-preload" content="${href}">`),
  ].join('');
  return html.replace(preloads, '').replace(entry[0], () => metas);
}

const PAGE_HEAD = /<!--page-head-->[\s\S]*?<!--\/page-head-->/;
const SSR_OUTLET = /<!--ssr-outlet-->[\s\S]*<!--\/ssr-outlet-->/;

/** A rendering of a page for `#root`, with its data. */
export interface RenderedBody {
  status: 200 | 404;
  html: string;
  state: string;
  /** The data it was rendered with, handed out at `/page-data/{id}` (src/ssr-state.ts). */
  data?: { id: string; json: string };
  /** The language it is in (`<html lang>`); the shell's `en` without it. */
  lang?: string;
  /**
   * The id of the first element after the page's first screen: the browser paints nothing until it has parsed up
   * to it (`<link rel="expect" blocking="render">`), so no frame shows a first screen cut off part-way.
   */
  firstScreenEnd?: string;
  /** The owner's colour scheme it is drawn in (`colorScheme`); index.html's `dark` without it. */
  colorScheme?: ColorScheme;
}

export type ColorScheme = PublicSettings['colorScheme'];

/**
 * The source index.html with the prerendered home page (`src/prerender.tsx`) in its outlet: what the build writes
 * to `dist/apps/web/index.html` (before it inlines the entry stylesheet), and what `npm run dev` serves.
 */
export function prerenderedShell(indexHtml: string, prerendered: string): string {
  if (!indexHtml.includes(SHELL_MARKER)) throw new Error(`index.html has no ${SHELL_MARKER} to fill`);
  const outlet = `${SSR_OUTLET_START}<div data-prerendered style="display:contents">${prerendered}</div>${SSR_OUTLET_END}`;
  return indexHtml.replace(SHELL_MARKER, () => outlet);
}

/** Whether `html` has both places (a build of index.html the server can fill). */
export function isPageShell(html: string): boolean {
  return PAGE_HEAD.test(html) && SSR_OUTLET.test(html);
}

/** The head tags in place of the defaults; `undefined` (no answer from the API) keeps the defaults. */
export function fillHead(shell: string, head: string | undefined): string {
  if (head === undefined) return shell;
  // A shell that names its page itself before the head (the login screen, admin-login-shell.ts) keeps that one
  // title: a document has one.
  const at = shell.indexOf(PAGE_HEAD_START);
  const ownTitle = at >= 0 && /<title>[^<]*<\/title>\s*$/.test(shell.slice(0, at));
  const filled = ownTitle ? head.replace(/<title>[^<]*<\/title>\n?/, '') : head;
  return shell.replace(PAGE_HEAD, () => `${PAGE_HEAD_START}${filled}${PAGE_HEAD_END}`);
}

/**
 * The tag that holds the first paint until the element with id `id` is parsed. `/`'s hero centres its content in
 * the screen: a frame painted while the parser had only part of it (the parser yields to paint on a busy or slow
 * CPU) showed the headline lower, and it moved up as the buttons and stats came, a layout shift of up to 0.023 at
 * 1280×800 with the CPU throttled 8× (6 pages in 40). Chromium lifts the hold when the element is inserted, so the
 * id is the element after the first screen's, not its own. Browsers without `rel=expect` ignore it.
 */
export const expectTag = (id: string) => {
  if (!/^[A-Za-z][\w-]*$/.test(id)) throw new Error(`not an element id: ${id}`);
  return `<link rel="expect" href="#${id}" blocking="render">`;
};

/**
 * Puts a rendering into the shell: the page into `#root` in place of the prerendered one, its data before `</body>`,
 * and the hold on its first paint (`firstScreenEnd`) at the end of the head.
 */
export function fillShell(shell: string, body: RenderedBody): string {
  const end = body.firstScreenEnd;
  let filled = shell.replace(SSR_OUTLET, () => body.html).replace('</body>', () => `${body.state}</body>`);
  if (end) filled = filled.replace('</head>', () => `${expectTag(end)}</head>`);
  if (body.colorScheme) filled = withColorScheme(filled, body.colorScheme);
  return body.lang ? filled.replace(/<html lang="[^"]*"/, () => `<html lang="${body.lang}"`) : filled;
}

/**
 * The owner's colour scheme on `<html>`, so the first paint is in it, with or without script:
 * `data-mantine-color-scheme`, which Mantine's and the site's rules select on, is `light` or `dark` as set, or
 * `auto`, which the page's `@media (prefers-color-scheme)` copies of those rules resolve (auto-color-scheme.ts);
 * `data-color-scheme` is the setting itself, which index.html's inline script takes over the scheme this browser
 * remembers (it resolves `auto` to the visitor's scheme before the first paint, as the app does when it starts).
 */
export function withColorScheme(html: string, scheme: ColorScheme): string {
  if (!/^[a-z]+$/.test(scheme)) throw new Error(`not a colour scheme: ${scheme}`);
  return html.replace(/<html\b([^>]*)>/, (_, attributes: string) => {
    const rest = attributes.replace(/\sdata-(?:mantine-)?color-scheme="[^"]*"/g, '');
    return `<html${rest} data-mantine-color-scheme="${scheme}" data-color-scheme="${scheme}">`;
  });
}

/**
 * The site's language on a page the server does not render (the 404, the legal pages, the dashboard):
 * `<html lang>`, and `data-site-language`, which the browser renders such a page in (src/main.tsx), so even a
 * first visit (no settings remembered in this browser) gets the 404 in the site's language (issue 26).
 */
export function withSiteLanguage(shell: string, language: unknown): string {
  if (typeof language !== 'string' || !/^[a-zA-Z]{2,3}(?:-[a-zA-Z0-9]{2,8})*$/.test(language)) return shell;
  return shell.replace(/<html\b([^>]*)>/, (_, attributes: string) => {
    const rest = attributes.replace(/\s(?:lang|data-site-language)="[^"]*"/g, '');
    return `<html lang="${language}" data-site-language="${language}"${rest}>`;
  });
}
