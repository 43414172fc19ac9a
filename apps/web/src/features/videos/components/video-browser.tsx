import { t } from '../../../i18n/i18n';
import '@mantine/core/styles/Input.css';
import type { VideoSort } from '@app/contracts';
import { Button, CloseButton, NativeSelect, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { defaultRangeExtractor, useWindowVirtualizer, windowScroll } from '@tanstack/react-virtual';
import {
  type RefObject,
  startTransition,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { formatFullCount } from '../../../lib/format';
import { videoSearchQueryOptions, type VideoPage } from '../api/get-videos';
import { VideoCard, VideoCardSkeleton } from './video-card';
import { columnsFor, type GridColumns, type PlaybackProps } from './video-grid';
import classes from './video-grid.module.css';

/** Videos fetched per request while scrolling through all of them. */
export const BROWSE_PAGE_SIZE = 60;
const SEARCH_DEBOUNCE_MS = 250;

const SORTS: readonly VideoSort[] = ['recent', 'popular', 'oldest'];

/**
 * The grid's own scrolls, instantly. When a row above the screen is first drawn, the grid scrolls by what it differs
 * from its estimate, so the rows on the screen stay put; the site scrolls smoothly (`scroll-behavior: smooth`), which
 * slid the page by that difference after the rows had moved instead.
 */
const scrollInstantly: typeof windowScroll = (offset, options, instance) =>
  windowScroll(
    offset,
    { ...options, behavior: options.behavior === 'smooth' ? 'smooth' : 'instant' },
    instance,
  );

const BREAKPOINTS = ['(min-width: 36em)', '(min-width: 62em)', '(min-width: 75em)'];

function subscribeToBreakpoints(onChange: () => void): () => void {
  const queries = BREAKPOINTS.map((q) => window.matchMedia(q));
  queries.forEach((q) => q.addEventListener('change', onChange));
  return () => queries.forEach((q) => q.removeEventListener('change', onChange));
}

function useColumns(setting: GridColumns): number {
  return useSyncExternalStore(
    subscribeToBreakpoints,
    () => columnsFor(setting, (q) => window.matchMedia(q).matches),
    () => 1,
  );
}

/** Width of an element, kept up to date. */
function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => setWidth(entry.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/**
 * Where an element starts on the page. It moves whenever something above it changes size
 * (images, the sections above loading), so it is measured after every render and on resize.
 */
function useOffsetTop(ref: RefObject<HTMLElement | null>): number {
  const [top, setTop] = useState(0);
  const measure = useRef(() => {});
  measure.current = () => {
    if (ref.current) setTop(Math.round(ref.current.getBoundingClientRect().top + window.scrollY));
  };
  useLayoutEffect(() => measure.current());
  useEffect(() => {
    const observer = new ResizeObserver(() => measure.current());
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);
  return top;
}

interface VideoBrowserProps extends PlaybackProps {
  columns: GridColumns;
  /** The latest 20, already loaded: the first page of the default view. */
  initial: VideoPage;
  /** The filter's kinds (`kind` of the API), chosen above the grid. */
  kind?: string;
}

/**
 * View All: every video with search and sort. Pages come from the API as the visitor scrolls
 * and only the rows near the viewport are in the DOM, so 10,000 videos scroll and search as
 * smoothly as 20.
 */
export function VideoBrowser({ columns, playingId, onPlay, now, initial, kind }: VideoBrowserProps) {
  const [input, setInput] = useState('');
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<VideoSort>('recent');

  useEffect(() => {
    const timer = setTimeout(() => startTransition(() => setQuery(input.trim())), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input]);

  const isDefaultView = query === '' && sort === 'recent' && initial.kind === kind;
  const result = useInfiniteQuery({
    ...videoSearchQueryOptions(query, sort, BROWSE_PAGE_SIZE, kind),
    initialData: isDefaultView ? { pages: [initial], pageParams: [0] } : undefined,
    placeholderData: keepPreviousData,
  });
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage, isPlaceholderData, isError } = result;
  const videos = useMemo(() => data?.pages.flatMap((page) => page.videos) ?? [], [data]);
  const total = data?.pages[0]?.total ?? 0;

  const cols = useColumns(columns);
  const listRef = useRef<HTMLDivElement>(null);
  const width = useWidth(listRef);
  const scrollMargin = useOffsetTop(listRef);

  const rowCount = Math.ceil(videos.length / cols) + (hasNextPage ? 1 : 0);
  const playingIndex = playingId ? videos.findIndex((v) => v.id === playingId) : -1;
  const playingRow = playingIndex >= 0 ? Math.floor(playingIndex / cols) : -1;
  const gap = 16;
  const cardWidth = width > 0 ? (width - gap * (cols - 1)) / cols : 320;

  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => Math.round((cardWidth * 9) / 16) + 110,
    overscan: 1,
    scrollMargin,
    scrollToFn: scrollInstantly,
    // The playing card's row stays mounted, so scrolling away does not stop its video.
    rangeExtractor: (range) => {
      const rows = defaultRangeExtractor(range);
      if (playingRow >= 0 && playingRow < range.count && !rows.includes(playingRow)) {
        rows.push(playingRow);
        rows.sort((a, b) => a - b);
      }
      return rows;
    },
  });

  useEffect(() => {
    virtualizer.measure();
  }, [virtualizer, cols, cardWidth]);

  const rows = virtualizer.getVirtualItems();
  const lastRow = rows.length > 0 ? rows[rows.length - 1].index : -1;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastRow >= rowCount - 2) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, lastRow, rowCount, fetchNextPage]);

  const clear = () => {
    setInput('');
    setQuery('');
  };

  const noMatch = !isPlaceholderData && !!data && total === 0 && query !== '';

  return (
    <div data-testid="video-browser">
      <div className={classes.toolbar} role="search">
        <TextInput
          className={classes.search}
          label={t('browse.search')}
          placeholder={t('browse.searchPlaceholder')}
          value={input}
          onChange={(event) => setInput(event.currentTarget.value)}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={
            input ? <CloseButton aria-label={t('browse.clearText')} onClick={clear} size="sm" /> : null
          }
          type="search"
          autoComplete="off"
        />
        <NativeSelect
          className={classes.sort}
          label={t('browse.sortBy')}
          value={sort}
          onChange={(event) => {
            const next = event.currentTarget.value as VideoSort;
            startTransition(() => setSort(next));
          }}
          data={SORTS.map((value) => ({ value, label: t(`sort.${value}`) }))}
        />
      </div>
      <p className={classes.count} aria-live="polite" data-testid="video-count">
        {isError
          ? t('browse.error')
          : noMatch
            ? ''
            : query
              ? t('browse.matches', { count: total, query })
              : t('browse.showingAll', { count: formatFullCount(total) })}
      </p>
      {noMatch ? (
        <div className={classes.empty}>
          <p>{t('browse.noMatch', { query })}</p>
          <Button variant="default" radius="xl" onClick={clear}>
            {t('browse.clearSearch')}
          </Button>
        </div>
      ) : (
        <div
          ref={listRef}
          className={classes.rows}
          style={{ height: virtualizer.getTotalSize(), opacity: isPlaceholderData ? 0.6 : 1 }}
          aria-busy={isPlaceholderData || isFetchingNextPage}
        >
          {rows.map((row) => {
            const start = row.index * cols;
            const slice = videos.slice(start, start + cols);
            return (
              <div
                key={row.key}
                data-index={row.index}
                ref={virtualizer.measureElement}
                className={classes.row}
                style={{ transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)` }}
              >
                <div className={classes.grid} data-columns={columns}>
                  {slice.length > 0
                    ? slice.map((video) => (
                        <VideoCard
                          key={video.id}
                          video={video}
                          playing={video.id === playingId}
                          onPlay={onPlay}
                          now={now}
                        />
                      ))
                    : Array.from({ length: cols }, (_, i) => <VideoCardSkeleton key={i} />)}
                </div>
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}
