/**
 * Page assembly: one page from the shell (the built index.html, or Vite's form of it), the API's answers for it
 * (page-api.ts) and, for `/` and the watch pages, the server's rendering of its content (page-renderer.ts). The
 * head goes between the shell's page-head marks, a watch page gets its chunk's stylesheets, a page the browser
 * renders says the site's language, and a rendered page carries only the CSS rules its markup uses.
 */
import type { PagePolicySources } from '@app/contracts/page-policy';
import { createAutoColorScheme } from './auto-color-scheme';
import { createCriticalCss } from './critical-css';
import type { PageAnswers } from './page-api';
import { APP_CHUNK_SOURCE, chunkHeadTags, WATCH_CHUNK_SOURCE, withHeadTags } from './page-assets';
import { fillHead, fillShell, type RenderedBody, withSiteLanguage } from './page-shell';

export interface RenderedPage {
  /** 404 for the watch page of a video the site does not have. */
  status: number;
  html: Buffer;
  sources?: PagePolicySources;
  /** Its head's links follow the request's Host (the API marked the head private): no shared cache keeps it. */
  hostLinks?: boolean;
  /** False when the API marked the policy no-store (or under `npm run dev`): the page is not kept. */
  keep: boolean;
  /** The shell it was made from (its inline scripts are in the page's policy). */
  shell: string;
  /** Its validator, made once (page-response.ts). */
  etag?: string;
}

export interface PageParts {
  /** The shell the page is made from. */
  shell: string;
  /** The API's answers for this page. */
  answers: PageAnswers;
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

  return async ({ shell: shellHtml, answers, body, watch }) => {
    const shell = withSiteLanguage(
      withHeadTags(fillHead(shellHtml, answers.head?.text), watch ? watchHeadTags : ''),
      answers.siteLanguage,
    );
    return {
      status: body?.status ?? 200,
      html: Buffer.from(body ? autoColorScheme(await criticalCss(fillShell(shell, body))) : shell),
      shell: shellHtml,
      sources: answers.sources,
      hostLinks: /\bprivate\b/i.test(answers.head?.cacheControl ?? ''),
      keep: !dev && !/\bno-store\b/i.test(answers.policyCacheControl),
    };
  };
}
