import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadWebConfig } from './config';

describe('the web server configuration (config.ts)', () => {
  let root: string;
  let serverDir: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'web-config-'));
    serverDir = join(root, 'web-server');
    mkdirSync(serverDir);
    mkdirSync(join(root, 'web'));
    writeFileSync(join(root, 'web', 'index.html'), '<html></html>');
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('has defaults for everything, the build beside the bundle, and no renderer when its entry is missing', () => {
    expect(loadWebConfig({}, serverDir)).toEqual({
      host: '127.0.0.1',
      port: 4200,
      apiUrl: 'http://127.0.0.1:3000',
      distDir: join(root, 'web'),
      ssrEntry: false,
      trustProxy: false,
    });
    writeFileSync(join(serverDir, 'entry-server.mjs'), 'export const render = () => null;');
    expect(loadWebConfig({}, serverDir).ssrEntry).toBe(join(serverDir, 'entry-server.mjs'));
  });

  it('takes the environment, an empty value meaning the default', () => {
    const config = loadWebConfig(
      {
        HOST: '0.0.0.0',
        PORT: '8080',
        API_URL: 'http://api:3000/',
        TRUST_PROXY: 'true',
        WEB_DIST: '',
        PUBLIC_URL: 'https://videos.example.com',
      },
      serverDir,
    );
    expect(config).toMatchObject({
      host: '0.0.0.0',
      port: 8080,
      apiUrl: 'http://api:3000',
      trustProxy: true,
      publicUrl: 'https://videos.example.com',
    });
    expect(loadWebConfig({ PORT: '' }, serverDir).port).toBe(4200);
  });

  it('stops with one line per wrong variable, naming it', () => {
    let message = '';
    try {
      loadWebConfig(
        { PORT: 'eighty', API_URL: 'ftp://api', TRUST_PROXY: 'maybe', PUBLIC_URL: 'example.com' },
        serverDir,
      );
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Invalid web server environment:\n/);
    expect(message).toMatch(/^ {2}PORT: /m);
    expect(message).toMatch(/^ {2}API_URL: must be the http\(s\) address of the API/m);
    expect(message).toMatch(/^ {2}TRUST_PROXY: /m);
    expect(message).toMatch(/^ {2}PUBLIC_URL: must be an absolute URL/m);
  });

  it('names WEB_DIST when the build is not there', () => {
    expect(() => loadWebConfig({ WEB_DIST: join(root, 'nowhere') }, serverDir)).toThrow(
      /WEB_DIST: .*nowhere\/index\.html is missing/,
    );
  });
});
