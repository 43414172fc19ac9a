/**
 * Lists the keys each language has not translated yet (its text is missing, empty or still the English one).
 *
 *   npm run i18n:untranslated      (exits 1 when there is any)
 */
import { translations, untranslatedKeys } from './untranslated';

let missing = 0;
for (const language of Object.keys(translations) as (keyof typeof translations)[]) {
  const keys = untranslatedKeys(language);
  missing += keys.length;
  // eslint-disable-next-line no-console
  console.log(`${language}: ${keys.length ? keys.join(', ') : 'all translated'}`);
}
process.exitCode = missing ? 1 : 0;
