import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chunkHeadTags, WATCH_CHUNK_SOURCE, withHeadTags } from './page-assets';

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

  it('inlines the chunk’s stylesheets (its own and those of chunks it imports, not the entry’s) and preloads its scripts', () => {
    writeFileSync(join(dist, 'assets/watch-app-A1.css'), '.layout{display:grid}</style><script>');
    writeFileSync(join(dist, 'assets/shared-B2.css'), '.card{width:1px}');
    manifest({
      'index.html': { file: 'assets/index-E0.js', isEntry: true, css: ['assets/index-E0.css'] },
      [WATCH_CHUNK_SOURCE]: {
        file: 'assets/watch-app-A1.js',
        isDynamicEntry: true,
        imports: ['index.html', '_shared-B2.js'],
        css: ['assets/watch-app-A1.css'],
      },
      '_shared-B2.js': { file: 'assets/shared-B2.js', css: ['assets/shared-B2.css'] },
    });
    const tags = chunkHeadTags(dist, WATCH_CHUNK_SOURCE);
    expect(tags).toBe(
      '<style data-chunk-css="assets/watch-app-A1.css">.layout{display:grid}<\\/style><script></style>' +
        '<link rel="stylesheet" href="/assets/watch-app-A1.css" disabled>' +
        '<style data-chunk-css="assets/shared-B2.css">.card{width:1px}</style>' +
        '<link rel="stylesheet" href="/assets/shared-B2.css" disabled>' +
        '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/watch-app-A1.js">' +
        '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/shared-B2.js">',
    );
    expect(tags).not.toContain('index-E0');
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
