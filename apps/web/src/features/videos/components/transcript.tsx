import { t } from '../../../i18n/i18n';
import { formatTimestamp } from '@app/contracts/chapters';
import { paragraphAt, type TranscriptParagraph, type WatchTranscript } from '@app/contracts/transcripts';
import { watchPathAt } from '@app/contracts/watch';
import { memo, type MouseEvent, useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { formatLanguageName } from '../../../lib/format';
import type { PlayerTime } from './player-time';
import classes from './transcript.module.css';

/** How long the box stays where the visitor scrolled it before it follows the video again. */
export const FOLLOW_PAUSE_MS = 5000;

/** What the track is: its language, and who wrote it when that is not the owner's own file. */
function trackLabel(transcript: WatchTranscript): string {
  const language = formatLanguageName(transcript.language);
  if (transcript.kind === 'asr') return `${language} · ${t('watch.transcriptAuto')}`;
  if (transcript.source === 'youtube') return `${language} · ${t('watch.transcriptYouTube')}`;
  return language;
}

const plainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/** One paragraph: a link to the page at its start, which a click plays from there (as a chapter's). */
const Paragraph = memo(function Paragraph({
  videoId,
  paragraph,
  current,
  onPlayFrom,
}: {
  videoId: string;
  paragraph: TranscriptParagraph;
  current: boolean;
  onPlayFrom: (seconds: number) => void;
}) {
  return (
    <li>
      <a
        href={watchPathAt(videoId, paragraph.start)}
        className={classes.cue}
        aria-current={current ? 'true' : undefined}
        onClick={(event) => {
          if (!plainClick(event)) return;
          event.preventDefault();
          onPlayFrom(paragraph.start);
        }}
      >
        <span>{formatTimestamp(paragraph.start)}</span>
        {paragraph.text}
      </a>
    </li>
  );
});

/**
 * What is said in the video, under its description: a disclosure, closed at first, that opens without script (its
 * text is in the server's HTML for readers and crawlers). Each paragraph links to the page at its start
 * (`?t=`); once the app runs a click plays from there. While the video plays, the paragraph being said is marked
 * (`aria-current`) from the player's own time reports (`time`), and an open box scrolls to it, unless the visitor
 * scrolled the box in the last {@link FOLLOW_PAUSE_MS}. Only this component follows the time, and only a
 * paragraph whose mark changes renders again.
 */
export function Transcript({
  videoId,
  transcript,
  time,
  onPlayFrom,
}: {
  videoId: string;
  transcript: WatchTranscript;
  time: PlayerTime;
  onPlayFrom: (seconds: number) => void;
}) {
  const { paragraphs } = transcript;
  const current = useSyncExternalStore(
    time.subscribe,
    () => paragraphAt(paragraphs, time.get()),
    () => -1,
  );
  const box = useRef<HTMLDetailsElement>(null);
  const list = useRef<HTMLOListElement>(null);
  // When the visitor last scrolled (or touched) the box.
  const touched = useRef(-Infinity);
  const touch = () => {
    touched.current = performance.now();
  };
  const play = useRef(onPlayFrom);
  play.current = onPlayFrom;
  const playFrom = useCallback((seconds: number) => play.current(seconds), []);

  useEffect(() => {
    const items = list.current;
    if (current < 0 || !items || !box.current?.open) return;
    if (performance.now() - touched.current < FOLLOW_PAUSE_MS) return;
    const item = items.children[current];
    // The list is the items' offset parent (position: relative): this scrolls the box alone, never the page.
    if (item instanceof HTMLElement) items.scrollTop = item.offsetTop;
  }, [current]);

  return (
    <section aria-labelledby="transcript-title" className={classes.transcript}>
      <details ref={box} className={classes.box}>
        {/* Opens without the app (boot.ts leaves clicks inside [data-no-app] to the browser). */}
        <summary className={classes.summary} data-no-app="">
          <h2 id="transcript-title" className={classes.title}>
            {t('watch.transcript')}
          </h2>
          {/* The language's name comes from the browser's Intl, which may word it unlike the server's. */}
          <span className={classes.track} suppressHydrationWarning>
            {trackLabel(transcript)}
          </span>
        </summary>
        <ol
          ref={list}
          className={classes.list}
          lang={transcript.language}
          onWheel={touch}
          onTouchMove={touch}
          onPointerDown={touch}
          onKeyDown={touch}
        >
          {paragraphs.map((paragraph, i) => (
            <Paragraph
              key={paragraph.start}
              videoId={videoId}
              paragraph={paragraph}
              current={i === current}
              onPlayFrom={playFrom}
            />
          ))}
        </ol>
      </details>
    </section>
  );
}
