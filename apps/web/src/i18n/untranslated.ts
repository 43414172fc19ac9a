import type { SiteLanguage } from '@app/contracts/site-language';
import { de } from './catalogues/de';
import { type Catalogue, en, type MessageKey } from './catalogues/en';
import { es } from './catalogues/es';
import { fr } from './catalogues/fr';
import { ja } from './catalogues/ja';
import { ptBR } from './catalogues/pt-br';

/** Every translated catalogue (the pseudo-locale is made from English, so it has none). */
export const translations: Record<Exclude<SiteLanguage, 'en' | 'en-XA'>, Catalogue> = {
  es,
  'pt-BR': ptBR,
  fr,
  de,
  ja,
};

/**
 * Texts that read the same as in English on purpose (a loanword, a brand). A key that reads as English and is
 * not listed here counts as untranslated.
 */
const SAME_AS_ENGLISH: Partial<Record<keyof typeof translations, readonly MessageKey[]>> = {
  es: ['filter.shorts', 'shorts.title'],
  'pt-BR': ['nav.playlists', 'nav.menu', 'filter.shorts', 'shorts.title'],
  fr: ['nav.playlists', 'nav.menu', 'nav.sections', 'filter.shorts', 'shorts.title'],
  de: ['nav.videos', 'nav.playlists', 'stats.videos', 'filter.videos', 'filter.shorts', 'shorts.title'],
};

/** The keys of `language` whose text is still the English one, or empty. */
export function untranslatedKeys(language: keyof typeof translations): MessageKey[] {
  const catalogue = translations[language];
  const same = SAME_AS_ENGLISH[language] ?? [];
  return (Object.keys(en) as MessageKey[]).filter(
    (key) => !catalogue[key]?.trim() || (catalogue[key] === en[key] && !same.includes(key)),
  );
}
