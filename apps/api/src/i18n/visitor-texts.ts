/**
 * The texts the API writes for visitors (the newsletter's e-mails and the pages of its links) in the site's
 * language (issue 26): the same catalogues as the web app (`libs/contracts/src/i18n/`), ICU MessageFormat
 * formatted by Lingui's runtime. Each language is compiled once per process.
 */
import { catalogueOf, type MessageKey } from '@app/contracts/i18n/catalogues';
import type { SiteLanguage } from '@app/contracts/site-language';
import { type I18n, setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';

/** A text of the catalogue with its `{placeholders}` filled (values as given: escape them for HTML). */
export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

const instances = new Map<SiteLanguage, I18n>();

function instanceOf(language: SiteLanguage): I18n {
  let i18n = instances.get(language);
  if (!i18n) {
    const messages = Object.fromEntries(
      Object.entries(catalogueOf(language)).map(([key, text]) => [key, compileMessage(text)]),
    );
    i18n = setupI18n({ locale: language, messages: { [language]: messages } });
    instances.set(language, i18n);
  }
  return i18n;
}

/** The texts of `language`, with the page's `lang`. */
export function visitorTexts(language: SiteLanguage): { lang: SiteLanguage; t: Translate } {
  const i18n = instanceOf(language);
  return { lang: language, t: (key, values) => i18n._(key, values) };
}
