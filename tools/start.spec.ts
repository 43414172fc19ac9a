import { readyLine, startSettings } from './start';

describe('startSettings', () => {
  it('defaults to the web server on 127.0.0.1:4200 and the API on 127.0.0.1:3000', () => {
    const s = startSettings({}, {});
    expect(s).toMatchObject({ webPort: 4200, webHost: '127.0.0.1', apiPort: 3000, usingDefaultAdmin: true });
    expect(s.apiEnv).toMatchObject({ HOST: '127.0.0.1', PORT: '3000', TRUST_PROXY: 'true' });
  });

  it('starts both servers with two malloc arenas, unless the environment says otherwise', () => {
    const s = startSettings({}, {});
    expect(s.apiEnv.MALLOC_ARENA_MAX).toBe('2');
    expect(s.webEnv.MALLOC_ARENA_MAX).toBe('2');
    const own = startSettings({ MALLOC_ARENA_MAX: '4' }, {});
    expect([own.apiEnv.MALLOC_ARENA_MAX, own.webEnv.MALLOC_ARENA_MAX]).toEqual(['4', '4']);
  });

  it('reads .env, with the process environment winning', () => {
    const s = startSettings(
      { PORT: '8080', ADMIN_PASSWORD: 'from-shell' },
      { PORT: '9999', API_PORT: '3100', HOST: '0.0.0.0', SEED_DEMO_CONTENT: 'false' },
    );
    expect(s).toMatchObject({ webPort: 8080, webHost: '0.0.0.0', apiPort: 3100, usingDefaultAdmin: false });
    expect(s.apiEnv).toMatchObject({ PORT: '3100', HOST: '127.0.0.1', SEED_DEMO_CONTENT: 'false' });
    expect(s.apiEnv.ADMIN_PASSWORD).toBe('from-shell');
    expect(s.apiEnv.API_PORT).toBeUndefined();
  });

  it('ignores .env under NODE_ENV=test so a developer setting cannot leak into the browser tests', () => {
    const s = startSettings(
      { NODE_ENV: 'test', PORT: '4310', API_PORT: '4311' },
      { DATABASE_URL: 'mysql://x@y/z' },
    );
    expect(s.apiEnv.DATABASE_URL).toBeUndefined();
    expect(s).toMatchObject({ webPort: 4310, apiPort: 4311 });
  });

  it('treats empty values as unset; TRUST_PROXY is about a proxy in front of the web server, which the API trusts', () => {
    const s = startSettings({ PORT: '', TRUST_PROXY: 'false' }, {});
    expect(s.webPort).toBe(4200);
    expect(s.apiEnv.TRUST_PROXY).toBe('true');
    expect(s.webEnv.TRUST_PROXY).toBe('false');
    expect(startSettings({ TRUST_PROXY: 'true' }, {}).webEnv.TRUST_PROXY).toBe('true');
  });

  it('gives the web server its address, the API’s, and nothing meant for the API', () => {
    const s = startSettings(
      { PORT: '8080', SESSION_SECRET: 's'.repeat(40) },
      { API_PORT: '3100', PUBLIC_URL: 'https://videos.example.com' },
    );
    expect(s.webEnv).toMatchObject({
      HOST: '127.0.0.1',
      PORT: '8080',
      API_URL: 'http://127.0.0.1:3100',
      PUBLIC_URL: 'https://videos.example.com',
    });
    expect(s.apiEnv.PUBLIC_URL).toBe('https://videos.example.com');
    expect(s.webEnv.WEB_DIST).toMatch(/dist\/apps\/web$/);
    expect(s.webEnv.SESSION_SECRET).toBeUndefined();
  });

  it('refuses bad or clashing ports', () => {
    expect(() => startSettings({ PORT: 'web' }, {})).toThrow('PORT must be a port number, got "web"');
    expect(() => startSettings({ PORT: '3000' }, {})).toThrow('PORT and API_PORT are both 3000');
  });
});

describe('readyLine', () => {
  it('prints one line with the URL, the admin URL and the dev login', () => {
    expect(readyLine('http://127.0.0.1:4200', true)).toBe(
      'Site ready at http://127.0.0.1:4200  (admin: http://127.0.0.1:4200/admin, dev login admin / admin123)',
    );
    expect(readyLine('http://127.0.0.1:4200', false)).not.toContain('admin123');
  });
});
