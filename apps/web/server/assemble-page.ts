/**
 * Page assembly: one page from the shell (the built index.html, or Vite's form of it), the API's page model of its
 * path and, for `/` and the watch pages, the server's rendering of its content (serve-page.ts). The model's head
 * goes between the shell's page-head marks, a watch page gets its chunk's stylesheets, a page the browser renders
 * says the site's language, and a rendered page carries only the CSS rules its markup uses.
 */
import type { PageModel } from '@app/contracts/page-model';
import type { PagePolicySources } from '@app/contracts/page-policy';
import { createAutoColorScheme } from './auto-color-scheme';
import { createCriticalCss } from './critical-css';
import { APP_CHUNK_SOURCE, chunkHeadTags, WATCH_CHUNK_SOURCE, withHeadTags } from './page-assets';
import { fillHead, fillShell, type RenderedBody, withSiteLanguage } from './page-shell';

export interface RenderedPage {
  /** 404 for the watch page of a video the site does not have. */
  status: number;
  html: Buffer;
  sources?: PagePolicySources;
  /** Its head's links follow the request's Host (the model's cache is not shared): no shared cache keeps it. */
  hostLinks?: boolean;
  /** False without a page model (the API is down) or under `npm run dev`: no cache keeps the page. */
  keep: boolean;
  /** The shell it was made from (its inline scripts are in the page's policy). */
  shell: string;
  /** Its validator, made once (page-response.ts). */
  etag?: string;
  /** Its brotli and gzip forms, made once (page-response.ts). */
  encoded?: { br?: Promise<Buffer>; gzip?: Promise<Buffer> };
}

export interface PageParts {
  /** The shell the page is made from. */
  shell: string;
  /** The API's page model of its path; undefined when the API did not answer (the shell's defaults stay). */
  model?: PageModel;
  /** The server's rendering of its content, for `/` and the watch pages. */
  body?: RenderedBody;
  /** Whether it is a watch page (it carries the watch chunk's stylesheets). */
  watch: boolean;
}

/** `dev`: under `npm run dev` the build's manifest is not there, and nothing is kept. */
export function createPageAssembler(
  distDir: string,
  dev: boolean,
): (parts: PageParts) => Promise<RenderedPage> {
  // A watch page carries its chunk's stylesheets in its head (page-assets.ts); index.html has the app's.
  const watchHeadTags = dev ? '' : chunkHeadTags(distDir, WATCH_CHUNK_SOURCE, APP_CHUNK_SOURCE);
  // A rendered page carries only the rules its markup uses (critical-css.ts); the app enables the whole sheets.
  const criticalCss = createCriticalCss();
  // A page of a site in the `auto` colour scheme follows the visitor's from its first paint (auto-color-scheme.ts).
  const autoColorScheme = createAutoColorScheme();

  return async ({ shell: shellHtml, model, body, watch }) => {
    const head = withHeadTags(fillHead(shellHtml, model?.head), watch ? watchHeadTags : '');
    // A page the browser renders (the 404, the dashboard) is rendered in the site's language, which the page says
    // (`data-site-language`): a first visit has no settings of its own yet.
    const shell = body ? head : withSiteLanguage(head, model?.settings.siteLanguage);
    return {
      status: body?.status ?? (model?.kind === 'watch' ? model.status : 200),
      html: Buffer.from(body ? autoColorScheme(await criticalCss(fillShell(shell, body))) : shell),
      shell: shellHtml,
      sources: model?.policy,
      hostLinks: model ? !model.cache.shared : false,
      keep: !dev && model !== undefined,
    };
  };
}
