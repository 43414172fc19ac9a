/**
 * A language's catalogue, compiled for Lingui's runtime. Each language is a chunk of its own (never all at
 * once); the server compiles the page's catalogue and puts it in the page, so hydration downloads none of this.
 */
import type { SiteLanguage } from '@app/contracts/site-language';
import type { Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Catalogue } from '@app/contracts/i18n/en';
import { isDocumentKey, isServerKey } from '@app/contracts/i18n/keys';
import type { PageMessages } from './i18n';

const loaders: Record<SiteLanguage, () => Promise<Catalogue>> = {
  en: () => import('./languages/en').then((m) => m.en),
  es: () => import('./languages/es').then((m) => m.es),
  'pt-BR': () => import('./languages/pt-br').then((m) => m.ptBR),
  fr: () => import('./languages/fr').then((m) => m.fr),
  de: () => import('./languages/de').then((m) => m.de),
  ja: () => import('./languages/ja').then((m) => m.ja),
  'en-XA': () =>
    Promise.all([import('./languages/en'), import('./languages/pseudo')]).then(([m, p]) =>
      p.pseudoLocalize(m.en),
    ),
};

/**
 * The catalogue's texts the web app uses, compiled (the API's own texts, e-mails and link pages, left out), and
 * with `documents` the texts of the standalone documents too (the server's rendering of a report or the media kit;
 * never handed to an app).
 */
export function compileCatalogue(catalogue: Catalogue, documents = false): Messages {
  return Object.fromEntries(
    Object.entries(catalogue)
      .filter(([key]) => !isServerKey(key) && (documents || !isDocumentKey(key)))
      .map(([key, text]) => [key, compileMessage(text)]),
  );
}

export async function loadCatalogue(locale: SiteLanguage, documents = false): Promise<PageMessages> {
  return { locale, messages: compileCatalogue(await loaders[locale](), documents) };
}
