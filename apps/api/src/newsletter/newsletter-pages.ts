/**
 * What the newsletter's signed links show in a browser (issue 25), and the confirmation e-mail: plain HTML
 * without script or style (the API's Content-Security-Policy allows neither), every value escaped.
 */
import { escapeHtml } from '@app/contracts/html';
import type { EmailMessage } from '../notifications/email-messages';
import { CONFIRM_LINK_TTL_MS } from './newsletter-links';

const CONFIRM_HOURS = CONFIRM_LINK_TTL_MS / 3_600_000;

export interface NewsletterPage {
  status: number;
  /** The page's heading: the answer in a few words (the JSON error's message for a client asking JSON). */
  title: string;
  html: string;
}

function page(status: number, title: string, body: string): NewsletterPage {
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
    `<title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}` +
    `<p><a href="/">Back to the site</a></p></main></body></html>`;
  return { status, title, html };
}

const p = (text: string) => `<p>${escapeHtml(text)}</p>`;

export const NEWSLETTER_PAGES = {
  confirmed: (email: string) =>
    page(
      200,
      'Subscription confirmed',
      p(`Thank you: ${email} is on the newsletter list.`) +
        p('Every e-mail carries a link to unsubscribe at any time.'),
    ),
  invalid: () =>
    page(
      400,
      'This link does not work',
      p('It may have been cut short: open the whole link from the e-mail, or sign up again on the site.'),
    ),
  expired: (purpose: 'confirm' | 'unsubscribe') =>
    page(
      400,
      'This link has expired',
      purpose === 'confirm'
        ? p(
            `A confirmation link works for ${CONFIRM_HOURS} hours. Sign up again on the site to get a new one.`,
          )
        : p('Use the unsubscribe link of a newer e-mail, or write to the site’s contact address.'),
    ),
  /** The unsubscribe link's GET: a button, so a mail scanner that opens links unsubscribes nobody. */
  askUnsubscribe: (email: string) =>
    page(
      200,
      'Unsubscribe from the newsletter?',
      p(`${email} will be removed from the list.`) +
        `<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click">` +
        `<button type="submit">Unsubscribe</button></form>`,
    ),
  unsubscribed: (email: string) =>
    page(200, 'You are unsubscribed', p(`${email} is no longer on the newsletter list.`)),
} as const;

/** The double opt-in e-mail of a local sign-up. */
export function renderConfirmationEmail(siteName: string, confirmUrl: string): EmailMessage {
  const subject = `Confirm your subscription to ${siteName}`.replace(/[\r\n\t]+/g, ' ');
  const text = [
    `Someone (we hope you) signed this address up for the ${siteName} newsletter.`,
    '',
    `Confirm: ${confirmUrl}`,
    '',
    `The link works for ${CONFIRM_HOURS} hours. If you did not sign up, ignore this e-mail: the address is deleted then.`,
  ].join('\n');
  const html =
    `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="font-family:sans-serif;line-height:1.5;color:#222">` +
    `<p>Someone (we hope you) signed this address up for the ${escapeHtml(siteName)} newsletter.</p>` +
    `<p><a href="${escapeHtml(confirmUrl)}">Confirm your subscription</a></p>` +
    `<p>The link works for ${CONFIRM_HOURS} hours. If you did not sign up, ignore this e-mail: the address is deleted then.</p>` +
    `</body></html>`;
  return { subject, text, html };
}

/** Every e-mail to a subscriber ends with its unsubscribe link (the headers carry it too). */
export function withUnsubscribeFooter(message: EmailMessage, unsubscribeUrl: string): EmailMessage {
  const link = `<p style="font-size:12px;color:#666"><a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a> at any time.</p>`;
  return {
    subject: message.subject,
    text: `${message.text}\n\nUnsubscribe at any time: ${unsubscribeUrl}`,
    html: message.html.includes('</body>')
      ? message.html.replace('</body>', `${link}</body>`)
      : message.html + link,
  };
}
