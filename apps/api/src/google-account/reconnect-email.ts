import { escapeHtml } from '@app/contracts/html';
import type { EmailMessage } from '../notifications/email-messages';

/** The e-mail to the owner when Google stopped accepting the site's access to their account. */
export function renderReconnectEmail(input: {
  siteName: string;
  problem: string;
  dashboardUrl: string;
}): EmailMessage {
  const subject = `${input.siteName}: reconnect your Google account for YouTube Analytics`.replace(
    /[\r\n]+/g,
    ' ',
  );
  const text = [
    'The site can no longer read YouTube Analytics for your channel.',
    '',
    input.problem,
    '',
    `Connect again in the dashboard: ${input.dashboardUrl}`,
    '',
    'Everything else on the site keeps working.',
  ].join('\n');
  const html =
    `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
    '<body style="font-family:sans-serif;line-height:1.5;color:#222">' +
    '<p>The site can no longer read YouTube Analytics for your channel.</p>' +
    `<p>${escapeHtml(input.problem)}</p>` +
    `<p><a href="${escapeHtml(input.dashboardUrl)}">Connect again in the dashboard</a></p>` +
    '<p>Everything else on the site keeps working.</p></body></html>';
  return { subject, text, html };
}
