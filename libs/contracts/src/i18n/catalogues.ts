import type { SiteLanguage } from '../site-language';
import { de } from './de';
import { type Catalogue, en } from './en';
import { es } from './es';
import { fr } from './fr';
import { ja } from './ja';
import { pseudoLocalize } from './pseudo';
import { ptBR } from './pt-br';

export type { Catalogue, MessageKey } from './en';

/** Every translated catalogue (the pseudo-locale is made from English, so it has none). */
export const translations: Record<Exclude<SiteLanguage, 'en' | 'en-XA'>, Catalogue> = {
  es,
  'pt-BR': ptBR,
  fr,
  de,
  ja,
};

let pseudo: Catalogue | undefined;

/**
 * A language's catalogue, all of it at once: for the API (its e-mails and pages) and the scripts. The web app
 * loads one language at a time instead (apps/web/src/i18n/load-catalogue.ts).
 */
export function catalogueOf(language: SiteLanguage): Catalogue {
  if (language === 'en') return en;
  if (language === 'en-XA') return (pseudo ??= pseudoLocalize(en));
  return translations[language];
}
