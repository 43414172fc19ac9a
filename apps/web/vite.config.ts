import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = `http://127.0.0.1:${process.env.API_PORT || 3000}`;
// Everything the API answers besides the SPA itself: its routes and the generated feeds.
const proxy = Object.fromEntries(
  ['/api', '/sitemap.xml', '/rss.xml', '/robots.txt'].map((path) => [path, { target: apiTarget }]),
);

export default defineConfig({
  root,
  plugins: [react()],
  resolve: {
    alias: {
      '@app/contracts': fileURLToPath(new URL('../../libs/contracts/src/index.ts', import.meta.url)),
    },
  },
  server: { host: '127.0.0.1', port: 4200, strictPort: true, proxy },
  preview: { host: '127.0.0.1', port: 4300, strictPort: true, proxy },
  build: {
    outDir: '../../dist/apps/web',
    emptyOutDir: true,
  },
});
