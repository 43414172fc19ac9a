/**
 * What a page rendered on the server needs of its lazily loaded chunk before that chunk's script runs (issue 23):
 * the watch page's stylesheet, inlined into its head, and its scripts as modulepreloads, so the browser finds them in
 * the HTML instead of after the entry has run. Until then a watch page came without its layout, and the whole page
 * moved when the chunk's stylesheet arrived with its script (CLS 0.9 on desktop, 0.06 on a phone).
 *
 * The names come from the build's manifest (`dist/apps/web/.vite/manifest.json`, `build.manifest` in
 * vite.config.ts; the static files skip dot directories, so it is never served). Under `npm run dev` there is
 * none, and Vite loads the styles with the modules.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SCRIPT_ATTRIBUTES } from './page-shell';

/** The watch page's chunk, by its source file (the key of the manifest). */
export const WATCH_CHUNK_SOURCE = 'src/app/watch-app.tsx';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

/**
 * Head tags for the chunk built from `source`: each stylesheet it and the chunks it imports bring (not the entry's,
 * which index.html inlines already), as a `<style>` with a disabled `<link>` of the same file beside it (Vite's chunk
 * loader then sees the sheet on the page and does not load it again); each script as a modulepreload. Empty when
 * the build has no manifest or no such chunk.
 */
export function chunkHeadTags(distDir: string, source: string): string {
  const manifestFile = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return '';
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  if (!manifest[source]) return '';
  const sheets = new Set<string>();
  const scripts = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const sheet of chunk.css ?? []) sheets.add(sheet);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(source);
  const styles = [...sheets].map((file) => {
    const css = readFileSync(join(distDir, file), 'utf8').replace(/<\/style/gi, '<\\/style');
    return `<style data-chunk-css="${file}">${css}</style><link rel="stylesheet" href="/${file}" disabled>`;
  });
  const preloads = [...scripts].map(
    (file) => `<link rel="modulepreload" ${SCRIPT_ATTRIBUTES} href="/${file}">`,
  );
  return [...styles, ...preloads].join('');
}

/** The shell with `tags` at the end of its head. */
export function withHeadTags(shell: string, tags: string): string {
  return tags ? shell.replace('</head>', () => `${tags}</head>`) : shell;
}
