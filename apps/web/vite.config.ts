// Vite bundles this file before its aliases exist, so the list comes by its path, not `@app/contracts`.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { API_PREFIX, API_ROOT_FILES } from '../../libs/contracts/src/api-paths';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { IMAGES_PATH } from '../../libs/contracts/src/site-image-files';
import react from '@vitejs/plugin-react';
import { transformSync } from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, defineConfig, type Plugin, type UserConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { ADMIN_LOGIN_SHELL_FILE, adminLoginShell } from './server/admin-login-shell';
import { APP_CHUNK_SOURCE, chunkHeadTags, withHeadTags } from './server/page-assets';
import { isPageShell, prerenderedShell, scriptsAfterFirstScreen } from './server/page-shell';

const root = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('../../dist/apps/web', import.meta.url));
/**
 * The web server's bundle: the server-rendering entry (`src/entry-server.tsx`) built here, beside the server
 * itself (`server/main.ts`, bundled by esbuild after it), apart from the files the web server hands out.
 */
export const SSR_OUT_DIR = fileURLToPath(new URL('../../dist/apps/web-server', import.meta.url));
const apiTarget = `http://127.0.0.1:${process.env.API_PORT || 3000}`;
// Everything the API answers besides the SPA itself: its routes, the generated feeds and the site's images.
const proxy = Object.fromEntries(
  [API_PREFIX, ...API_ROOT_FILES, `${IMAGES_PATH}/`].map((path) => [path, { target: apiTarget }]),
);

/**
 * The same class names in the browser build and in the prerender (which runs the sources in Node): a letter and a
 * hash of the file and the class. Short, because every rendered page carries them, in its markup and in its first
 * screen's CSS: `video-card_title_JRJ06K` made `/` about 500 bytes of brotli larger, past the 14.6 KB a phone gets
 * in its first round trip (docs/public-page.md).
 */
function scopedName(name: string, filename: string): string {
  const file = relative(root, filename.split('?')[0]);
  return `c${createHash('sha256').update(`${file}:${name}`).digest('base64url').slice(0, 6)}`;
}

const shared: UserConfig = {
  root,
  resolve: {
    alias: [
      // Zod-free parts alone for the public page (the theme table, the page head, YouTube's rules); then
      // the whole contracts.
      {
        find: /^@app\/contracts\/([\w/-]+)$/,
        replacement: fileURLToPath(new URL('../../libs/contracts/src/', import.meta.url)) + '$1.ts',
      },
      {
        find: /^@app\/contracts$/,
        replacement: fileURLToPath(new URL('../../libs/contracts/src/index.ts', import.meta.url)),
      },
    ],
  },
  css: { modules: { generateScopedName: scopedName } },
};

/**
 * Puts the entry stylesheet into index.html: the first paint then needs no second request (about
 * 13 KB gzip, sent with every page load instead of cached apart, a good trade for a phone on a
 * slow network).
 */
function inlineEntryCss(html: string, dir: string): string {
  return html.replace(
    /<link rel="stylesheet" crossorigin href="\/assets\/(index-[\w-]+\.css)">/,
    (_tag, name: string) => {
      const css = readFileSync(join(dir, 'assets', name), 'utf8');
      // The disabled link is never fetched; it tells Vite's chunk loader that the sheet is on the page.
      const marker = `<link rel="stylesheet" href="/assets/${name}" disabled>`;
      return `<style data-entry-css="${name}">${css.replace(/<\/style/gi, '<\\/style')}</style>${marker}`;
    },
  );
}

/**
 * index.html's inline script minified (its comments are for its readers; every page carries it, and a page past
 * TCP's first 14.6 KB waits a round trip more). The page's policy hashes it as it is served (server/page-csp.ts).
 */
function minifyInlineScripts(html: string): string {
  return html.replace(
    /<script>([\s\S]*?)<\/script>/g,
    (_tag, code: string) =>
      `<script>${transformSync(code, { minify: true, target: 'es2015' }).code.trim()}</script>`,
  );
}

/**
 * After the build, renders the home page in its loading state (`src/prerender.tsx`) into
 * index.html, so the top bar and the hero are in the HTML and paint before the script runs; and the
 * login screen (`src/prerender-admin.tsx`) into the page the dashboard's path is made from without a session.
 */
function prerenderShell(): Plugin {
  let outputDir = outDir;
  return {
    name: 'prerender-shell',
    apply: 'build',
    configResolved(config) {
      outputDir = config.build.outDir;
    },
    async closeBundle() {
      const server = await createServer({
        ...shared,
        configFile: false,
        logLevel: 'error',
        plugins: [react()],
        appType: 'custom',
        optimizeDeps: { noDiscovery: true, include: [] },
        server: { middlewareMode: true, hmr: false, ws: false, watch: null },
      });
      try {
        const { render } = (await server.ssrLoadModule('/src/prerender.tsx')) as {
          render: () => Promise<string>;
        };
        const file = join(outputDir, 'index.html');
        const html = prerenderedShell(readFileSync(file, 'utf8'), await render());
        if (!isPageShell(html)) throw new Error('index.html has no page head to fill (<!--page-head-->)');
        // The app's stylesheets too: a rendered page paints before its app starts (src/boot.ts).
        const styled = withHeadTags(
          inlineEntryCss(html, outputDir),
          chunkHeadTags(outputDir, APP_CHUNK_SOURCE),
        );
        const page = minifyInlineScripts(scriptsAfterFirstScreen(styled));
        writeFileSync(file, page);
        // The page of the dashboard's login screen (server/admin-login-shell.ts), from the same index.html.
        const { renderAdminLogin } = (await server.ssrLoadModule('/src/prerender-admin.tsx')) as {
          renderAdminLogin: () => Promise<{ html: string; title: string }>;
        };
        const loginFile = join(outputDir, ADMIN_LOGIN_SHELL_FILE);
        mkdirSync(dirname(loginFile), { recursive: true });
        writeFileSync(loginFile, await adminLoginShell(page, await renderAdminLogin(), outputDir));
      } finally {
        await server.close();
      }
    },
  };
}

/**
 * `vite build --ssr`: the server-rendering entry as one ES module with everything it uses bundled in, so the web
 * server (server/web-app.ts, in `npm start` or its container) runs it without the app's sources or node_modules.
 */
const ssrBuild: UserConfig = {
  ...shared,
  plugins: [react()],
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: 'src/entry-server.tsx',
    outDir: SSR_OUT_DIR,
    emptyOutDir: true,
    copyPublicDir: false,
    rollupOptions: { output: { format: 'es', entryFileNames: 'entry-server.mjs' } },
  },
};

const browserBuild: UserConfig = {
  ...shared,
  plugins: [
    react(),
    prerenderShell(),
    // `x.js.br` and `x.js.gz` beside each build asset, sent as they are by the web server (brotli, then gzip).
    // Not the pages: the web server fills their head per request.
    compression({ algorithms: ['brotliCompress', 'gzip'], exclude: [/\.html$/], threshold: 1024 }),
  ],
  server: { host: '127.0.0.1', port: 4200, strictPort: true, proxy },
  preview: { host: '127.0.0.1', port: 4300, strictPort: true, proxy },
  build: {
    outDir,
    emptyOutDir: true,
    // Which files each chunk is made of: the web server puts a rendered watch page's stylesheet and scripts into
    // its HTML (server/page-assets.ts).
    manifest: true,
  },
};

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? ssrBuild : browserBuild));
