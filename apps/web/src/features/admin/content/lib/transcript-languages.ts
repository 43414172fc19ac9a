import { selectableSiteLanguages } from '@app/contracts/site-language';

/**
 * The languages the dashboard offers for an uploaded transcript: the site's own languages, then the most spoken
 * others. The API takes any BCP 47 tag; this is the list to pick from.
 */
const OTHER_LANGUAGES = [
  'ar',
  'bn',
  'zh-Hans',
  'zh-Hant',
  'nl',
  'en-GB',
  'es-419',
  'hi',
  'id',
  'it',
  'ko',
  'pl',
  'pt-PT',
  'ru',
  'sv',
  'th',
  'tr',
  'uk',
  'vi',
];

const names = new Intl.DisplayNames(['en'], { type: 'language' });

/** A language's English name and tag (`Portuguese (Brazil) · pt-BR`); the tag alone when Intl has no name. */
export function languageName(tag: string): string {
  let name: string | undefined;
  try {
    name = names.of(tag);
  } catch {
    name = undefined;
  }
  return name && name !== tag ? `${name} · ${tag}` : tag;
}

/** The language select's options. */
export const transcriptLanguageOptions = [...selectableSiteLanguages, ...OTHER_LANGUAGES].map((tag) => ({
  value: tag,
  label: languageName(tag),
}));
