import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ADMIN_LOGIN_SHELL_FILE } from './admin-login-shell';
import { useRenderStack } from './test/render-stand-in';
import { type RunningWebServer, startWebServer } from './web-app';

describe('admin-login-page.ts: /admin with the login screen in its HTML, for a visitor without a session', () => {
  const stack = useRenderStack();
  let web: RunningWebServer;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'admin-login-dist-'));
    mkdirSync(join(dist, 'assets'));
    const page = (root: string) =>
      '<html><head><!--page-head--><title>DEFAULT</title><!--/page-head--></head>' +
      `<body><div id="root">${root}</div></body></html>`;
    writeFileSync(join(dist, 'index.html'), page('<!--ssr-outlet--><p>SHELL</p><!--/ssr-outlet-->'));
    mkdirSync(join(dist, dirname(ADMIN_LOGIN_SHELL_FILE)), { recursive: true });
    writeFileSync(join(dist, ADMIN_LOGIN_SHELL_FILE), page('<form>LOGIN</form>'));
    web = await startWebServer({ port: 0, distDir: dist, apiUrl: stack.apiUrl, ssrEntry: stack.entry });
  });
  afterAll(() => web.close());

  const get = async (path: string, cookie?: string) => {
    const res = await fetch(`${web.url}${path}`, {
      headers: { Accept: 'text/html', ...(cookie ? { Cookie: cookie } : {}) },
    });
    return { status: res.status, vary: res.headers.get('vary') ?? '', body: await res.text() };
  };

  it('sends the login screen, its head put in, to a request without the session cookie', async () => {
    for (const path of ['/admin', '/admin/', '/ADMIN']) {
      const admin = await get(path, 'theme=dark');
      expect(admin.status).toBe(200);
      expect(admin.body).toContain('<form>LOGIN</form>');
      expect(admin.body).toContain('<title>HEAD /admin</title>');
      expect(admin.vary).toMatch(/\bCookie\b/);
    }
  });

  it('sends the app shell to a request with it (the app checks the session: no login form flashes), each kept apart', async () => {
    const signedIn = await get('/admin', 'theme=dark; sid=s%3Aabc.def');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toContain('<p>SHELL</p>');
    expect(signedIn.body).not.toContain('LOGIN');
    expect(signedIn.vary).toMatch(/\bCookie\b/);
    // Both are in the page cache now: neither is handed out for the other.
    expect((await get('/admin')).body).toContain('<form>LOGIN</form>');
    expect((await get('/admin', 'sid=x')).body).toContain('<p>SHELL</p>');
  });

  it('leaves every other page alone', async () => {
    const missing = await get('/no/such/page');
    expect(missing.body).toContain('<p>SHELL</p>');
    expect(missing.vary).not.toMatch(/\bCookie\b/);
  });
});
