/**
 * A language's catalogue, compiled for Lingui's runtime. Each language is a chunk of its own (never all at
 * once); the server compiles the page's catalogue and puts it in the page, so hydration downloads none of this.
 */
import type { SiteLanguage } from '@app/contracts/site-language';
import type { Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Catalogue } from './catalogues/en';
import type { PageMessages } from './i18n';

const loaders: Record<SiteLanguage, () => Promise<Catalogue>> = {
  en: () => import('./catalogues/en').then((m) => m.en),
  es: () => import('./catalogues/es').then((m) => m.es),
  'pt-BR': () => import('./catalogues/pt-br').then((m) => m.ptBR),
  fr: () => import('./catalogues/fr').then((m) => m.fr),
  de: () => import('./catalogues/de').then((m) => m.de),
  ja: () => import('./catalogues/ja').then((m) => m.ja),
  'en-XA': () =>
    Promise.all([import('./catalogues/en'), import('./pseudo')]).then(([m, p]) => p.pseudoLocalize(m.en)),
};

export function compileCatalogue(catalogue: Catalogue): Messages {
  return Object.fromEntries(Object.entries(catalogue).map(([key, text]) => [key, compileMessage(text)]));
}

export async function loadCatalogue(locale: SiteLanguage): Promise<PageMessages> {
  return { locale, messages: compileCatalogue(await loaders[locale]()) };
}
