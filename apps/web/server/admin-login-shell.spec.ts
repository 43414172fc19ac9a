import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PRERENDERED_LOGIN_ATTRIBUTE } from '../src/features/admin/login/prerendered-login';
import { ADMIN_CHUNK_SOURCE, adminLoginShell, LOGIN_MARK } from './admin-login-shell';
import { APP_CHUNK_SOURCE } from './page-assets';

describe('the login screen’s page, as the build makes it (admin-login-shell.ts)', () => {
  let dist: string;
  beforeEach(() => {
    dist = mkdtempSync(join(tmpdir(), 'admin-login-shell-'));
    mkdirSync(join(dist, '.vite'));
    mkdirSync(join(dist, 'assets'));
  });
  afterEach(() => rmSync(dist, { recursive: true, force: true }));

  const index =
    '<html lang="en"><head><meta charset="utf-8"><!--page-head--><title>Channel</title><!--/page-head-->' +
    '<style data-entry-css="index-A.css">.login{color:red}.hero{color:blue}</style></head>' +
    '<body><div id="root"><!--ssr-outlet--><div data-prerendered><h1 class="hero">HOME</h1></div><!--/ssr-outlet--></div></body></html>';

  it('puts the login screen in #root, marked for the app, in place of the home page, with its own title first', async () => {
    const html = await adminLoginShell(
      index,
      { html: '<form class="login">LOGIN</form>', title: 'Admin login' },
      dist,
    );
    expect(html).toContain(`<div id="root" ${LOGIN_MARK}><form class="login">LOGIN</form></div>`);
    expect(html).not.toContain('HOME');
    expect(html).toMatch(/<head><meta charset="utf-8"><title>Admin login<\/title><!--page-head-->/);
    // The app reads the same mark.
    expect(LOGIN_MARK).toBe(PRERENDERED_LOGIN_ATTRIBUTE);
  });

  it('carries the admin chunk’s stylesheets and every sheet cut to the rules the screen uses', async () => {
    writeFileSync(join(dist, 'assets/admin-page-B.css'), '.login-card{padding:1px}.dashboard-grid{gap:2px}');
    writeFileSync(join(dist, 'assets/start-app-C.css'), '.hero{margin:0}');
    writeFileSync(
      join(dist, '.vite', 'manifest.json'),
      JSON.stringify({
        [APP_CHUNK_SOURCE]: { file: 'assets/start-app-C.js', css: ['assets/start-app-C.css'] },
        [ADMIN_CHUNK_SOURCE]: {
          file: 'assets/admin-page-B.js',
          imports: [APP_CHUNK_SOURCE],
          css: ['assets/admin-page-B.css'],
        },
      }),
    );
    const html = await adminLoginShell(
      index,
      { html: '<form class="login login-card">LOGIN</form>', title: 'Admin login' },
      dist,
    );
    expect(html).toContain('.login-card{padding:1px}');
    expect(html).not.toContain('dashboard-grid');
    expect(html).not.toContain('.hero{color:blue}');
    // Not the app chunk's sheet again (index.html has it).
    expect(html).not.toContain('start-app-C.css');
    expect(html).toContain('<link rel="stylesheet" href="/assets/admin-page-B.css" disabled>');
  });

  it('refuses a title that is not plain text', async () => {
    await expect(adminLoginShell(index, { html: '', title: '<script>' }, dist)).rejects.toThrow(
      /plain title/,
    );
  });
});
