import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APP_CHUNK_SOURCE, chunkHeadTags, WATCH_CHUNK_SOURCE, withHeadTags } from './page-assets';

describe('a rendered page’s chunk in its head (page-assets.ts)', () => {
  let dist: string;
  beforeEach(() => {
    dist = mkdtempSync(join(tmpdir(), 'page-assets-'));
    mkdirSync(join(dist, '.vite'));
    mkdirSync(join(dist, 'assets'));
  });
  afterEach(() => rmSync(dist, { recursive: true, force: true }));

  const manifest = (chunks: Record<string, unknown>) =>
    writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(chunks));

  it('inlines the stylesheets of the chunk and of the chunks it imports (imports first, not those already on the page), and preloads no script', () => {
    writeFileSync(join(dist, 'assets/watch-app-A1.css'), '.layout{display:grid}</style><script>');
    writeFileSync(join(dist, 'assets/shared-B2.css'), '.card{width:1px}');
    writeFileSync(join(dist, 'assets/start-app-C3.css'), '.hero{color:red}');
    manifest({
      'index.html': { file: 'assets/index-E0.js', isEntry: true, dynamicImports: [APP_CHUNK_SOURCE] },
      [APP_CHUNK_SOURCE]: {
        file: 'assets/start-app-C3.js',
        isDynamicEntry: true,
        imports: ['index.html'],
        css: ['assets/start-app-C3.css'],
      },
      [WATCH_CHUNK_SOURCE]: {
        file: 'assets/watch-app-A1.js',
        isDynamicEntry: true,
        imports: [APP_CHUNK_SOURCE, '_shared-B2.js'],
        css: ['assets/watch-app-A1.css'],
      },
      '_shared-B2.js': { file: 'assets/shared-B2.js', css: ['assets/shared-B2.css'] },
    });
    const tags = chunkHeadTags(dist, WATCH_CHUNK_SOURCE, APP_CHUNK_SOURCE);
    expect(tags).toBe(
      '<style data-chunk-css="assets/shared-B2.css">.card{width:1px}</style>' +
        '<link rel="stylesheet" href="/assets/shared-B2.css" disabled>' +
        '<style data-chunk-css="assets/watch-app-A1.css">.layout{display:grid}<\\/style><script></style>' +
        '<link rel="stylesheet" href="/assets/watch-app-A1.css" disabled>',
    );
    expect(tags).not.toContain('modulepreload');
    // index.html carries the app's own (vite.config.ts).
    expect(chunkHeadTags(dist, APP_CHUNK_SOURCE)).toBe(
      '<style data-chunk-css="assets/start-app-C3.css">.hero{color:red}</style>' +
        '<link rel="stylesheet" href="/assets/start-app-C3.css" disabled>',
    );
    expect(withHeadTags('<html><head><title>x</title></head><body></body></html>', tags)).toBe(
      `<html><head><title>x</title>${tags}</head><body></body></html>`,
    );
  });

  it('adds nothing without a manifest (npm run dev) or without the chunk', () => {
    expect(chunkHeadTags(dist, WATCH_CHUNK_SOURCE)).toBe('');
    manifest({ 'index.html': { file: 'assets/index-E0.js', isEntry: true } });
    expect(chunkHeadTags(dist, WATCH_CHUNK_SOURCE)).toBe('');
    expect(withHeadTags('<head></head>', '')).toBe('<head></head>');
  });
});
