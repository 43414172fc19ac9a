import type { WatchTranscript } from '@app/contracts/transcripts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { createPlayerTime } from './player-time';
import { FOLLOW_PAUSE_MS, Transcript } from './transcript';

const transcript: WatchTranscript = {
  source: 'youtube',
  language: 'en',
  kind: 'asr',
  paragraphs: [
    { start: 0, end: 28.5, text: 'welcome back to the channel' },
    { start: 30.2, end: 58, text: 'today we build a shed' },
    { start: 61, end: 3725, text: 'first the floor' },
  ],
};

function setup(track: WatchTranscript = transcript) {
  const time = createPlayerTime();
  const onPlayFrom = jest.fn();
  let commits = 0;
  const view = render(
    <Profiler id="transcript" onRender={() => (commits += 1)}>
      <Transcript videoId="abc" transcript={track} time={time} onPlayFrom={onPlayFrom} />
    </Profiler>,
  );
  const box = view.container.querySelector('details')!;
  const list = view.container.querySelector('ol')!;
  const links = [...list.querySelectorAll('a')];
  // jsdom lays nothing out: each paragraph 100 px below the one before it.
  links.forEach((link, i) =>
    Object.defineProperty(link.parentElement, 'offsetTop', { configurable: true, value: i * 100 }),
  );
  return { time, onPlayFrom, box, list, links, commits: () => commits };
}

const current = (links: HTMLAnchorElement[]) =>
  links.flatMap((link, i) => (link.getAttribute('aria-current') === 'true' ? [i] : []));

describe('the transcript of a watch page', () => {
  it('is a closed disclosure titled Transcript, with the track’s language and source', () => {
    const { box } = setup();
    expect(box.open).toBe(false);
    const summary = box.querySelector('summary')!;
    expect(summary).toHaveAttribute('data-no-app');
    expect(screen.getByRole('heading', { level: 2, name: 'Transcript' })).toBeInTheDocument();
    expect(summary).toHaveTextContent('English · Auto-generated captions');
  });

  it('says where a track comes from: YouTube’s written captions, or nothing more for the owner’s file', () => {
    const youtube = setup({ ...transcript, kind: 'standard', language: 'ja' });
    expect(youtube.box.querySelector('summary')).toHaveTextContent('Japanese · Captions from YouTube');
    youtube.box.remove();
    const upload = setup({ ...transcript, source: 'upload', kind: 'standard', language: 'pt-BR' });
    expect(upload.box.querySelector('summary')!.textContent).toBe('TranscriptBrazilian Portuguese');
  });

  it('links each paragraph to the page at its start, showing its time and its text', () => {
    const { links, list } = setup();
    expect(list).toHaveAttribute('lang', 'en');
    expect(links.map((a) => [a.getAttribute('href'), a.textContent])).toEqual([
      ['/videos/abc?t=0', '0:00welcome back to the channel'],
      ['/videos/abc?t=30', '0:30today we build a shed'],
      ['/videos/abc?t=61', '1:01first the floor'],
    ]);
  });

  it('plays from a paragraph on a click, and leaves a click with a modifier (a new tab) to the browser', () => {
    const { links, onPlayFrom } = setup();
    expect(fireEvent.click(links[1])).toBe(false);
    expect(onPlayFrom).toHaveBeenCalledWith(30.2);
    expect(fireEvent.click(links[2], { ctrlKey: true })).toBe(true);
    expect(onPlayFrom).toHaveBeenCalledTimes(1);
  });

  it('marks the paragraph being said from the player’s time, rendering again only when it changes', () => {
    const { time, links, commits } = setup();
    expect(current(links)).toEqual([]);
    const before = commits();
    act(() => time.set(3));
    expect(current(links)).toEqual([0]);
    const marked = commits();
    expect(marked).toBe(before + 1);
    // Reports within the same paragraph (a few a second) render nothing.
    act(() => [4, 5.5, 12, 29.9].forEach((s) => time.set(s)));
    expect(commits()).toBe(marked);
    act(() => time.set(62));
    expect(current(links)).toEqual([2]);
    act(() => time.set(4000));
    expect(current(links)).toEqual([]);
  });

  it('scrolls an open box to the paragraph being said, never a closed one', () => {
    const { time, box, list } = setup();
    act(() => time.set(31));
    expect(list.scrollTop).toBe(0);
    box.open = true;
    act(() => time.set(62));
    expect(list.scrollTop).toBe(200);
  });

  it('leaves the box where the visitor scrolled it for a while, then follows again', () => {
    jest.useFakeTimers({ now: 1_000_000 });
    try {
      const { time, box, list } = setup();
      box.open = true;
      fireEvent.wheel(list);
      act(() => time.set(31));
      expect(list.scrollTop).toBe(0);
      jest.advanceTimersByTime(FOLLOW_PAUSE_MS + 1);
      act(() => time.set(62));
      expect(list.scrollTop).toBe(200);
    } finally {
      jest.useRealTimers();
    }
  });
});
