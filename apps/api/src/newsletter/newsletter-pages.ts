/**
 * What the newsletter's signed links show in a browser (issue 25), and the e-mails to subscribers, in the site's
 * language (issue 26; the texts: `libs/contracts/src/i18n/`): plain HTML without script or style (the API's
 * Content-Security-Policy allows neither), every value escaped.
 */
import { escapeHtml } from '@app/contracts/html';
import { DEFAULT_SITE_LANGUAGE, type SiteLanguage } from '@app/contracts/site-language';
import { type Translate, visitorTexts } from '../i18n/visitor-texts';
import type { EmailMessage } from '../notifications/email-messages';
import { CONFIRM_LINK_TTL_MS } from './newsletter-links';

const CONFIRM_HOURS = CONFIRM_LINK_TTL_MS / 3_600_000;

export interface NewsletterPage {
  status: number;
  /** The page's heading: the answer in a few words, in the site's language. */
  title: string;
  /** The same in English: the JSON error's message for a client asking JSON (an API answer, not a page). */
  apiTitle: string;
  html: string;
}

type PageKind = 'confirmed' | 'invalid' | 'expired' | 'askUnsubscribe' | 'unsubscribed';

const TITLES = {
  confirmed: 'linkPage.confirmed.title',
  invalid: 'linkPage.invalid.title',
  expired: 'linkPage.expired.title',
  askUnsubscribe: 'linkPage.ask.title',
  unsubscribed: 'linkPage.unsubscribed.title',
} as const satisfies Record<PageKind, string>;

const english = visitorTexts(DEFAULT_SITE_LANGUAGE).t;

function page(language: SiteLanguage, status: number, kind: PageKind, body: (t: Translate) => string) {
  const { lang, t } = visitorTexts(language);
  const title = t(TITLES[kind]);
  const html =
    `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
    `<title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body(t)}` +
    `<p><a href="/">${escapeHtml(t('linkPage.back'))}</a></p></main></body></html>`;
  return { status, title, apiTitle: english(TITLES[kind]), html } satisfies NewsletterPage;
}

const p = (text: string) => `<p>${escapeHtml(text)}</p>`;

/** The pages of the signed links, in `language` (the site's). */
export const NEWSLETTER_PAGES = {
  confirmed: (language: SiteLanguage, email: string) =>
    page(
      language,
      200,
      'confirmed',
      (t) => p(t('linkPage.confirmed.text', { email })) + p(t('linkPage.confirmed.note')),
    ),
  invalid: (language: SiteLanguage) => page(language, 400, 'invalid', (t) => p(t('linkPage.invalid.text'))),
  expired: (language: SiteLanguage, purpose: 'confirm' | 'unsubscribe') =>
    page(language, 400, 'expired', (t) =>
      purpose === 'confirm'
        ? p(t('linkPage.expired.confirm', { hours: CONFIRM_HOURS }))
        : p(t('linkPage.expired.unsubscribe')),
    ),
  /** The unsubscribe link's GET: a button, so a mail scanner that opens links unsubscribes nobody. */
  askUnsubscribe: (language: SiteLanguage, email: string) =>
    page(
      language,
      200,
      'askUnsubscribe',
      (t) =>
        p(t('linkPage.ask.text', { email })) +
        `<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click">` +
        `<button type="submit">${escapeHtml(t('linkPage.ask.button'))}</button></form>`,
    ),
  unsubscribed: (language: SiteLanguage, email: string) =>
    page(language, 200, 'unsubscribed', (t) => p(t('linkPage.unsubscribed.text', { email }))),
} as const;

/** A subject line: one line, whatever the site's name holds. */
const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, ' ');

/** The double opt-in e-mail of a local sign-up, in `language` (the site's). */
export function renderConfirmationEmail(
  siteName: string,
  confirmUrl: string,
  language: SiteLanguage = DEFAULT_SITE_LANGUAGE,
): EmailMessage {
  const { lang, t } = visitorTexts(language);
  const subject = oneLine(t('email.confirm.subject', { siteName }));
  const intro = t('email.confirm.intro', { siteName });
  const expiry = t('email.confirm.expiry', { hours: CONFIRM_HOURS });
  const text = [intro, '', t('email.confirm.textLink', { url: confirmUrl }), '', expiry].join('\n');
  const html =
    `<!doctype html><html${language === DEFAULT_SITE_LANGUAGE ? '' : ` lang="${escapeHtml(lang)}"`}><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="font-family:sans-serif;line-height:1.5;color:#222">` +
    `<p>${escapeHtml(intro)}</p>` +
    `<p><a href="${escapeHtml(confirmUrl)}">${escapeHtml(t('email.confirm.link'))}</a></p>` +
    `<p>${escapeHtml(expiry)}</p>` +
    `</body></html>`;
  return { subject, text, html };
}

/** Where the link goes in the footer's sentence, before the sentence is escaped. */
const LINK_MARK = '\u0000link\u0000';

/**
 * Every e-mail to a subscriber ends with its unsubscribe link (the headers carry it too), in `language` (the
 * site's).
 */
export function withUnsubscribeFooter(
  message: EmailMessage,
  unsubscribeUrl: string,
  language: SiteLanguage = DEFAULT_SITE_LANGUAGE,
): EmailMessage {
  const { t } = visitorTexts(language);
  const anchor = `<a href="${escapeHtml(unsubscribeUrl)}">${escapeHtml(t('email.unsubscribe.link'))}</a>`;
  const sentence = escapeHtml(t('email.unsubscribe.footer', { link: LINK_MARK })).replace(LINK_MARK, anchor);
  const link = `<p style="font-size:12px;color:#666">${sentence}</p>`;
  return {
    subject: message.subject,
    text: `${message.text}\n\n${t('email.unsubscribe.text', { url: unsubscribeUrl })}`,
    html: message.html.includes('</body>')
      ? message.html.replace('</body>', `${link}</body>`)
      : message.html + link,
  };
}
