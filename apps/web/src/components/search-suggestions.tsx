import type { SearchResponse, SearchResult } from '@app/contracts';
import { apiPaths } from '@app/contracts/api-paths';
import { formatTimestamp } from '@app/contracts/chapters';
import { watchPath, watchPathAt } from '@app/contracts/watch';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useId, useMemo, useState, type RefObject } from 'react';
import { SearchSnippet } from './search-snippet';
import { t } from '../i18n/i18n';
import { apiUrl } from '../lib/api-client';
import classes from './site-search.module.css';

/** How many suggestions the field shows, and after how long a pause in typing it asks for them. */
export const SUGGESTIONS = 5;
export const SUGGEST_DELAY_MS = 200;
/** The shortest query suggestions are asked for (prefix matching makes one letter match too much). */
const MIN_QUERY = 2;

/** Where a suggestion leads: its watch page, at its best moment when its best match is a chapter or a cue. */
export function suggestionHref(result: SearchResult): string {
  const moment = result.match === 'chapter' || result.match === 'transcript' ? result.moments[0] : undefined;
  return moment ? watchPathAt(result.video.id, moment.at) : watchPath(result.video.id);
}

async function suggest(q: string, signal: AbortSignal): Promise<SearchResult[]> {
  const params = new URLSearchParams({ q, limit: String(SUGGESTIONS) });
  const res = await fetch(apiUrl(`${apiPaths.search}?${params.toString()}`), { signal });
  if (!res.ok) return [];
  return ((await res.json()) as SearchResponse).results;
}

/**
 * The top bar's as-you-type suggestions (a chunk of its own, loaded when the field is first focused once the app
 * runs): the field becomes a combobox over a listbox of up to {@link SUGGESTIONS} videos, asked from
 * `GET /api/search?q=&limit=5` after a pause in typing. Arrow keys move through them, Enter on one opens its watch
 * page (at its moment), Enter otherwise submits the form to the search page, Escape closes the list.
 */
export default function SearchSuggestions({ input }: { input: RefObject<HTMLInputElement | null> }) {
  const listId = useId();
  const [query, setQuery] = useState(() => input.current?.value.trim() ?? '');
  const [debounced] = useDebouncedValue(query, SUGGEST_DELAY_MS);
  const [results, setResults] = useState<{ q: string; items: SearchResult[] }>({ q: '', items: [] });
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(true);

  useEffect(() => {
    if (debounced.length < MIN_QUERY) return setResults({ q: debounced, items: [] });
    const controller = new AbortController();
    suggest(debounced, controller.signal).then(
      (items) => {
        setResults({ q: debounced, items });
        setActive(-1);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [debounced]);

  const items = useMemo(() => (query.length >= MIN_QUERY ? results.items : []), [query, results]);
  const shown = open && items.length > 0;

  useEffect(() => {
    const field = input.current;
    if (!field) return;
    field.setAttribute('role', 'combobox');
    field.setAttribute('aria-autocomplete', 'list');
    field.setAttribute('aria-controls', listId);
    field.setAttribute('aria-expanded', String(shown));
    if (shown && active >= 0) field.setAttribute('aria-activedescendant', `${listId}-${active}`);
    else field.removeAttribute('aria-activedescendant');
  }, [input, listId, shown, active]);

  useEffect(() => {
    const field = input.current;
    if (!field) return;
    const onInput = () => {
      setQuery(field.value.trim());
      setOpen(true);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') return setOpen(false);
      if (!shown) return;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        // Down from the last one, or up from the first, goes back to the field (-1).
        if (event.key === 'ArrowDown') setActive((i) => (i >= items.length - 1 ? -1 : i + 1));
        else setActive((i) => (i <= -1 ? items.length - 1 : i - 1));
      } else if (event.key === 'Enter' && active >= 0 && items[active]) {
        // The chosen video; without a choice, Enter submits the form to the search page.
        event.preventDefault();
        window.location.assign(suggestionHref(items[active]));
      }
    };
    const onBlur = () => setOpen(false);
    const onFocus = () => setOpen(true);
    // What was typed while this chunk loaded (before the listener was there) counts too.
    if (field.value.trim() !== query) onInput();
    field.addEventListener('input', onInput);
    field.addEventListener('keydown', onKey);
    field.addEventListener('blur', onBlur);
    field.addEventListener('focus', onFocus);
    return () => {
      field.removeEventListener('input', onInput);
      field.removeEventListener('keydown', onKey);
      field.removeEventListener('blur', onBlur);
      field.removeEventListener('focus', onFocus);
    };
  }, [input, shown, items, active, query]);

  return (
    <ul
      id={listId}
      role="listbox"
      aria-label={t('search.suggestions')}
      className={classes.suggestions}
      hidden={!shown}
    >
      {shown &&
        items.map((result, i) => {
          const moment =
            result.match === 'chapter' || result.match === 'transcript' ? result.moments[0] : undefined;
          return (
            <li
              key={result.video.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={classes.suggestion}
              // Keeps the focus in the field (its blur would close the list before the click lands).
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => window.location.assign(suggestionHref(result))}
            >
              <span className={classes.suggestionTitle}>{result.video.title}</span>
              <span className={classes.suggestionSnippet}>
                {moment && <strong>{t('search.at', { time: formatTimestamp(moment.at) })} </strong>}
                <SearchSnippet parts={moment ? moment.snippet : result.snippet} />
              </span>
            </li>
          );
        })}
    </ul>
  );
}
