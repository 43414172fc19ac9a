/**
 * The page of the login screen (issue 46: `/admin` fast on a phone), made by the build next to index.html: the
 * built index.html with the login screen the build rendered (src/prerender-admin.tsx) in `#root`, marked for the
 * boot script and the app (src/features/admin/login/prerendered-login.ts), and with the stylesheets of the admin
 * area's chunk cut to the rules its markup uses (critical-css.ts), so it paints with its first bytes and no script.
 * The web server sends it for `/admin` to a visitor without a session (admin-login-page.ts).
 *
 * Types and no workspace paths here: vite.config.ts loads this file.
 */
import { join } from 'node:path';
import { createCriticalCss } from './critical-css';
import { APP_CHUNK_SOURCE, chunkHeadTags, withHeadTags } from './page-assets';
import { fillShell, PAGE_HEAD_START } from './page-shell';

/** Where the build writes the page, in the web's dist (a dot directory: the static files never hand it out). */
export const ADMIN_LOGIN_SHELL_FILE = join('.pages', 'admin-login.html');
/** The admin area's chunk, by its source file (the key of the build's manifest). */
export const ADMIN_CHUNK_SOURCE = 'src/features/admin/shell/admin-page.tsx';
/** Must equal PRERENDERED_LOGIN_ATTRIBUTE (src/features/admin/login/prerendered-login.ts; the spec checks). */
export const LOGIN_MARK = 'data-login-prerendered';

/**
 * `indexHtml` (the built index.html, its stylesheets in place) with `login.html` (the rendered login screen) as
 * `#root`'s content in place of the prerendered home page, the admin chunk's stylesheets cut to what it uses, and
 * `login.title` as the page's title: a document takes its first `<title>`, so it goes before the site's head (the
 * page head the server puts in for every page, its social tags included).
 */
export async function adminLoginShell(
  indexHtml: string,
  login: { html: string; title: string },
  distDir: string,
): Promise<string> {
  if (!indexHtml.includes('<div id="root">')) throw new Error('index.html has no <div id="root">');
  if (!indexHtml.includes(PAGE_HEAD_START)) throw new Error(`index.html has no ${PAGE_HEAD_START}`);
  if (/[<>&"]/.test(login.title)) throw new Error(`not a plain title: ${login.title}`);
  const filled = fillShell(indexHtml, { status: 200, html: login.html, state: '' })
    .replace('<div id="root">', `<div id="root" ${LOGIN_MARK}>`)
    .replace(PAGE_HEAD_START, () => `<title>${login.title}</title>${PAGE_HEAD_START}`);
  const styled = withHeadTags(filled, chunkHeadTags(distDir, ADMIN_CHUNK_SOURCE, APP_CHUNK_SOURCE));
  return createCriticalCss()(styled);
}
