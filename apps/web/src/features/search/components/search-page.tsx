import type { SearchMoment, SearchResult } from '@app/contracts';
import { formatTimestamp } from '@app/contracts/chapters';
import { SEARCH_PATH, SEARCH_QUERY_PARAM } from '@app/contracts/page-head';
import { SEARCH_PAGE_RESULTS, type SearchPageData, searchPagePath } from '@app/contracts/search-page';
import { SEARCH_QUERY_MAX_LENGTH } from '@app/contracts/limits';
import { watchPath, watchPathAt } from '@app/contracts/watch';
import { Container } from '@mantine/core';
import { VideoThumbnail } from '../../../components/video-thumbnail';
import { t } from '../../../i18n/i18n';
import { formatCount, formatRelativeDate } from '../../../lib/format';
import { IMAGE_SIZES } from '../../../lib/image-sizes';
import { useRenderTime } from '../../../lib/render-time';
import { useSearchPage } from '../api/get-search-page';
import { SearchSnippet } from '../../../components/search-snippet';
import classes from './search-page.module.css';

/** "at 12:34", a link to the watch page opened at that moment. */
function Moment({ videoId, moment }: { videoId: string; moment: SearchMoment }) {
  return (
    <li>
      <a href={watchPathAt(videoId, moment.at)} className={classes.moment}>
        {t('search.at', { time: formatTimestamp(moment.at) })}
      </a>{' '}
      <span className={classes.snippet}>
        <SearchSnippet parts={moment.snippet} />
      </span>
    </li>
  );
}

/** One video: its thumbnail and title (its watch page), its best match's snippet and its moments. */
function Result({ result, now }: { result: SearchResult; now: number }) {
  const { video } = result;
  const moments = result.moments;
  // A title match marks the title itself; a chapter's or a cue's snippet is its moment's (not repeated).
  const snippet = result.match === 'description' ? result.snippet : null;
  const title =
    result.match === 'title' && result.snippet.map((part) => part.text).join('') === video.title
      ? result.snippet
      : null;
  return (
    <li className={classes.result}>
      <a href={watchPath(video.id)} className={classes.thumbLink} tabIndex={-1} aria-hidden>
        <VideoThumbnail
          image={video.image}
          alt=""
          className={classes.thumb}
          sizes={IMAGE_SIZES.related}
          loading="lazy"
          decoding="async"
        />
      </a>
      <div className={classes.body}>
        <h2 className={classes.title}>
          <a href={watchPath(video.id)}>{title ? <SearchSnippet parts={title} /> : video.title}</a>
        </h2>
        <p className={classes.meta}>
          {video.viewCount !== null && `${t('video.views', { count: formatCount(video.viewCount) })} • `}
          {formatRelativeDate(video.publishedAt, now)}
        </p>
        {snippet && snippet.length > 0 && (
          <p className={classes.snippet}>
            <SearchSnippet parts={snippet} />
          </p>
        )}
        {moments.length > 0 && (
          <ul className={classes.moments}>
            {moments.map((moment) => (
              <Moment key={`${moment.kind} ${moment.at}`} videoId={video.id} moment={moment} />
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}

/** Links to the previous and next pages of results: plain links, which need no app. */
function Paging({ data }: { data: SearchPageData }) {
  const previous = data.offset > 0 ? Math.max(0, data.offset - SEARCH_PAGE_RESULTS) : null;
  const next = data.offset + data.results.length < data.total ? data.offset + SEARCH_PAGE_RESULTS : null;
  if (previous === null && next === null) return null;
  return (
    <nav className={classes.paging} aria-label={t('search.pages')}>
      {previous !== null && (
        <a href={searchPagePath(data.q, previous)} rel="prev">
          {t('search.previous')}
        </a>
      )}
      {next !== null && (
        <a href={searchPagePath(data.q, next)} rel="next">
          {t('search.next')}
        </a>
      )}
    </nav>
  );
}

/** What the search found, or why there is nothing to show. */
function Answer({ data }: { data: SearchPageData }) {
  const now = useRenderTime();
  if (data.error === 'too-long')
    return (
      <p className={classes.status} role="alert">
        {t('search.tooLong', { max: SEARCH_QUERY_MAX_LENGTH })}
      </p>
    );
  if (!data.q) return <p className={classes.status}>{t('search.empty')}</p>;
  if (data.total === 0 || data.results.length === 0)
    return <p className={classes.status}>{t('search.none', { query: data.q })}</p>;
  const from = data.offset + 1;
  const to = data.offset + data.results.length;
  return (
    <>
      <p className={classes.status}>
        {t('search.count', { count: data.total, query: data.q })}
        {data.total > data.results.length && ` · ${t('search.range', { from, to })}`}
      </p>
      <ol className={classes.results}>
        {data.results.map((result) => (
          <Result key={result.video.id} result={result} now={now} />
        ))}
      </ol>
      <Paging data={data} />
    </>
  );
}

/**
 * The search page (`/search?q=`): a form with the query, and its results as plain links (the server renders it
 * whole; no app is needed to read or follow them).
 */
export function SearchPage({ q, offset }: { q: string; offset: number }) {
  const { data } = useSearchPage(q, offset);
  return (
    <Container size="md" className={classes.root}>
      <h1 className={classes.heading}>{t('search.heading')}</h1>
      <form action={SEARCH_PATH} method="get" className={classes.form} data-no-app="">
        <input
          type="search"
          name={SEARCH_QUERY_PARAM}
          defaultValue={q}
          className={classes.input}
          aria-label={t('nav.search')}
          placeholder={t('nav.searchPlaceholder')}
          enterKeyHint="search"
          required
        />
        <button type="submit" className={classes.submit}>
          {t('nav.search')}
        </button>
      </form>
      {data && <Answer data={data} />}
    </Container>
  );
}
