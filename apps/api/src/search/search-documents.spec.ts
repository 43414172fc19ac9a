import type { TranscriptCue } from '@app/contracts';
import {
  DESCRIPTION_ENTRY,
  entryKind,
  FIRST_PASSAGE_ENTRY,
  momentAt,
  PASSAGE_SECONDS,
  searchEntries,
} from './search-documents';

const source = (transcripts: TranscriptCue[][] = [], description: string | null = null) => ({
  id: 'v1',
  title: 'A title',
  description,
  durationSeconds: 600,
  transcripts,
});

describe('searchEntries', () => {
  it('numbers the title, the chapters (with their start), the description, then the passages', () => {
    const entries = searchEntries(
      source([[{ start: 1, end: 2, text: 'Hi.' }]], 'About it\n0:00 Intro\n2:00 Middle\n5:00 End'),
    );
    expect(entries.map((e) => [e.entry, entryKind(e.entry), e.text, e.marks])).toEqual([
      [0, 'title', 'A title', null],
      [1, 'chapter', 'Intro', [[0, 0]]],
      [2, 'chapter', 'Middle', [[0, 120_000]]],
      [3, 'chapter', 'End', [[0, 300_000]]],
      [DESCRIPTION_ENTRY, 'description', 'About it\n0:00 Intro\n2:00 Middle\n5:00 End', null],
      [FIRST_PASSAGE_ENTRY, 'transcript', 'Hi.', [[0, 1000]]],
    ]);
  });

  it('groups cues into passages of about PASSAGE_SECONDS, each cue marked with its start', () => {
    const cues = Array.from({ length: 40 }, (_, i) => ({ start: i * 3, end: i * 3 + 3, text: `cue${i}` }));
    const passages = searchEntries(source([cues])).filter((e) => entryKind(e.entry) === 'transcript');
    expect(passages).toHaveLength(Math.ceil(40 / (PASSAGE_SECONDS / 3)));
    expect(passages[0].text).toBe('cue0 cue1 cue2 cue3 cue4 cue5 cue6 cue7 cue8 cue9');
    expect(passages[0].marks!.slice(0, 2)).toEqual([
      [0, 0],
      [5, 3000],
    ]);
    // The next passage begins with the cue before it: no pause parts them.
    expect(passages[1].text.startsWith('cue9 cue10')).toBe(true);
    expect(passages[1].marks![1]).toEqual([5, 30_000]);
  });

  it('carries no cue over a pause, and keeps tracks apart', () => {
    const entries = searchEntries(
      source([
        [
          { start: 0, end: 2, text: 'first' },
          { start: 60, end: 62, text: 'later' },
        ],
        [{ start: 0, end: 2, text: 'premier' }],
      ]),
    );
    expect(entries.filter((e) => entryKind(e.entry) === 'transcript').map((e) => e.text)).toEqual([
      'first',
      'later',
      'premier',
    ]);
  });

  it('skips an empty title or description', () => {
    expect(searchEntries({ ...source([], '  '), title: '' })).toEqual([]);
  });
});

describe('momentAt', () => {
  it('is the start of the cue an offset falls in', () => {
    const marks: [number, number][] = [
      [0, 1000],
      [10, 4500],
      [20, 9000],
    ];
    expect(momentAt(marks, 0)).toBe(1);
    expect(momentAt(marks, 15)).toBe(4.5);
    expect(momentAt(marks, 99)).toBe(9);
  });
});
