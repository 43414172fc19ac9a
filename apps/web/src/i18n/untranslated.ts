import { translations } from '@app/contracts/i18n/catalogues';
import { en, type MessageKey } from '@app/contracts/i18n/en';

export { translations };

/**
 * Texts that read the same as in English on purpose (a loanword, a brand). A key that reads as English and is
 * not listed here counts as untranslated.
 */
const SAME_AS_ENGLISH: Partial<Record<keyof typeof translations, readonly MessageKey[]>> = {
  es: ['filter.shorts', 'shorts.title', 'figure.percent'],
  'pt-BR': ['nav.playlists', 'nav.menu', 'filter.shorts', 'shorts.title', 'figure.percent'],
  fr: [
    'nav.playlists',
    'nav.menu',
    'nav.sections',
    'filter.shorts',
    'shorts.title',
    'figure.percent',
    'search.suggestions',
  ],
  de: [
    'nav.videos',
    'nav.playlists',
    'stats.videos',
    'filter.videos',
    'filter.shorts',
    'shorts.title',
    'figure.percent',
  ],
};

/** The keys of `language` whose text is still the English one, or empty. */
export function untranslatedKeys(language: keyof typeof translations): MessageKey[] {
  const catalogue = translations[language];
  const same = SAME_AS_ENGLISH[language] ?? [];
  return (Object.keys(en) as MessageKey[]).filter(
    (key) => !catalogue[key]?.trim() || (catalogue[key] === en[key] && !same.includes(key)),
  );
}
