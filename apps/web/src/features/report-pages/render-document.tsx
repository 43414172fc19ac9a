import type { PageModel } from '@app/contracts/page-model';
import { sponsorReportTokenFromPath } from '@app/contracts/report-pages';
import { renderToStaticMarkup } from 'react-dom/server';
import { activateMessages, t, type PageMessages } from '../../i18n/i18n';
import { MediaKitDocument } from './media-kit-document';
import { ReportGoneDocument, SponsorReportDocument } from './sponsor-report-document';
import { StandaloneDocument } from './standalone-document';

/** A standalone document as the web server sends it (report-pages.ts). */
export interface RenderedDocument {
  status: 200 | 404 | 410;
  /** The whole HTML document, doctype included. */
  html: string;
  /** Whether it may be indexed: never a report, never a preview. */
  noindex: boolean;
}

/**
 * Renders a sponsor report or the media kit from its page model, in `messages`' language (compiled with the
 * documents' texts), or null for any other kind of page. Synchronous after the activation, as the entry's
 * `render` is: no other rendering can come between.
 */
export function renderDocument(model: PageModel, messages: PageMessages): RenderedDocument | null {
  if (model.kind !== 'sponsor-report' && model.kind !== 'media-kit') return null;
  activateMessages(messages);
  const lang = model.settings.siteLanguage;
  let title: string;
  let body;
  if (model.kind === 'media-kit') {
    title = t('mediaKit.documentTitle', { channel: model.data.channel.title });
    body = <MediaKitDocument kit={model.data} />;
  } else if (model.data.report) {
    const { report } = model.data;
    title = t('report.documentTitle', { sponsor: report.sponsorName, site: report.siteName });
    body = <SponsorReportDocument report={report} token={sponsorReportTokenFromPath(model.path) ?? ''} />;
  } else {
    const status = model.status === 410 ? 410 : 404;
    title = t(status === 410 ? 'report.gone.title' : 'report.notFound.title');
    body = <ReportGoneDocument status={status} />;
  }
  const noindex = model.kind === 'sponsor-report' || model.data.preview;
  const html = renderToStaticMarkup(
    <StandaloneDocument lang={lang} title={title} noindex={noindex}>
      {body}
    </StandaloneDocument>,
  );
  return { status: model.status, html: `<!doctype html>${html}`, noindex };
}
