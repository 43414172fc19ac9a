/**
 * Where the web server hands out the data a page was rendered with (`/page-data/{id}`), which the page's app
 * hydrates with (apps/web/src/ssr-state.ts). A file of its own: the boot script imports it, and nothing more.
 */
export const PAGE_DATA_PATH = '/page-data/';
