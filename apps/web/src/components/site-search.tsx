import { t } from '../i18n/i18n';
import { SEARCH_PATH, SEARCH_QUERY_PARAM } from '@app/contracts/page-head';
import { IconSearch } from '@tabler/icons-react';
import classes from './site-search.module.css';

/**
 * The top bar's search: a plain GET form to the search page (`/search?q=`), which works without the app (boot.ts
 * leaves clicks inside `[data-no-app]` to the browser). From 62em it is a field in the bar; below, a search icon
 * that opens into a field over the whole bar while it is focused or holds text (CSS alone), so the bar keeps its
 * layout on a phone.
 */
export function SiteSearch() {
  return (
    <form action={SEARCH_PATH} method="get" role="search" className={classes.search} data-no-app="">
      <div className={classes.field}>
        <input
          type="search"
          name={SEARCH_QUERY_PARAM}
          className={classes.input}
          placeholder={t('nav.searchPlaceholder')}
          aria-label={t('nav.search')}
          autoComplete="off"
          enterKeyHint="search"
          required
        />
        {/* Enter in the field submits: the button is for the pointer, and the keyboard skips it (one stop, not two). */}
        <button
          type="submit"
          className={classes.submit}
          aria-label={t('nav.search')}
          title={t('nav.search')}
          tabIndex={-1}
        >
          <IconSearch size={20} aria-hidden />
        </button>
      </div>
    </form>
  );
}
