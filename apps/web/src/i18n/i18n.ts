/**
 * The public site's texts in the site's language (issue 26; docs/i18n.md), through Lingui's runtime. One
 * instance for the page: the browser shows one language per load, and the server activates the page's
 * language right before its synchronous `renderToString`, so no other rendering can come between.
 * Catalogues reach it compiled (`load-catalogue.ts`), so the browser downloads no message parser.
 */
import { DEFAULT_SITE_LANGUAGE, type SiteLanguage } from '@app/contracts/site-language';
import { i18n, type Messages } from '@lingui/core';
import type { MessageKey } from '@app/contracts/i18n/en';

export type { MessageKey };

export interface PageMessages {
  locale: SiteLanguage;
  messages: Messages;
}

/** Makes `locale` with its compiled `messages` the page's language. */
export function activateMessages({ locale, messages }: PageMessages): void {
  i18n.loadAndActivate({ locale, messages });
}

/** The page's language (English until a catalogue is activated). */
export function currentLanguage(): SiteLanguage {
  return (i18n.locale || DEFAULT_SITE_LANGUAGE) as SiteLanguage;
}

/** The `Intl` locale of the page's language: the pseudo-locale formats as English. */
export function intlLocale(language: SiteLanguage = currentLanguage()): string {
  return language === 'en-XA' ? 'en' : language;
}

/** A text of the catalogue, with its `{placeholders}` filled. */
export function t(key: MessageKey, values?: Record<string, string | number>): string {
  return i18n._(key, values);
}
