/**
 * The stylesheets a server-rendered page needs before any script runs (issue 23): a page the server rendered paints
 * and works without its app, which starts later (src/boot.ts), so every stylesheet of its first screen is in its
 * HTML. index.html carries those of the app's chunk (`src/start-app.tsx`, put in at build time by vite.config.ts);
 * a watch page and the search page carry those of their own chunk too. Until then a watch page came without its layout, and the whole page
 * moved when the chunk's stylesheet arrived with its script (CLS 0.9 on desktop, 0.06 on a phone). No script is
 * preloaded: the app is fetched at the first sign of interaction.
 *
 * The names come from the build's manifest (`dist/apps/web/.vite/manifest.json`, `build.manifest` in
 * vite.config.ts; the static files skip dot directories, so it is never served). Under `npm run dev` there is
 * none, and Vite loads the styles with the modules.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The app's chunk (React, the public pages), by its source file (the key of the manifest). */
export const APP_CHUNK_SOURCE = 'src/start-app.tsx';
/** The watch page's chunk, by its source file. */
export const WATCH_CHUNK_SOURCE = 'src/app/watch-app.tsx';
/** The search page's chunk, by its source file. */
export const SEARCH_CHUNK_SOURCE = 'src/app/search-app.tsx';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

type Manifest = Record<string, ManifestChunk>;

function readManifest(distDir: string): Manifest | undefined {
  const manifestFile = join(distDir, '.vite', 'manifest.json');
  return existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest) : undefined;
}

/** The stylesheets of `source` and of the chunks it imports, imports first (the order the modules run in). */
function chunkSheets(manifest: Manifest, source: string): string[] {
  const sheets: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
    for (const sheet of chunk.css ?? []) if (!sheets.includes(sheet)) sheets.push(sheet);
  };
  visit(source);
  return sheets;
}

/**
 * Each stylesheet as a `<style>`, with a disabled `<link>` of the same file beside it (Vite's chunk loader then sees
 * the sheet on the page and does not load it again).
 */
function styleTags(distDir: string, sheets: string[]): string {
  return sheets
    .map((file) => {
      const css = readFileSync(join(distDir, file), 'utf8').replace(/<\/style/gi, '<\\/style');
      return `<style data-chunk-css="${file}">${css}</style><link rel="stylesheet" href="/${file}" disabled>`;
    })
    .join('');
}

/**
 * Head tags for the chunk built from `source`: the stylesheets it and the chunks it imports bring, but those of
 * `except` (already on the page). Empty when the build has no manifest or no such chunk.
 */
export function chunkHeadTags(distDir: string, source: string, except?: string): string {
  const manifest = readManifest(distDir);
  if (!manifest?.[source]) return '';
  const skip = new Set(except ? chunkSheets(manifest, except) : []);
  return styleTags(
    distDir,
    chunkSheets(manifest, source).filter((sheet) => !skip.has(sheet)),
  );
}

/** The shell with `tags` at the end of its head. */
export function withHeadTags(shell: string, tags: string): string {
  return tags ? shell.replace('</head>', () => `${tags}</head>`) : shell;
}
