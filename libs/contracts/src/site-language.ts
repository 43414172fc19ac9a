/**
 * The languages of the public site (issue 26): the `siteLanguage` setting's values, as BCP 47 tags (what
 * `<html lang>`, `Intl` and RSS `<language>` take), with each one's name in itself for the dashboard's select
 * and its `og:locale`. `en-XA` is the pseudo-locale (English with accents and a third more length) for
 * checking that nothing overflows; the dashboard does not offer it, the API accepts it.
 */
export const siteLanguages = ['en', 'es', 'pt-BR', 'fr', 'de', 'ja', 'en-XA'] as const;
export type SiteLanguage = (typeof siteLanguages)[number];

export const PSEUDO_LANGUAGE = 'en-XA' satisfies SiteLanguage;
export const DEFAULT_SITE_LANGUAGE = 'en' satisfies SiteLanguage;

export const siteLanguageInfo = {
  en: { name: 'English', ogLocale: 'en_US' },
  es: { name: 'Español', ogLocale: 'es_ES' },
  'pt-BR': { name: 'Português (Brasil)', ogLocale: 'pt_BR' },
  fr: { name: 'Français', ogLocale: 'fr_FR' },
  de: { name: 'Deutsch', ogLocale: 'de_DE' },
  ja: { name: '日本語', ogLocale: 'ja_JP' },
  'en-XA': { name: 'Pseudo-locale (layout checks)', ogLocale: 'en_US' },
} as const satisfies Record<SiteLanguage, { name: string; ogLocale: string }>;

/** What the dashboard offers: every language but the pseudo-locale. */
export const selectableSiteLanguages = siteLanguages.filter((l) => l !== PSEUDO_LANGUAGE);

export function isSiteLanguage(value: unknown): value is SiteLanguage {
  return typeof value === 'string' && (siteLanguages as readonly string[]).includes(value);
}
