/**
 * The build's files (dist/apps/web): hashed assets cached for a year, other files an hour. Files compressed at
 * build time (vite-plugin-compression2: `x.js.br`, `x.js.gz` beside `x.js`) are sent as they are, brotli first,
 * then gzip; compression() leaves an encoded answer alone. Under `npm run dev`, Vite's middleware serves the
 * sources instead.
 */
import type { Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { CACHE_IMMUTABLE, CACHE_SHORT, setPageHeaders } from './headers';
import type { DevAssets } from './web-app';

/** `builtIndex`: the shell whose inline scripts an HTML file's policy lets run. */
export function staticFiles(distDir: string, dev: DevAssets | undefined, builtIndex: string | undefined) {
  if (dev) return dev.middlewares;
  return expressStaticGzip(distDir, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: {
      index: false,
      redirect: false,
      setHeaders(res, filePath) {
        const relative = filePath
          .slice(distDir.length)
          .replaceAll('\\', '/')
          .replace(/\.(?:br|gz)$/, '');
        if (relative.startsWith('/assets/')) res.setHeader('Cache-Control', CACHE_IMMUTABLE);
        else if (relative.endsWith('.html')) setPageHeaders(res as Response, builtIndex);
        else res.setHeader('Cache-Control', CACHE_SHORT);
      },
    },
  });
}
