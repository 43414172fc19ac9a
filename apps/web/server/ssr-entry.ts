/**
 * The server-rendering entry (`apps/web/src/entry-server.tsx`, built to `dist/apps/web-server/entry-server.mjs`),
 * loaded once per process: its `render` makes `/` and the watch pages (serve-page.ts), its `renderDocument` the
 * standalone documents, a sponsor report and the media kit (report-pages.ts).
 */
import type { PageModel } from '@app/contracts/page-model';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { RenderedBody } from './page-shell';

/** A standalone document as the entry renders it (src/features/report-pages/render-document.tsx). */
export interface RenderedDocument {
  status: 200 | 404 | 410;
  /** The whole HTML document. */
  html: string;
  /** Not to be indexed (a report, a preview). */
  noindex: boolean;
}

export interface SsrEntry {
  /** The page of `model` rendered, or null for a page the browser renders. */
  render(model: PageModel): Promise<RenderedBody | null>;
  /** A sponsor report or the media kit as a whole document, or null for any other kind. */
  renderDocument?(model: PageModel): Promise<RenderedDocument | null>;
}

/**
 * The entry to load: the built ES module's file (`dist/apps/web-server/entry-server.mjs`), or (npm run dev) a
 * function that loads it afresh through Vite, so an edited component shows on the next load.
 */
export type SsrEntrySource = string | (() => Promise<SsrEntry>);

/** Gives the entry (undefined when there is none: every page then goes out as the shell). */
export type EntryLoader = () => Promise<SsrEntry | undefined>;

/** The loader of `source`, or undefined without one. A built entry is imported once; a dev entry on every call. */
export function entryLoader(source: SsrEntrySource | false): EntryLoader | undefined {
  if (source === false) return undefined;
  if (typeof source === 'function') return source;
  if (!existsSync(source)) return undefined;
  const entry = (import(pathToFileURL(source).href) as Promise<SsrEntry>).catch(
    (error: Error) => void console.error(`Server rendering is off: ${error.message}`),
  );
  return () => entry;
}
