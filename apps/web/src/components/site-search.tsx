import { t } from '../i18n/i18n';
import { SEARCH_PATH, SEARCH_QUERY_PARAM } from '@app/contracts/page-head';
import { IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import iconClasses from './icon-button.module.css';
import classes from './site-search.module.css';

/** The as-you-type suggestions: a chunk of their own, fetched when the field is first focused with the app running. */
const SearchSuggestions = lazy(() => import('./search-suggestions'));

/**
 * The top bar's search: a plain GET form to the search page (`/search?q=`), which works without the app (boot.ts
 * leaves clicks inside `[data-no-app]` to the browser). From 62em it is a field in the bar; below, a search icon
 * that opens into a field over the whole bar while it is focused or holds text (CSS alone), so the bar keeps its
 * layout on a phone. Once the app runs, focusing the field loads its as-you-type suggestions (search-suggestions.tsx);
 * before that the plain form is all there is, and all it needs.
 */
export function SiteSearch() {
  const input = useRef<HTMLInputElement>(null);
  const [suggesting, setSuggesting] = useState(false);
  // The field may hold the focus already when the app starts (the visitor was typing): suggestions from then on.
  useEffect(() => {
    if (document.activeElement === input.current) setSuggesting(true);
  }, []);
  return (
    <form action={SEARCH_PATH} method="get" role="search" className={classes.search} data-no-app="">
      <div className={classes.field}>
        <input
          ref={input}
          onFocus={() => setSuggesting(true)}
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
          className={`${iconClasses.iconButton} ${classes.submit}`}
          aria-label={t('nav.search')}
          title={t('nav.search')}
          tabIndex={-1}
        >
          <IconSearch size={20} aria-hidden />
        </button>
        {suggesting && (
          <Suspense fallback={null}>
            <SearchSuggestions input={input} />
          </Suspense>
        )}
      </div>
    </form>
  );
}
